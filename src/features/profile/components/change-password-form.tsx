import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

/** The current password and a new one; the other devices signed in are logged out. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordRequest>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '' },
    validate: schemaResolver(changePasswordRequestSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangePassword();
  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label="Change password"
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          const { message } = await change.mutateAsync(values);
          form.reset();
          notifications.show({ color: 'green', title: 'Password changed', message });
        } catch (error) {
          setFailure(applyServerError(form, error, 'You are offline. Changing your password needs the network.'));
        }
      })}
    >
      <Stack gap="sm" maw={480}>
        <Title order={2} fz="lg">
          Change password
        </Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters. Your other devices will be logged out."
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('new_password')}
        />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
