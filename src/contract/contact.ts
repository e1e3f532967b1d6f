import { z } from 'zod';

/**
 * A message from the contact page. The rules and messages are the spec's (point 5); the upper limits are ours, so
 * that one sender cannot store megabytes. The page and the server check the same schema.
 */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(3, 'Name must be at least 3 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Invalid email address')),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessageInput;

/** The first rule a field's value breaks, or null when it is valid. */
export function contactFieldError(field: ContactField, value: string): string | null {
  const result = contactMessageSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

export const contactMessageCreatedSchema = z.object({
  id: z.number().int(),
  message: z.string(),
});
