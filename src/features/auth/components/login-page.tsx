import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { loginRequestSchema, type LoginRequest } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
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
    validate: schemaResolver(loginRequestSchema, { sync: true }),
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
      setFailure(applyServerError(form, error, 'You are offline. Logging in needs the network.'));
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
        <DocumentTitle page="Log in" />
        <Title order={1} className={classes.title}>
          Log in
        </Title>
        <Text c="dimmed" mb="lg">
          Apply to auditions, build your profile, shop: your applications, messages and orders are waiting.
        </Text>
        <form ref={focusFirstError} onSubmit={submit} noValidate aria-label="Log in">
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            {linkMailed ? (
              <Alert color="blue" variant="light" role="status" title="Check your email">
                {linkMailed}
              </Alert>
            ) : null}
            <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <Anchor component={Link} to="/forgot-password" fz="sm" ta="right">
              Forgot password?
            </Anchor>
            <Button type="submit" loading={login.isPending} fullWidth>
              Log in
            </Button>
          </Stack>
        </form>
        {phoneSignIn ? (
          <Button variant="default" fullWidth mt="md" onClick={() => setByPhone(true)}>
            Use a mobile number instead
          </Button>
        ) : null}
        <Text mt="lg" ta="center">
          New here?{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/register" search={{ redirect }} />}>
            Create an account
          </Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
