import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import classes from './auth.module.css';

/** Asks for a reset link by email; the answer is the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordRequest>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordRequestSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (error) {
      setFailure(applyServerError(form, error, 'You are offline. Asking for a reset link needs the network.'));
    }
  });

  return (
    <PageContainer>
      <div className={classes.panel}>
        <DocumentTitle page="Forgot password" />
        <Title order={1} className={classes.title}>
          Forgot your password?
        </Title>
        {sent ? (
          <Alert color="green" variant="light" role="status" mt="md">
            {sent}
          </Alert>
        ) : (
          <>
            <Text c="dimmed" mb="lg">
              Enter the email of your account and we will send you a link to choose a new password.
            </Text>
            <form ref={focusFirstError} onSubmit={submit} noValidate aria-label="Forgot password">
              <Stack gap="md">
                {failure ? (
                  <Alert color="red" variant="light" role="alert">
                    {failure}
                  </Alert>
                ) : null}
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  withAsterisk
                  {...form.getInputProps('email')}
                />
                <Button type="submit" loading={forgot.isPending} fullWidth>
                  Send reset link
                </Button>
              </Stack>
            </form>
          </>
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
