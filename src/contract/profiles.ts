import { z } from 'zod/mini';
import { pageMetaSchema } from './catalog';
import { calendarDate, optionalEmail, optionalPhone, optionalText, optionalWebsite, requiredText } from './fields';
import { singleEmailSchema } from './email';
import { REEL_RULE, reelAddress } from './instagram';

/** A member's profile is a person (the Artist category) or an organisation in one of the other seven. */
export const profileKinds = ['person', 'organisation'] as const;
export type ProfileKind = (typeof profileKinds)[number];

export const crafts = [
  'actor',
  'writer',
  'director',
  'dop',
  'editor',
  'music',
  'dancer',
  'voice_artist',
  'makeup',
  'costume',
  'art',
  'stunts',
  'casting',
  'other',
] as const;
export type Craft = (typeof crafts)[number];

/** The category of a person's profile. */
export const PERSON_CATEGORY = 'Artist';
/** The categories an organisation may be listed in (the spec's labels). */
export const organisationCategories = [
  'Union',
  'Vendor',
  'Production House',
  'Studio',
  'Shooting Location',
  'Course',
  'Theatre',
] as const;

export const languageLevels = ['native', 'fluent', 'basic'] as const;
export const genders = ['female', 'male', 'non_binary', 'prefer_not_to_say'] as const;
export const creditTypes = ['feature', 'web_series', 'short', 'ad', 'theatre', 'tv'] as const;
export const visibilities = ['public', 'hidden'] as const;
export const verificationStatuses = ['none', 'pending', 'verified', 'refused'] as const;
export const reportReasons = ['fake', 'impersonation', 'inappropriate'] as const;

/** At most this many headshots for a person, photos for an organisation. */
export const MAX_PERSON_PHOTOS = 6;
export const MAX_ORGANISATION_PHOTOS = 10;
/** A member under this age needs a guardian and is never listed in public search. */
export const ADULT_AGE = 18;

/** Handles are the profile's address: `/profiles/{handle}`. */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;
/** Handles no member may take: they would read as the site's own pages. */
export const reservedHandles = ['admin', 'me', 'new', 'edit', 'cineverse', 'support', 'help', 'staff', 'moderator'];

const text = optionalText;
const required = requiredText;
const list = <T extends z.ZodMiniType>(item: T, field: string, max: number) =>
  z._default(z.array(item).check(z.maxLength(max, `At most ${max} ${field}`)), []);
const optionalInt = (field: string, min: number, max: number) =>
  z._default(
    z.nullable(
      z
        .int({ error: `${field} must be a whole number` })
        .check(z.gte(min, `${field} must be at least ${min}`), z.lte(max, `${field} must be at most ${max}`)),
    ),
    null,
  );

export const languageSchema = z.object({
  language: required('language', 'language', 40),
  level: z.enum(languageLevels, { error: 'level must be native, fluent or basic' }),
});

export const creditSchema = z.object({
  title: required('title', 'title', 200),
  year: z
    .int({ error: 'year must be a year' })
    .check(z.gte(1913, 'year must be 1913 or later'), z.lte(2100, 'year must be at most 2100')),
  role: text('role', 200),
  type: z.enum(creditTypes, { error: `type must be one of ${creditTypes.join(', ')}` }),
});

/** Which of the private details a member shows on their public page (all hidden unless shown). */
export const showSchema = z.object({
  phone: z._default(z.boolean(), false),
  email: z._default(z.boolean(), false),
  height: z._default(z.boolean(), false),
  age: z._default(z.boolean(), false),
});

/**
 * The guardian of a member under 18: a person reached at one email address (a list would mail several people as one
 * guardian), who confirms by a link mailed to it.
 */
export const guardianInputSchema = z.object({
  name: required('guardian.name', 'guardian’s name', 120),
  contact: singleEmailSchema('The guardian’s email'),
});

/** A new confirmation mail to the guardian waits this long after the last one. */
export const GUARDIAN_RESEND_MINUTES = 10;

/** Where a guardian's consent stands, as the member under 18 sees it on their own profile. */
export const guardianSchema = z.object({
  name: z.string(),
  contact: z.string(),
  /** When the guardian confirmed by the link mailed to them; null until then. */
  confirmed_at: z.nullable(z.string()),
  /** When the guardian withdrew their consent (the profile is hidden then). */
  withdrawn_at: z.nullable(z.string()),
  /** When the last confirmation mail went; null when none could go (no email address). */
  mailed_at: z.nullable(z.string()),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** The token of a link mailed to a guardian (32 random bytes, base64url), sent in the body: never in an address. */
export const guardianTokenSchema = z.object({
  token: z
    .string({ error: 'The link is not complete' })
    .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not complete')),
});

/** What the guardian's page shows: whose profile, and where the consent stands. */
export const guardianConsentViewSchema = z.object({
  ward: z.string(),
  guardian_name: z.string(),
  confirmed_at: z.nullable(z.string()),
  withdrawn_at: z.nullable(z.string()),
  /** False once another guardian address was given: this link then only withdraws. */
  current: z.boolean(),
});
export type GuardianConsentView = z.infer<typeof guardianConsentViewSchema>;
export const guardianConsentResponseSchema = z.object({ data: guardianConsentViewSchema });

/** A message between a call's poster and a minor applicant's guardian. */
export const guardianMessageSchema = z.object({
  from: z.enum(['poster', 'guardian']),
  body: z.string(),
  at: z.string(),
});
/** The messages about one application, as the poster and the guardian see them. */
export const guardianThreadSchema = z.object({
  ward: z.string(),
  poster: z.string(),
  call_title: z.string(),
  role_name: z.string(),
  messages: z.array(guardianMessageSchema),
});
export type GuardianThread = z.infer<typeof guardianThreadSchema>;
export const guardianThreadResponseSchema = z.object({ data: guardianThreadSchema });

/**
 * A profile as its member writes it (`PUT /me/profile` creates or replaces it). The server checks what holds across
 * fields: the category of the kind, the playing ages' order, the guardian of a member under 18, a free handle.
 */
export const profileInputSchema = z.object({
  kind: z.enum(profileKinds, { error: 'kind must be person or organisation' }),
  handle: z
    .string({ error: 'Choose a handle' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.regex(
        HANDLE_PATTERN,
        'A handle is 3 to 30 letters, digits or hyphens, starting and ending with a letter or digit',
      ),
    ),
  display_name: required('display_name', 'name', 120),
  /** Artist for a person; for an organisation one of organisationCategories. */
  category: required('category', 'category', 40),
  crafts: list(z.enum(crafts, { error: `crafts must be among ${crafts.join(', ')}` }), 'crafts', crafts.length),
  headline: text('headline', 160),
  bio: text('bio', 4000),
  city: required('city', 'city', 80),
  languages: list(languageSchema, 'languages', 12),
  skills: list(required('skills', 'skill', 60), 'skills', 30),
  playing_age_min: optionalInt('playing_age_min', 1, 100),
  playing_age_max: optionalInt('playing_age_max', 1, 100),
  gender: z._default(z.nullable(z.enum(genders, { error: `gender must be one of ${genders.join(', ')}` })), null),
  height_cm: optionalInt('height_cm', 50, 250),
  union_name: text('union_name', 120),
  union_number: text('union_number', 60),
  credits: list(creditSchema, 'credits', 100),
  /** YouTube addresses, played through the privacy-enhanced player, and Instagram reels, shown as links. */
  reels: list(
    required('reels', 'reel address', 500).check(z.refine((link) => reelAddress(link) !== null, REEL_RULE)),
    'reels',
    10,
  ),
  website: optionalWebsite,
  address: text('address', 300),
  phone: optionalPhone,
  email: optionalEmail,
  services: list(required('services', 'service', 120), 'services', 30),
  visibility: z._default(z.enum(visibilities, { error: 'visibility must be public or hidden' }), 'public'),
  show: z._default(showSchema, { phone: false, email: false, height: false, age: false }),
  /** `YYYY-MM-DD`; needed to tell a member under 18. */
  date_of_birth: z._default(
    z.nullable(
      z
        .string()
        .check(
          z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date_of_birth must be a date like 1998-04-21'),
          calendarDate('date_of_birth'),
        ),
    ),
    null,
  ),
  guardian: z._default(z.nullable(guardianInputSchema), null),
});
export type ProfileInput = z.input<typeof profileInputSchema>;
export type ParsedProfileInput = z.output<typeof profileInputSchema>;

/** `PUT /me/profile/photos/{id}`: make it the main photo, or move it to a place in the order (1 is first). */
export const photoChangeSchema = z.object({
  main: z.optional(z.boolean({ error: 'main must be true or false' })),
  position: z.optional(
    z.int({ error: 'position must be a whole number' }).check(z.gte(1, 'position must be 1 or more'), z.lte(10)),
  ),
});
export type PhotoChange = z.infer<typeof photoChangeSchema>;

export const profilePhotoSchema = z.object({ id: z.int(), url: z.string(), main: z.boolean() });

/**
 * A profile as the public sees it: a hidden detail is absent, not empty; the date of birth and the guardian are
 * never here.
 */
export const publicProfileSchema = z.object({
  kind: z.enum(profileKinds),
  handle: z.string(),
  display_name: z.string(),
  category: z.string(),
  crafts: z.array(z.enum(crafts)),
  headline: z.string(),
  bio: z.string(),
  city: z.string(),
  languages: z.array(z.object({ language: z.string(), level: z.enum(languageLevels) })),
  skills: z.array(z.string()),
  playing_age_min: z.nullable(z.int()),
  playing_age_max: z.nullable(z.int()),
  gender: z.nullable(z.enum(genders)),
  height_cm: z.optional(z.nullable(z.int())),
  age: z.optional(z.int()),
  union_name: z.string(),
  union_number: z.string(),
  credits: z.array(z.object({ title: z.string(), year: z.int(), role: z.string(), type: z.enum(creditTypes) })),
  reels: z.array(z.string()),
  photos: z.array(profilePhotoSchema),
  website: z.string(),
  /** An organisation's address; a person's postal address is never public, so it is never here. */
  address: z.optional(z.string()),
  phone: z.optional(z.string()),
  email: z.optional(z.string()),
  services: z.array(z.string()),
  verified: z.boolean(),
  verified_reason: z.nullable(z.string()),
  updated_at: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The caller's own profile: every field. */
export const myProfileSchema = z.object({
  ...publicProfileSchema.shape,
  height_cm: z.nullable(z.int()),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  visibility: z.enum(visibilities),
  show: z.object({ phone: z.boolean(), email: z.boolean(), height: z.boolean(), age: z.boolean() }),
  date_of_birth: z.nullable(z.string()),
  guardian: z.nullable(guardianSchema),
  /** Staff hid it (a moderation decision), with the reason the member sees. */
  hidden_by_staff: z.boolean(),
  hidden_reason: z.nullable(z.string()),
  /** A new organisation waiting for a moderator before it is listed: why (the words that held it); else null. */
  held_reason: z.optional(z.nullable(z.string())),
  /** Where the member's request to be verified stands; a refusal comes with its reason. */
  verification_status: z.enum(verificationStatuses),
  refused_reason: z.nullable(z.string()),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
export const myProfileResponseSchema = z.object({ data: myProfileSchema });
export const publicProfileResponseSchema = z.object({ data: publicProfileSchema });

export const profileSorts = ['verified', 'recent'] as const;

export const profileListQuerySchema = z.object({
  category: z.optional(z.string().check(z.trim(), z.maxLength(40, 'category must be at most 40 characters'))),
  /** Name, skill or headline, in part. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  craft: z.optional(z.enum(crafts, { error: `craft must be one of ${crafts.join(', ')}` })),
  language: z.optional(z.string().check(z.trim(), z.maxLength(40, 'language must be at most 40 characters'))),
  city: z.optional(z.string().check(z.trim(), z.maxLength(80, 'city must be at most 80 characters'))),
  /** `true`: verified profiles only. */
  verified: z.optional(z.enum(['true', 'false'], { error: 'verified must be true or false' })),
  /** People only: their gender. */
  gender: z.optional(z.enum(genders, { error: `gender must be one of ${genders.join(', ')}` })),
  /** People only: an age their playing range covers. */
  age: z.optional(
    z.coerce
      .number()
      .check(
        z.int('age must be a whole number'),
        z.gte(1, 'age must be at least 1'),
        z.lte(100, 'age must be at most 100'),
      ),
  ),
  /** `verified` (the default): verified first, then recently updated; `recent`: recently updated first. */
  sort: z._default(z.enum(profileSorts, { error: 'sort must be verified or recent' }), 'verified'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000)), 1),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(48, 'per_page must be at most 48')),
    12,
  ),
});
export type ProfileListQuery = z.output<typeof profileListQuerySchema>;

/** A row of the network's index: enough for a card. */
export const profileCardSchema = z.object({
  handle: z.string(),
  kind: z.enum(profileKinds),
  display_name: z.string(),
  category: z.string(),
  crafts: z.array(z.enum(crafts)),
  headline: z.string(),
  city: z.string(),
  photo: z.nullable(z.string()),
  verified: z.boolean(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;
/** A search's matches are counted up to this many; past it the answer says there are more (`total_capped`). */
export const PROFILE_COUNT_LIMIT = 1000;
export const profileListResponseSchema = z.object({
  data: z.array(profileCardSchema),
  meta: z.extend(pageMetaSchema, {
    /** More than PROFILE_COUNT_LIMIT profiles match: `total` is that limit. */
    total_capped: z.boolean(),
  }),
});
export type ProfileList = z.infer<typeof profileListResponseSchema>;

export const handleParamsSchema = z.object({
  handle: z.string().check(z.trim(), z.toLowerCase(), z.regex(HANDLE_PATTERN, 'There is no such profile')),
});

export const verificationRequestSchema = z.object({
  /** What the moderator can check: a union card number, a production's name, a website. */
  note: z._default(z.string().check(z.trim(), z.maxLength(1000, 'note must be at most 1000 characters')), ''),
});

export const reportInputSchema = z.object({
  reason: z.enum(reportReasons, { error: `reason must be one of ${reportReasons.join(', ')}` }),
  details: z._default(z.string().check(z.trim(), z.maxLength(2000, 'details must be at most 2000 characters')), ''),
});

/** A moderator's decision: verify (the badge shows the reason), refuse (the member sees it) or hide. */
export const moderationDecisionSchema = z.object({
  reason: z
    .string({ error: 'Give the reason' })
    .check(z.trim(), z.minLength(1, 'Give the reason'), z.maxLength(300, 'reason must be at most 300 characters')),
});

/** A verification request, a report of a profile, or a new organisation held before it is listed. */
export const moderationKinds = ['verification', 'report', 'held'] as const;
export const moderationQueueQuerySchema = z.object({
  kind: z.optional(z.enum(moderationKinds, { error: 'kind must be verification, report or held' })),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000)), 1),
  per_page: z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(100, 'per_page must be at most 100')),
    20,
  ),
});

/** An open request or report, oldest first, with the profile it is about. */
export const moderationItemSchema = z.object({
  id: z.int(),
  kind: z.enum(moderationKinds),
  handle: z.string(),
  display_name: z.string(),
  category: z.string(),
  verified: z.boolean(),
  reason: z.nullable(z.string()),
  details: z.string(),
  created_at: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export const moderationQueueResponseSchema = z.object({ data: z.array(moderationItemSchema), meta: pageMetaSchema });

/** New conversations one member may start in 24 hours: contact goes through CineVerse and is never a spam channel. */
export const CONTACT_DAILY_LIMIT = 10;
/**
 * Messages one member may send, first messages, answers and messages to the team together: 30 an hour and 100 in
 * 24 hours, far above a person's pace, far below a spam run's.
 */
export const MESSAGES_PER_HOUR = 30;
export const MESSAGES_PER_DAY = 100;

/** A message's text, trimmed: at least `minLength` characters (refused with `short`), at most 2,000. */
const messageText = (minLength: number, missing: string, short: string) =>
  z
    .string({ error: missing })
    .check(z.trim(), z.minLength(minLength, short), z.maxLength(2000, 'message must be at most 2000 characters'));

export const contactInputSchema = z.object({
  message: messageText(10, 'Write your message', 'Write at least 10 characters'),
});

/** An answer in a conversation already begun: any length up to the first message's limit ("Thanks!" will do). */
export const replyInputSchema = z.object({ message: messageText(1, 'Write your answer', 'Write your answer') });

/** The guardian's answer on the page of a poster's message: the link's token and the text. */
export const guardianReplyInputSchema = z.object({
  token: guardianTokenSchema.shape.token,
  message: messageText(1, 'Write your answer', 'Write your answer'),
});

export const conversationSchema = z.object({
  id: z.int(),
  /** The profile the conversation is with, and whether the caller is its member or the one who wrote. */
  handle: z.string(),
  display_name: z.string(),
  role: z.enum(['member', 'sender']),
  /** The other side's name. */
  with_name: z.string(),
  /** The organisation the other side is (its own profile), with its badge, when its page is public; else null. */
  organisation: z.nullable(z.object({ handle: z.string(), display_name: z.string(), verified: z.boolean() })),
  messages: z.array(z.object({ from_me: z.boolean(), body: z.string(), at: z.string() })),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListResponseSchema = z.object({ data: z.array(conversationSchema) });
