import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { forgotPasswordRequestSchema, PASSWORD_RESET_MINUTES, type ForgotPasswordRequest } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { auth_back_to_login } from '@/paraglide/messages/auth_back_to_login.js';
import { auth_email } from '@/paraglide/messages/auth_email.js';
import { auth_forgot_intro } from '@/paraglide/messages/auth_forgot_intro.js';
import { auth_forgot_offline } from '@/paraglide/messages/auth_forgot_offline.js';
import { auth_forgot_page } from '@/paraglide/messages/auth_forgot_page.js';
import { auth_forgot_sent } from '@/paraglide/messages/auth_forgot_sent.js';
import { auth_forgot_submit } from '@/paraglide/messages/auth_forgot_submit.js';
import { auth_forgot_title } from '@/paraglide/messages/auth_forgot_title.js';
import classes from './auth.module.css';

/** Asks for a reset link by email; the answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordRequest>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: contractResolver(forgotPasswordRequestSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(values);
      // The answer is the same for every email, so it is said in the page's language rather than the server's.
      setSent(auth_forgot_sent({ minutes: PASSWORD_RESET_MINUTES }));
    } catch (error) {
      setFailure(applyServerError(form, error, auth_forgot_offline()));
    }
  });

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page={auth_forgot_page()} />
        <Title order={1} className={classes.title}>
          {auth_forgot_title()}
        </Title>
        {sent ? (
          <Alert color="green" variant="light" role="status" mt="md">
            {sent}
          </Alert>
        ) : (
          <>
            <Text c="dimmed" mb="lg">
              {auth_forgot_intro()}
            </Text>
            <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={auth_forgot_page()}>
              <Stack gap="md">
                {failure ? (
                  <Alert color="red" variant="light" role="alert">
                    {failure}
                  </Alert>
                ) : null}
                <TextInput
                  label={auth_email()}
                  type="email"
                  autoComplete="email"
                  withAsterisk
                  {...form.getInputProps('email')}
                />
                <Button type="submit" loading={forgot.isPending} fullWidth>
                  {auth_forgot_submit()}
                </Button>
              </Stack>
            </form>
          </>
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
