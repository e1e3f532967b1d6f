import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import classes from './auth.module.css';

export interface ResetPasswordPageProps {
  /** The token of the mailed link. */
  token: string;
}

/** Chooses a new password with a mailed link's token; afterwards every session has ended, so the user logs in. */
export function ResetPasswordPage({ token }: ResetPasswordPageProps) {
  const form = useForm<ResetPasswordRequest>({
    mode: 'controlled',
    initialValues: { token, password: '' },
    validate: schemaResolver(resetPasswordRequestSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetPassword();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      setDone((await reset.mutateAsync(values)).message);
    } catch (error) {
      setFailure(applyServerError(form, error, 'You are offline. Choosing a new password needs the network.'));
    }
  });
  const tokenError = form.errors.token;

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page="New password" />
        <Title order={1} className={classes.title}>
          Choose a new password
        </Title>
        {done ? (
          <>
            <Alert color="green" variant="light" role="status" mt="md">
              {done}
            </Alert>
            <Button component={Link} to="/login" fullWidth mt="md">
              Log in
            </Button>
          </>
        ) : (
          <form ref={focusFirstError} onSubmit={submit} noValidate aria-label="Reset password">
            <Stack gap="md" mt="md">
              {failure ? (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              ) : null}
              {tokenError ? (
                <Alert color="red" variant="light" role="alert">
                  {tokenError}{' '}
                  <Anchor component={Link} to="/forgot-password">
                    Ask for a new link
                  </Anchor>
                </Alert>
              ) : null}
              <PasswordInput
                label="New password"
                description="At least 8 characters. Choosing it logs you out on every device."
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={reset.isPending} fullWidth>
                Save new password
              </Button>
            </Stack>
          </form>
        )}
        <Text mt="lg" ta="center">
          <Anchor component={Link} to="/login">
            Back to log in
          </Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
