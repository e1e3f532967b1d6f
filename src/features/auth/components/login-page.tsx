import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { loginRequestSchema, type LoginRequest } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { auth_email } from '@/paraglide/messages/auth_email.js';
import { auth_password } from '@/paraglide/messages/auth_password.js';
import { login_check_email } from '@/paraglide/messages/login_check_email.js';
import { login_create_account } from '@/paraglide/messages/login_create_account.js';
import { login_forgot } from '@/paraglide/messages/login_forgot.js';
import { login_intro } from '@/paraglide/messages/login_intro.js';
import { login_new_here } from '@/paraglide/messages/login_new_here.js';
import { login_offline } from '@/paraglide/messages/login_offline.js';
import { login_title } from '@/paraglide/messages/login_title.js';
import { phone_use_mobile } from '@/paraglide/messages/phone_use_mobile.js';
import { useLogin } from '../api/login';
import { PhoneSignInPanel } from './phone-sign-in-panel';
import classes from './auth.module.css';

export interface LoginPageProps {
  /** Where to go after signing in: the page that asked for it. */
  redirect: string;
  onSignedIn: () => void;
  /** The server can send codes by SMS: offer the mobile number instead of email. */
  phoneSignIn?: boolean;
}

export function LoginPage({ redirect, onSignedIn, phoneSignIn = false }: LoginPageProps) {
  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: contractResolver(loginRequestSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Said when the account is being guessed at and this device is new to it: the session comes by mail.
  const [linkMailed, setLinkMailed] = useState<string | null>(null);
  const login = useLogin();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setLinkMailed(null);
    try {
      const answer = await login.mutateAsync(values);
      if ('token' in answer) {
        onSignedIn();
        return;
      }
      form.setFieldValue('password', '');
      setLinkMailed(answer.message);
    } catch (error) {
      setFailure(applyServerError(form, error, login_offline()));
    }
  });

  const [byPhone, setByPhone] = useState(false);
  if (byPhone) {
    return (
      <PhoneSignInPanel
        purpose="login"
        redirect={redirect}
        onSignedIn={onSignedIn}
        onUseEmail={() => setByPhone(false)}
      />
    );
  }

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={login_title()} />
        <Title order={1} className={classes.title}>
          {login_title()}
        </Title>
        <Text c="dimmed" mb="lg">
          {login_intro()}
        </Text>
        <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={login_title()}>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            {linkMailed ? (
              <Alert color="blue" variant="light" role="status" title={login_check_email()}>
                {linkMailed}
              </Alert>
            ) : null}
            <TextInput
              label={auth_email()}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={auth_password()}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <Anchor component={Link} to="/forgot-password" fz="sm" ta="right">
              {login_forgot()}
            </Anchor>
            <Button type="submit" loading={login.isPending} fullWidth>
              {login_title()}
            </Button>
          </Stack>
        </form>
        {phoneSignIn ? (
          <Button variant="default" fullWidth mt="md" onClick={() => setByPhone(true)}>
            {phone_use_mobile()}
          </Button>
        ) : null}
        <Text mt="lg" ta="center">
          {login_new_here()}{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/register" search={{ redirect }} />}>
            {login_create_account()}
          </Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
