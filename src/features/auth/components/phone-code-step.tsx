import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { phoneCodeSchema, type PhoneCodeResponse } from '@/contract/user';
import { ApiError, NetworkError } from '@/lib/api-client';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { phone_change_number } from '@/paraglide/messages/phone_change_number.js';
import { phone_code_form } from '@/paraglide/messages/phone_code_form.js';
import { phone_code_label } from '@/paraglide/messages/phone_code_label.js';
import { phone_code_sent } from '@/paraglide/messages/phone_code_sent.js';
import { phone_continue } from '@/paraglide/messages/phone_continue.js';
import { phone_resend } from '@/paraglide/messages/phone_resend.js';
import { phone_resend_in } from '@/paraglide/messages/phone_resend_in.js';
import { phone_resend_offline } from '@/paraglide/messages/phone_resend_offline.js';
import { phone_server_error } from '@/paraglide/messages/phone_server_error.js';
import { phone_sign_in_offline } from '@/paraglide/messages/phone_sign_in_offline.js';
import classes from './auth.module.css';

const codeFormSchema = z.object({ code: phoneCodeSchema });

/** The number as it is said and written: `+91 98765 43210`, kept on one line by no-break spaces. */
function spokenPhone(phone: string): string {
  return `+91\u00a0${phone.slice(0, 5)}\u00a0${phone.slice(5)}`;
}

/** What Chrome's WebOTP API gives: the code of an SMS whose last line names this site (`@host #123456`). */
interface OtpCredential extends Credential {
  code: string;
}

export interface PhoneCodeStepProps {
  /** The server's answer to the latest code sent: the number and when a new code may be asked for. */
  sent: PhoneCodeResponse;
  /** When `sent` arrived (ms), to count down the wait for a new code. */
  sentAt: number;
  /** Sends the code to sign in or register; throws the server's refusal. */
  onCode: (code: string) => Promise<void>;
  /** Asks for a new code; throws the server's refusal. */
  onResend: () => Promise<void>;
  onChangeNumber: () => void;
  busy: boolean;
}

/**
 * The code screen: one input the phone's keyboard and SMS suggestion fill (`one-time-code`), filled by itself
 * where the WebOTP API reads the SMS (Chrome on Android), and a button for a new code that counts down its wait.
 */
export function PhoneCodeStep({ sent, sentAt, onCode, onResend, onChangeNumber, busy }: PhoneCodeStepProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: contractResolver(codeFormSchema),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const formRef = useRef<HTMLFormElement | null>(null);
  const formElement = useCallback((node: HTMLFormElement | null) => {
    formRef.current = node;
    return focusFirstError(node);
  }, []);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const resendAt = sentAt + sent.resend_in_seconds * 1000;
  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (Date.now() >= resendAt) return undefined;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= resendAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  const fill = useEffectEvent((code: string) => {
    form.setFieldValue('code', code);
    // Sent as if typed and submitted: the person sees the code arrive, then the page moves on.
    window.setTimeout(() => formRef.current?.requestSubmit());
  });
  // One WebOTP request per code (a new code mounts this screen anew); leaving the screen aborts it.
  useEffect(() => {
    if (!('OTPCredential' in window) || !navigator.credentials) return undefined;
    const controller = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as OtpCredential | null)?.code;
        if (code) fill(code);
      })
      .catch(() => {
        // Aborted, refused or timed out: the person types the code.
      });
    return () => controller.abort();
  }, []);

  const submit = form.onSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onCode(phoneCodeSchema.parse(code));
    } catch (error) {
      const message = applyServerError(form, error, phone_sign_in_offline());
      // A refusal about the number or name (taken meanwhile) is shown above the code.
      setFailure(message);
    }
  });

  async function resend() {
    setFailure(null);
    setResending(true);
    try {
      await onResend();
      form.setValues({ code: '' });
      form.clearErrors();
    } catch (error) {
      // Too soon, too many codes, or no SMS: said next to the code input, where the person is looking.
      form.setFieldError(
        'code',
        error instanceof ApiError
          ? error.message
          : error instanceof NetworkError
            ? phone_resend_offline()
            : phone_server_error(),
      );
      inputRef.current?.focus();
    } finally {
      setResending(false);
    }
  }

  return (
    <form ref={formElement} onSubmit={submit} noValidate aria-label={phone_code_form()}>
      <Stack gap="md">
        <Text>
          {/* Said here rather than by the server, in the page's language. */}
          {phone_code_sent({ phone: spokenPhone(sent.phone), minutes: Math.round(sent.expires_in_seconds / 60) })}{' '}
          <Anchor component="button" type="button" onClick={onChangeNumber}>
            {phone_change_number()}
          </Anchor>
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          ref={inputRef}
          label={phone_code_label()}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          withAsterisk
          classNames={{ input: classes.code }}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={busy} fullWidth>
          {phone_continue()}
        </Button>
        <Group justify="center">
          <Button variant="subtle" onClick={() => void resend()} disabled={waitSeconds > 0} loading={resending}>
            {waitSeconds > 0 ? phone_resend_in({ seconds: waitSeconds }) : phone_resend()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
