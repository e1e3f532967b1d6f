import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { contactFieldError, type ContactField, type ContactMessageInput } from '@/contract/contact';
import { ApiError, NetworkError } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { entriesOfKind } from '@/offline/outbox';
import { useOutboxRecorder, useOwnerEntries } from '@/offline/use-outbox';
import { CONTACT_SUCCESS_TEXT, contactOutbox } from '../api/contact-outbox';
import { useCreateContactMessage } from '../api/create-contact-message';

export const CONTACT_QUEUED_TEXT =
  'You are offline. Your message is saved on this device and will be sent by itself when you are back online.';
/** Spec: the success banner shows for 5 seconds. */
export const SUCCESS_BANNER_MS = 5000;

const fields: ContactField[] = ['name', 'email', 'message'];
const emptyValues: ContactMessageInput = { name: '', email: '', message: '' };

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
    serverErrors[field] ?? (touched.has(field) ? contactFieldError(field, form.values[field]) : null);

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
        setFailure(error instanceof ApiError ? error.message : 'The message could not be sent. Please try again.');
      }
    }
  });

  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate aria-label="Contact form">
      <Stack gap="md">
        {showSuccess ? (
          <Alert color="green" variant="light" role="status" title="Thank you">
            {CONTACT_SUCCESS_TEXT}
          </Alert>
        ) : null}
        {queued && waiting > 0 ? (
          <Alert color="yellow" variant="light" role="status" title="Saved on this device">
            {CONTACT_QUEUED_TEXT}
          </Alert>
        ) : null}
        <TextInput label="Your Name" autoComplete="name" required {...inputProps('name')} />
        <TextInput label="Email Address" type="email" autoComplete="email" required {...inputProps('email')} />
        <Textarea label="Your Message" autosize minRows={5} maxRows={12} required {...inputProps('message')} />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" size="md" disabled={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
          {mutation.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </Stack>
    </form>
  );
}
