import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@/contract/user';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
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
    validate: schemaResolver(registerRequestSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const registration = useRegister();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await registration.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      setFailure(applyServerError(form, error, 'You are offline. Creating an account needs the network.'));
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
        <DocumentTitle page="Create account" />
        <Title order={1} className={classes.title}>
          Create your account
        </Title>
        <Text c="dimmed" mb="lg">
          One account to apply to auditions, build your profile and shop film merchandise.
        </Text>
        <form ref={focusFirstError} onSubmit={submit} noValidate aria-label="Create account">
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password`}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <TextInput
              label="Mobile number (optional)"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="98765 43210"
              {...form.getInputProps('phone')}
            />
            <Button type="submit" loading={registration.isPending} fullWidth>
              Create account
            </Button>
          </Stack>
        </form>
        {phoneSignIn ? (
          <Button variant="default" fullWidth mt="md" onClick={() => setByPhone(true)}>
            Use a mobile number instead
          </Button>
        ) : null}
        <Text mt="lg" ta="center">
          Already have an account?{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/login" search={{ redirect }} />}>Log in</Anchor>
        </Text>
      </div>
    </PageContainer>
  );
}
