import { z } from 'zod/mini';
import { singleEmailSchema } from './email';
import { languages } from './languages';

/** Phones are 10-digit Indian mobile numbers; spaces, dashes and a +91 or 0 prefix are accepted and removed. */
export const phoneSchema = z.pipe(
  z.pipe(
    z.string({ error: 'Phone is required' }).check(z.trim()),
    z.transform((value: string) => value.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, '')),
  ),
  z.string().check(z.regex(/^[6-9]\d{9}$/, 'Phone must be a 10-digit mobile number')),
);

export const PASSWORD_MIN_LENGTH = 8;
/** scrypt input is bounded: a megabyte-long password would only cost the server time. */
export const PASSWORD_MAX_LENGTH = 128;

export const nameSchema = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.minLength(2, 'Name must be at least 2 characters'),
    z.maxLength(100, 'Name must be at most 100 characters'),
  );

/** An account's email: one address (a list is refused), lower-cased. */
export const emailSchema = singleEmailSchema();

/** A phone that may be left out: empty or null means none. */
const optionalPhoneSchema = z.union([
  z.pipe(
    z.literal(''),
    z.transform(() => null),
  ),
  z.null(),
  phoneSchema,
]);

/** A new password: 8 to 128 characters (the server also refuses the common ones). */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/** The language a member reads the product in; their mail and notices are written in it too. */
export const languageSchema = z.enum(languages, { error: 'Choose English (en) or Hindi (hi)' });

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** Optional: empty or absent means no phone. */
  phone: z.pipe(
    z.optional(optionalPhoneSchema),
    z.transform((value: string | null | undefined) => value ?? null),
  ),
  /** The language of the page the account is made on (English when absent): its mail is written in it from the first. */
  language: z.optional(languageSchema),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .check(
      z.minLength(1, 'Password is required'),
      z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    ),
  /** The token this device was given when it last signed in to the account: its logins count on their own. */
  device_token: z.optional(z.string().check(z.maxLength(200))),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** A mailed sign-in link works once, for this long after it was sent. */
export const SIGN_IN_LINK_MINUTES = 15;

/** The token of a mailed sign-in link, and the device's token if it has one. */
export const signInLinkRequestSchema = z.object({
  token: z
    .string({ error: 'The sign-in link is incomplete; open the link from the email again' })
    .check(
      z.minLength(1, 'The sign-in link is incomplete; open the link from the email again'),
      z.maxLength(200, 'The sign-in link is not valid; log in again to get a new one'),
    ),
  device_token: z.optional(z.string().check(z.maxLength(200))),
});
export type SignInLinkRequest = z.input<typeof signInLinkRequestSchema>;

/** A reset link works once, for this long after it was asked for. */
export const PASSWORD_RESET_MINUTES = 30;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: 'The reset link is incomplete; open the link from the email again' })
    .check(
      z.minLength(1, 'The reset link is incomplete; open the link from the email again'),
      z.maxLength(200, 'The reset link is not valid; ask for a new one'),
    ),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** A signed-in user's new password, given with the current one. */
export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: 'Enter your current password' })
    .check(
      z.minLength(1, 'Enter your current password'),
      z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    ),
  new_password: z
    .string({ error: 'Enter a new password' })
    .check(
      z.minLength(1, 'Enter a new password'),
      z.minLength(PASSWORD_MIN_LENGTH, `The new password must be at least ${PASSWORD_MIN_LENGTH} characters`),
      z.maxLength(PASSWORD_MAX_LENGTH, `The new password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    ),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const userSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Null for an account made with a phone number alone. */
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  role: z.string(),
  /** False until the owner opens the link mailed to the address: until then they may shop, not write or apply. */
  email_confirmed: z.boolean(),
  /** True once the owner typed a code sent by SMS to `phone`: it counts as a confirmed email does. */
  phone_confirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The code of a 403 answered to an account whose email is not confirmed yet: the client offers to resend the link. */
export const EMAIL_NOT_CONFIRMED = 'email_not_confirmed';
/** Confirmation links asked for again per account per hour. */
export const CONFIRMATION_RESEND_LIMIT = 3;
/** A confirmation link works for this long (7 days, in hours). */
export const CONFIRMATION_LINK_HOURS = 7 * 24;

export const confirmEmailRequestSchema = z.object({
  token: z
    .string({ error: 'The confirmation link is incomplete; open the link from the email again' })
    .check(
      z.minLength(1, 'The confirmation link is incomplete; open the link from the email again'),
      z.maxLength(200, 'The confirmation link is not valid; ask for a new one'),
    ),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A login's answer: the session, and the token that marks this device as one the account signs in from. */
export const loginResponseSchema = z.extend(authResponseSchema, { device_token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A delivery address: the shape completeOrder takes and the profile saves. */
export const addressInputSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  line1: z
    .string({ error: 'Address line 1 is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Address line 1 is required'),
      z.maxLength(200, 'Address line 1 must be at most 200 characters'),
    ),
  line2: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(200, 'Address line 2 must be at most 200 characters'))),
    z.transform((value: string | undefined) => value ?? ''),
  ),
  city: z
    .string({ error: 'City is required' })
    .check(z.trim(), z.minLength(1, 'City is required'), z.maxLength(100, 'City must be at most 100 characters')),
  state: z
    .string({ error: 'State is required' })
    .check(z.trim(), z.minLength(1, 'State is required'), z.maxLength(100, 'State must be at most 100 characters')),
  /** Six digits; spaces as people type them (`411 005`) are removed. */
  pincode: z.pipe(
    z.pipe(
      z.string({ error: 'PIN code is required' }).check(z.trim()),
      z.transform((value: string) => value.replace(/\s+/g, '')),
    ),
    z.string().check(z.regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits and cannot start with 0')),
  ),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.infer<typeof addressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.int(),
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const profileSchema = z.extend(userSchema, {
  addresses: z.array(savedAddressSchema),
  language: languageSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ data: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const profileUpdateSchema = z.object({
  name: nameSchema,
  phone: optionalPhoneSchema,
  /** Left out, the account keeps its language. */
  language: z.optional(languageSchema),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const addressResponseSchema = z.object({ data: savedAddressSchema });

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * Sign-in by phone: a 6-digit code sent by SMS works for 5 minutes, takes 3 tries, and is used once. A new code may
 * be asked for 30 s after the last; at most 5 codes an hour and 10 a day go to one number and 20 an hour to one client
 * address (an IPv6 address by its /64). A device the number's account signed in from counts apart, on its own 5 and
 * 10, so that codes asked for by others never keep the owner out.
 */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_MINUTES = 5;
export const PHONE_CODE_TRIES = 3;
export const PHONE_CODE_RESEND_SECONDS = 30;
export const PHONE_CODES_PER_NUMBER_PER_HOUR = 5;
export const PHONE_CODES_PER_ADDRESS_PER_HOUR = 20;
export const PHONE_CODES_PER_NUMBER_PER_DAY = 10;

/** Codes (`code` of an error answer) the code screen acts on. */
export const PHONE_CODE_ERRORS = {
  wrong: 'code_wrong',
  expired: 'code_expired',
  triesUsed: 'code_tries_used',
  tooSoon: 'code_too_soon',
  tooMany: 'code_too_many',
  smsFailed: 'sms_failed',
  /** A right code for a number no account has, at login: register with it instead. */
  noAccount: 'phone_no_account',
} as const;

/**
 * Asks for a code: to create an account with the number, or to log in with it. The answer is the same whether or not
 * an account has the number; what the code unlocks decides (registering a number with an account signs in to it).
 */
export const phoneCodeRequestSchema = z.object({
  phone: phoneSchema,
  purpose: z.enum(['register', 'login'], { error: 'purpose must be register or login' }),
  /** The token of a past sign-in with this number on this device: its codes count apart from others'. */
  device_token: z.optional(z.string().check(z.maxLength(200))),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

/** A code was sent: how long it works and when the next may be asked for. */
export const phoneCodeResponseSchema = z.object({
  message: z.string(),
  /** The number as stored (10 digits). */
  phone: z.string(),
  expires_in_seconds: z.int(),
  resend_in_seconds: z.int(),
});
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponseSchema>;

export const phoneCodeSchema = z.pipe(
  z.pipe(
    z.string({ error: 'Enter the code we sent you' }).check(z.trim()),
    z.transform((value: string) => value.replace(/\s/g, '')),
  ),
  z
    .string()
    .check(
      z.minLength(1, 'Enter the code we sent you'),
      z.regex(/^\d{6}$/, `The code has ${PHONE_CODE_DIGITS} digits`),
    ),
);

export const phoneLoginRequestSchema = z.object({
  phone: phoneSchema,
  code: phoneCodeSchema,
  device_token: z.optional(z.string().check(z.maxLength(200))),
});
export type PhoneLoginRequest = z.input<typeof phoneLoginRequestSchema>;

/** A new account with a phone number and no email or password. */
export const phoneRegisterRequestSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  code: phoneCodeSchema,
  /** The language of the page the account is made on (English when absent). */
  language: z.optional(languageSchema),
});
export type PhoneRegisterRequest = z.input<typeof phoneRegisterRequestSchema>;

/** A signed-in member's phone number, with the code sent to it (asked for as `register`). */
export const phoneConfirmRequestSchema = z.object({ phone: phoneSchema, code: phoneCodeSchema });
export type PhoneConfirmRequest = z.input<typeof phoneConfirmRequestSchema>;

/** The first step of registering by phone: the name and number, before the code is sent. */
export const phoneRegisterStartSchema = z.pick(phoneRegisterRequestSchema, { name: true, phone: true });
/** The first step of logging in by phone: the number. */
export const phoneLoginStartSchema = z.pick(phoneLoginRequestSchema, { phone: true });
