import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { phoneLoginStartSchema, phoneRegisterStartSchema, phoneSchema, type PhoneCodeResponse } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { usePhoneCode, usePhoneLogin, usePhoneRegister } from '../api/phone-sign-in';
import { PhoneCodeStep } from './phone-code-step';
import classes from './auth.module.css';

export interface PhoneSignInPanelProps {
  purpose: 'login' | 'register';
  /** Where to go after signing in, kept on the link to the other page. */
  redirect: string;
  onSignedIn: () => void;
  /** Back to the email form. */
  onUseEmail: () => void;
}

const words = {
  login: {
    page: 'Log in',
    title: 'Log in with your mobile number',
    intro: 'We will send a 6-digit code by SMS to the number on your account.',
  },
  register: {
    page: 'Create account',
    title: 'Create your account with a mobile number',
    intro: 'No email or password needed: we will send a 6-digit code by SMS to confirm the number is yours.',
  },
} as const;

/** Logging in or registering with an Indian mobile number: the number (and name), then the code sent to it. */
export function PhoneSignInPanel({ purpose, redirect, onSignedIn, onUseEmail }: PhoneSignInPanelProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', phone: '' },
    // Logging in asks for the number alone; the name field is not shown then. (One type for both forms' values.)
    validate: schemaResolver(
      (purpose === 'register' ? phoneRegisterStartSchema : phoneLoginStartSchema) as typeof phoneRegisterStartSchema,
      { sync: true },
    ),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ answer: PhoneCodeResponse; at: number } | null>(null);
  const phoneCode = usePhoneCode();
  const phoneLogin = usePhoneLogin();
  const phoneRegister = usePhoneRegister();
  const text = words[purpose];

  const ask = async (phone: string) => {
    setSent(await phoneCode.mutateAsync({ phone, purpose }));
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await ask(phoneSchema.parse(values.phone));
    } catch (error) {
      setFailure(applyServerError(form, error, 'You are offline. Sending a code needs the network.'));
    }
  });

  return (
    <PageContainer>
      <div className={`${classes.panel} ${classes.readableErrors}`}>
        <DocumentTitle page={text.page} />
        <Title order={1} className={classes.title}>
          {text.title}
        </Title>
        {sent ? (
          <PhoneCodeStep
            key={sent.at}
            sent={sent.answer}
            sentAt={sent.at}
            busy={phoneLogin.isPending || phoneRegister.isPending}
            onCode={async (code) => {
              const phone = sent.answer.phone;
              if (purpose === 'login') await phoneLogin.mutateAsync({ phone, code });
              else await phoneRegister.mutateAsync({ name: form.getValues().name, phone, code });
              onSignedIn();
            }}
            onResend={() => ask(sent.answer.phone)}
            onChangeNumber={() => setSent(null)}
          />
        ) : (
          <>
            <Text c="dimmed" mb="lg">
              {text.intro}
            </Text>
            <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={text.title}>
              <Stack gap="md">
                {failure ? (
                  <Alert color="red" variant="light" role="alert">
                    {failure}
                  </Alert>
                ) : null}
                {purpose === 'register' ? (
                  <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
                ) : null}
                <TextInput
                  label="Mobile number"
                  description="10 digits, with or without +91"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="98765 43210"
                  withAsterisk
                  {...form.getInputProps('phone')}
                />
                <Button type="submit" loading={phoneCode.isPending} fullWidth>
                  Send code
                </Button>
              </Stack>
            </form>
          </>
        )}
        <Button variant="default" fullWidth mt="lg" onClick={onUseEmail}>
          Use email instead
        </Button>
        <Text mt="lg" ta="center">
          {purpose === 'login' ? (
            <>
              New here?{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/register" search={{ redirect }} />}>
                Create an account
              </Anchor>
            </>
          ) : (
            <>
              Already have an account?{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>Log in</Anchor>
            </>
          )}
        </Text>
      </div>
    </PageContainer>
  );
}
