import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { loginRequestSchema, type LoginRequest } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { m } from '@/paraglide/messages';
import { useLogin } from '../api/login';
import classes from './auth.module.css';

export interface LoginPageProps {
  /** Where to go after signing in: the page that asked for it. */
  redirect: string;
  onSignedIn: () => void;
}

export function LoginPage({ redirect, onSignedIn }: LoginPageProps) {
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
      setFailure(applyServerError(form, error, m.login_offline()));
    }
  });

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={m.login_title()} />
        <Title order={1} className={classes.title}>
          {m.login_title()}
        </Title>
        <Text c="dimmed" mb="lg">
          {m.login_intro()}
        </Text>
        <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={m.login_title()}>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            {linkMailed ? (
              <Alert color="blue" variant="light" role="status" title={m.login_check_email()}>
                {linkMailed}
              </Alert>
            ) : null}
            <TextInput
              label={m.auth_email()}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={m.auth_password()}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <Anchor component={Link} to="/forgot-password" fz="sm" ta="right">
              {m.login_forgot()}
            </Anchor>
            <Button type="submit" loading={login.isPending} fullWidth>
              {m.login_title()}
            </Button>
          </Stack>
        </form>
        <Text mt="lg" ta="center">
          {m.login_new_here()}{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/register" search={{ redirect }} />}>
            {m.login_create_account()}
          </Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
