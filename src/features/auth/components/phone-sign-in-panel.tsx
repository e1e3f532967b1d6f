import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { phoneLoginStartSchema, phoneRegisterStartSchema, phoneSchema, type PhoneCodeResponse } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { login_create_account } from '@/paraglide/messages/login_create_account.js';
import { login_new_here } from '@/paraglide/messages/login_new_here.js';
import { login_title } from '@/paraglide/messages/login_title.js';
import { phone_login_intro } from '@/paraglide/messages/phone_login_intro.js';
import { phone_login_title } from '@/paraglide/messages/phone_login_title.js';
import { phone_number } from '@/paraglide/messages/phone_number.js';
import { phone_number_hint } from '@/paraglide/messages/phone_number_hint.js';
import { phone_register_intro } from '@/paraglide/messages/phone_register_intro.js';
import { phone_register_title } from '@/paraglide/messages/phone_register_title.js';
import { phone_send_code } from '@/paraglide/messages/phone_send_code.js';
import { phone_send_offline } from '@/paraglide/messages/phone_send_offline.js';
import { phone_use_email } from '@/paraglide/messages/phone_use_email.js';
import { register_have_account } from '@/paraglide/messages/register_have_account.js';
import { register_log_in } from '@/paraglide/messages/register_log_in.js';
import { register_name } from '@/paraglide/messages/register_name.js';
import { register_page_title } from '@/paraglide/messages/register_page_title.js';
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

// Messages, read when rendered: the page's language is known then, not at import.
const words = {
  login: { page: login_title, title: phone_login_title, intro: phone_login_intro },
  register: { page: register_page_title, title: phone_register_title, intro: phone_register_intro },
} as const;

/** Logging in or registering with an Indian mobile number: the number (and name), then the code sent to it. */
export function PhoneSignInPanel({ purpose, redirect, onSignedIn, onUseEmail }: PhoneSignInPanelProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', phone: '' },
    // Logging in asks for the number alone; the name field is not shown then. (One type for both forms' values.)
    validate: contractResolver(
      (purpose === 'register' ? phoneRegisterStartSchema : phoneLoginStartSchema) as typeof phoneRegisterStartSchema,
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
      setFailure(applyServerError(form, error, phone_send_offline()));
    }
  });

  return (
    <PageContainer>
      <div className={`${classes.panel} ${classes.readableErrors}`}>
        <DocumentTitle page={text.page()} />
        <Title order={1} className={classes.title}>
          {text.title()}
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
              else {
                // An account made on a Hindi page reads Hindi: the request carries the page's language.
                await phoneRegister.mutateAsync({ name: form.getValues().name, phone, code });
              }
              onSignedIn();
            }}
            onResend={() => ask(sent.answer.phone)}
            onChangeNumber={() => setSent(null)}
          />
        ) : (
          <>
            <Text c="dimmed" mb="lg">
              {text.intro()}
            </Text>
            <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={text.title()}>
              <Stack gap="md">
                {failure ? (
                  <Alert color="red" variant="light" role="alert">
                    {failure}
                  </Alert>
                ) : null}
                {purpose === 'register' ? (
                  <TextInput label={register_name()} autoComplete="name" withAsterisk {...form.getInputProps('name')} />
                ) : null}
                <TextInput
                  label={phone_number()}
                  description={phone_number_hint()}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="98765 43210"
                  withAsterisk
                  {...form.getInputProps('phone')}
                />
                <Button type="submit" loading={phoneCode.isPending} fullWidth>
                  {phone_send_code()}
                </Button>
              </Stack>
            </form>
          </>
        )}
        <Button variant="default" fullWidth mt="lg" onClick={onUseEmail}>
          {phone_use_email()}
        </Button>
        <Text mt="lg" ta="center">
          {purpose === 'login' ? (
            <>
              {login_new_here()}{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/register" search={{ redirect }} />}>
                {login_create_account()}
              </Anchor>
            </>
          ) : (
            <>
              {register_have_account()}{' '}
              <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>
                {register_log_in()}
              </Anchor>
            </>
          )}
        </Text>
      </div>
    </PageContainer>
  );
}
