import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@/contract/user';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { account_change_password } from '@/paraglide/messages/account_change_password.js';
import { account_change_password_offline } from '@/paraglide/messages/account_change_password_offline.js';
import { account_current_password } from '@/paraglide/messages/account_current_password.js';
import { account_new_password } from '@/paraglide/messages/account_new_password.js';
import { account_new_password_hint } from '@/paraglide/messages/account_new_password_hint.js';
import { account_password_changed } from '@/paraglide/messages/account_password_changed.js';
import { account_password_changed_message } from '@/paraglide/messages/account_password_changed_message.js';
import { useChangePassword } from '../api/change-password';

/** The current password and a new one; the other devices signed in are logged out. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordRequest>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '' },
    validate: contractResolver(changePasswordRequestSchema),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangePassword();
  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={account_change_password()}
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await change.mutateAsync(values);
          form.reset();
          notifications.show({
            color: 'green',
            title: account_password_changed(),
            message: account_password_changed_message(),
          });
        } catch (error) {
          setFailure(applyServerError(form, error, account_change_password_offline()));
        }
      })}
    >
      <Stack gap="sm" maw={480}>
        <Title order={2} fz="lg">
          {account_change_password()}
        </Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <PasswordInput
          label={account_current_password()}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label={account_new_password()}
          description={account_new_password_hint()}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('new_password')}
        />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {account_change_password()}
        </Button>
      </Stack>
    </form>
  );
}
