import { z } from 'zod/mini';
import { singleEmailSchema } from './email';

/**
 * A message from the contact page. The rules and messages are the spec's (point 5); the upper limits are ours, so
 * that one sender cannot store megabytes. The page and the server check the same schema.
 */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.minLength(3, 'Name must be at least 3 characters'),
      z.maxLength(100, 'Name must be at most 100 characters'),
    ),
  email: singleEmailSchema(),
  message: z
    .string({ error: 'Message is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Message is required'),
      z.minLength(10, 'Message must be at least 10 characters'),
      z.maxLength(5000, 'Message must be at most 5000 characters'),
    ),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessageInput;

/** The first rule a field's value breaks, or null when it is valid. */
export function contactFieldError(field: ContactField, value: string): string | null {
  const result = contactMessageSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

export const contactMessageCreatedSchema = z.object({
  id: z.int(),
  message: z.string(),
});

/** Where the team is with a contact message (the back office's messages screen). */
export const messageStatuses = ['new', 'read', 'answered', 'closed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Hours a link to claim one's contact messages works. */
export const CONTACT_CLAIM_HOURS = 24;

/** The token of a claim link, as the link's page sends it. */
export const contactClaimSchema = z.object({
  token: z
    .string({ error: 'This link is not complete: open it from the mail again' })
    .check(
      z.minLength(1, 'This link is not complete: open it from the mail again'),
      z.maxLength(200, 'This link is not one of ours'),
    ),
});

export const contactClaimedSchema = z.object({
  /** How many messages the account now holds that it did not before. */
  claimed: z.int(),
  message: z.string(),
});
