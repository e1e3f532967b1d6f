import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { auth_back_to_login } from '@/paraglide/messages/auth_back_to_login.js';
import { auth_log_in } from '@/paraglide/messages/auth_log_in.js';
import { auth_reset_done } from '@/paraglide/messages/auth_reset_done.js';
import { auth_reset_form } from '@/paraglide/messages/auth_reset_form.js';
import { auth_reset_hint } from '@/paraglide/messages/auth_reset_hint.js';
import { auth_reset_new_link } from '@/paraglide/messages/auth_reset_new_link.js';
import { auth_reset_offline } from '@/paraglide/messages/auth_reset_offline.js';
import { auth_reset_page } from '@/paraglide/messages/auth_reset_page.js';
import { auth_reset_password } from '@/paraglide/messages/auth_reset_password.js';
import { auth_reset_submit } from '@/paraglide/messages/auth_reset_submit.js';
import { auth_reset_title } from '@/paraglide/messages/auth_reset_title.js';
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
    validate: contractResolver(resetPasswordRequestSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetPassword();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync(values);
      // One answer for every reset: said in the page's language rather than the server's.
      setDone(auth_reset_done());
    } catch (error) {
      setFailure(applyServerError(form, error, auth_reset_offline()));
    }
  });
  const tokenError = form.errors.token;

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={auth_reset_page()} />
        <Title order={1} className={classes.title}>
          {auth_reset_title()}
        </Title>
        {done ? (
          <>
            <Alert color="green" variant="light" role="status" mt="md">
              {done}
            </Alert>
            <Button component={Link} to="/login" fullWidth mt="md">
              {auth_log_in()}
            </Button>
          </>
        ) : (
          <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={auth_reset_form()}>
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
                    {auth_reset_new_link()}
                  </Anchor>
                </Alert>
              ) : null}
              <PasswordInput
                label={auth_reset_password()}
                description={auth_reset_hint()}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={reset.isPending} fullWidth>
                {auth_reset_submit()}
              </Button>
            </Stack>
          </form>
        )}
        <Text mt="lg" ta="center">
          <Anchor component={Link} to="/login">
            {auth_back_to_login()}
          </Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
