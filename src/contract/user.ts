import { z } from 'zod';

/** Phones are 10-digit Indian mobile numbers; spaces, dashes and a +91 or 0 prefix are accepted and removed. */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, 'Phone must be a 10-digit mobile number'));

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt input is bounded: a megabyte-long password would only cost the server time. */
export const PASSWORD_MAX_LENGTH = 128;

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email address'))
  .transform((value) => value.toLowerCase());

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  /** Optional: empty or absent means no phone. */
  phone: z
    .union([z.literal('').transform(() => null), z.null(), phoneSchema])
    .optional()
    .transform((value) => value ?? null),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A delivery address: the shape completeOrder takes and the profile saves. */
export const addressInputSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  line1: z
    .string({ error: 'Address line 1 is required' })
    .trim()
    .min(1, 'Address line 1 is required')
    .max(200, 'Address line 1 must be at most 200 characters'),
  line2: z
    .string()
    .trim()
    .max(200, 'Address line 2 must be at most 200 characters')
    .optional()
    .transform((value) => value ?? ''),
  city: z
    .string({ error: 'City is required' })
    .trim()
    .min(1, 'City is required')
    .max(100, 'City must be at most 100 characters'),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .min(1, 'State is required')
    .max(100, 'State must be at most 100 characters'),
  pincode: z
    .string({ error: 'PIN code is required' })
    .trim()
    .regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits and cannot start with 0'),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.infer<typeof addressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const profileSchema = userSchema.extend({ addresses: z.array(savedAddressSchema) });
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ data: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const profileUpdateSchema = z.object({
  name: nameSchema,
  phone: z.union([z.literal('').transform(() => null), z.null(), phoneSchema]),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const addressResponseSchema = z.object({ data: savedAddressSchema });

export const messageResponseSchema = z.object({ message: z.string() });
