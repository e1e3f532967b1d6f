import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { auth_email } from '@/paraglide/messages/auth_email.js';
import { auth_password } from '@/paraglide/messages/auth_password.js';
import { phone_use_mobile } from '@/paraglide/messages/phone_use_mobile.js';
import { register_have_account } from '@/paraglide/messages/register_have_account.js';
import { register_intro } from '@/paraglide/messages/register_intro.js';
import { register_log_in } from '@/paraglide/messages/register_log_in.js';
import { register_mobile } from '@/paraglide/messages/register_mobile.js';
import { register_name } from '@/paraglide/messages/register_name.js';
import { register_offline } from '@/paraglide/messages/register_offline.js';
import { register_page_title } from '@/paraglide/messages/register_page_title.js';
import { register_password_hint } from '@/paraglide/messages/register_password_hint.js';
import { register_submit } from '@/paraglide/messages/register_submit.js';
import { register_title } from '@/paraglide/messages/register_title.js';
import { useRegister } from '../api/register';
import { PhoneSignInPanel } from './phone-sign-in-panel';
import classes from './auth.module.css';

export interface RegisterPageProps {
  redirect: string;
  onSignedIn: () => void;
  /** The server can send codes by SMS: offer the mobile number instead of email. */
  phoneSignIn?: boolean;
}

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  phone: string;
}

export function RegisterPage({ redirect, onSignedIn, phoneSignIn = false }: RegisterPageProps) {
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', phone: '' },
    validate: contractResolver(registerRequestSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const registration = useRegister();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      // An account made on a Hindi page reads Hindi: the request carries the page's language.
      await registration.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      setFailure(applyServerError(form, error, register_offline()));
    }
  });

  const [byPhone, setByPhone] = useState(false);
  if (byPhone) {
    return (
      <PhoneSignInPanel
        purpose="register"
        redirect={redirect}
        onSignedIn={onSignedIn}
        onUseEmail={() => setByPhone(false)}
      />
    );
  }

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={register_page_title()} />
        <Title order={1} className={classes.title}>
          {register_title()}
        </Title>
        <Text c="dimmed" mb="lg">
          {register_intro()}
        </Text>
        <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={register_page_title()}>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            <TextInput label={register_name()} autoComplete="name" withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label={auth_email()}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={auth_password()}
              description={register_password_hint({ min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <TextInput
              label={register_mobile()}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="98765 43210"
              {...form.getInputProps('phone')}
            />
            <Button type="submit" loading={registration.isPending} fullWidth>
              {register_submit()}
            </Button>
          </Stack>
        </form>
        {phoneSignIn ? (
          <Button variant="default" fullWidth mt="md" onClick={() => setByPhone(true)}>
            {phone_use_mobile()}
          </Button>
        ) : null}
        <Text mt="lg" ta="center">
          {register_have_account()}{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>
            {register_log_in()}
          </Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
