import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { contactFieldError, type ContactField, type ContactMessageInput } from '@/contract/contact';
import { ONE_EMAIL_MESSAGE } from '@/contract/email';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { entriesOfKind } from '@/offline/outbox';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { contact_email } from '@/paraglide/messages/contact_email.js';
import { contact_email_invalid } from '@/paraglide/messages/contact_email_invalid.js';
import { contact_email_long } from '@/paraglide/messages/contact_email_long.js';
import { contact_email_one } from '@/paraglide/messages/contact_email_one.js';
import { contact_email_required } from '@/paraglide/messages/contact_email_required.js';
import { contact_form } from '@/paraglide/messages/contact_form.js';
import { contact_message } from '@/paraglide/messages/contact_message.js';
import { contact_message_long } from '@/paraglide/messages/contact_message_long.js';
import { contact_message_required } from '@/paraglide/messages/contact_message_required.js';
import { contact_message_short } from '@/paraglide/messages/contact_message_short.js';
import { contact_name } from '@/paraglide/messages/contact_name.js';
import { contact_name_long } from '@/paraglide/messages/contact_name_long.js';
import { contact_name_required } from '@/paraglide/messages/contact_name_required.js';
import { contact_name_short } from '@/paraglide/messages/contact_name_short.js';
import { contact_queued } from '@/paraglide/messages/contact_queued.js';
import { contact_saved_title } from '@/paraglide/messages/contact_saved_title.js';
import { contact_send } from '@/paraglide/messages/contact_send.js';
import { contact_send_failed } from '@/paraglide/messages/contact_send_failed.js';
import { contact_sending } from '@/paraglide/messages/contact_sending.js';
import { contact_success } from '@/paraglide/messages/contact_success.js';
import { contact_thank_you } from '@/paraglide/messages/contact_thank_you.js';
import { contactOutbox } from '../api/contact-outbox';
import { useCreateContactMessage } from '../api/create-contact-message';

/** Spec: the success banner shows for 5 seconds. */
export const SUCCESS_BANNER_MS = 5000;

const fields: ContactField[] = ['name', 'email', 'message'];
const emptyValues: ContactMessageInput = { name: '', email: '', message: '' };

/**
 * The form's own check of a field, in the page's language: the rules' messages are the contract's (the server's
 * check says them in English), each with its words here.
 */
const ruleWords: Record<string, () => string> = {
  'Name is required': contact_name_required,
  'Name must be at least 3 characters': contact_name_short,
  'Name must be at most 100 characters': contact_name_long,
  'Email is required': contact_email_required,
  'Invalid email address': contact_email_invalid,
  'Email must be at most 254 characters': contact_email_long,
  [ONE_EMAIL_MESSAGE]: contact_email_one,
  'Message is required': contact_message_required,
  'Message must be at least 10 characters': contact_message_short,
  'Message must be at most 5000 characters': contact_message_long,
};
function fieldError(field: ContactField, value: string): string | null {
  const error = contactFieldError(field, value);
  return error === null ? null : (ruleWords[error]?.() ?? error);
}

/**
 * The contact form. Each field's rule is checked as the user leaves it and again on every change after that; a
 * submit checks all of them. A message the server refuses keeps everything typed, with the reason shown.
 */
export function ContactForm() {
  // "Report a problem" on a delivered order opens this page with `?order=<id>`: the message starts by naming it.
  const order = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('order') });
  const initialValues = /^\d{1,9}$/.test(order ?? '')
    ? { ...emptyValues, message: `About order #${order}: ` }
    : emptyValues;
  const form = useForm<ContactMessageInput>({ mode: 'controlled', initialValues });
  // A signed-in member writes as themselves: their name and email are filled in once known, unless typed already,
  // and a reset after sending keeps them.
  const user = useAppStore((state) => state.userProfile);
  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user || filledFor.current === user.id) return;
    filledFor.current = user.id;
    const { name, email } = form.getValues();
    if (name || email) return;
    // An account made with a phone number has no email to offer.
    form.setInitialValues({ ...form.getInitialValues(), name: user.name, email: user.email ?? '' });
    form.setValues({ name: user.name, email: user.email ?? '' });
  }, [user, form]);
  const [touched, setTouched] = useState<ReadonlySet<ContactField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [sentCount, setSentCount] = useState(0);
  const [showSuccess, setShowSuccess] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const mutation = useCreateContactMessage();
  const outbox = useOutboxRecorder(contactOutbox);
  // The "saved on this device" banner stays while a message waits; once sent, a notice says so.
  const waiting = entriesOfKind(useOwnerEntries(contactOutbox), contactOutbox).length;

  // Each success restarts the 5 s of the banner, even when it is still showing.
  useEffect(() => {
    if (sentCount === 0) return;
    const timer = window.setTimeout(() => setShowSuccess(false), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [sentCount]);

  const errorOf = (field: ContactField) =>
    serverErrors[field] ?? (touched.has(field) ? fieldError(field, form.values[field]) : null);

  const inputProps = (field: ContactField) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      error: errorOf(field),
      onBlur: () => setTouched((current) => new Set(current).add(field)),
      onChange: (event: unknown) => {
        setServerErrors((current) => ({ ...current, [field]: undefined }));
        props.onChange(event);
      },
    };
  };

  const submit = form.onSubmit(async (values) => {
    setTouched(new Set(fields));
    setFailure(null);
    setQueued(false);
    const invalid = fields.find((field) => contactFieldError(field, values[field]) !== null);
    // The first field in error takes focus through the form's ref (focusFirstError).
    if (invalid) return;
    // One key for this press: the online send and, if the network fails, every send from the outbox.
    const idempotencyKey = newIdempotencyKey();
    try {
      await mutation.mutateAsync({ input: values, idempotencyKey });
      form.reset();
      setTouched(new Set());
      setServerErrors({});
      setShowSuccess(true);
      setSentCount((count) => count + 1);
    } catch (error) {
      if (error instanceof ApiError && error.field && fields.includes(error.field as ContactField)) {
        setServerErrors({ [error.field]: error.message });
      } else if (error instanceof NetworkError) {
        // Kept on the device and sent by itself when the network returns, once: the server may have it already, and
        // its Idempotency-Key makes the resend answer as the first send did.
        await outbox.record(values, { idempotencyKey, sent: true });
        form.reset();
        setTouched(new Set());
        setQueued(true);
      } else {
        setFailure(error instanceof ApiError ? error.message : contact_send_failed());
      }
    }
  });

  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate aria-label={contact_form()}>
      <Stack gap="md">
        {showSuccess ? (
          <Alert color="green" variant="light" role="status" title={contact_thank_you()}>
            {contact_success()}
          </Alert>
        ) : null}
        {queued && waiting > 0 ? (
          <Alert color="yellow" variant="light" role="status" title={contact_saved_title()}>
            {contact_queued()}
          </Alert>
        ) : null}
        <TextInput label={contact_name()} autoComplete="name" required {...inputProps('name')} />
        <TextInput label={contact_email()} type="email" autoComplete="email" required {...inputProps('email')} />
        <Textarea label={contact_message()} autosize minRows={5} maxRows={12} required {...inputProps('message')} />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" size="md" disabled={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
          {mutation.isPending ? contact_sending() : contact_send()}
        </Button>
      </Stack>
    </form>
  );
}
