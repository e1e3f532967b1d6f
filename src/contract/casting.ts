import { z } from 'zod/mini';
import { pageMetaSchema } from './catalog';
import { calendarDate, optionalText, recordId, requiredText } from './fields';
import { genders } from './profiles';
import { MAX_TAPE_SECONDS, tapeRequestSchema, tapeStatuses } from './tapes';

/** Casting calls, their roles and the applications to them. */

export const projectTypes = ['feature', 'web_series', 'short', 'ad', 'theatre', 'tv', 'music_video'] as const;
export type ProjectType = (typeof projectTypes)[number];
export const callStatuses = ['pending', 'published', 'unpublished', 'closed'] as const;
export type CallStatus = (typeof callStatuses)[number];
export const roleStatuses = ['open', 'closed'] as const;
export const applicationStatuses = [
  'submitted',
  'viewed',
  'shortlisted',
  'callback',
  'selected',
  'not_selected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
/** Where the poster may move an application (`POST /applications/{id}/transition`). */
export const posterTransitions = ['viewed', 'shortlisted', 'callback', 'selected', 'not_selected'] as const;
export type PosterTransition = (typeof posterTransitions)[number];
/** From each status, where the poster may take it: selected, not selected and withdrawn are final. */
export const allowedTransitions: Record<ApplicationStatus, readonly PosterTransition[]> = {
  submitted: ['viewed', 'shortlisted', 'callback', 'selected', 'not_selected'],
  viewed: ['shortlisted', 'callback', 'selected', 'not_selected'],
  shortlisted: ['callback', 'selected', 'not_selected'],
  callback: ['callback', 'selected', 'not_selected'],
  selected: [],
  not_selected: [],
  withdrawn: [],
};
/** The applicant may withdraw until a decision is made. */
export const withdrawableStatuses: readonly ApplicationStatus[] = ['submitted', 'viewed', 'shortlisted', 'callback'];

/**
 * A decision that tells the applicant (Select, Not selected, a move of several at once) is told this many seconds
 * after it is made: until then its poster may undo it, and nobody is told.
 */
export const DECISION_UNDO_SECONDS = 10;

/** What the site says on every call. */
export const NEVER_PAY_NOTICE = 'CineVerse never asks you to pay to audition';

/** What a role whose openings are all filled says, on its page and when an application to it is refused. */
export function openingsFilledText(openings: number): string {
  return openings === 1
    ? 'Its opening is filled: applications are no longer taken'
    : `All ${openings} openings are filled: applications are no longer taken`;
}
export const MAX_ROLES = 20;
export const MAX_NOTE = 1000;
/** Calls whose deadline falls within this many days are "closing soon". */
export const CLOSING_SOON_DAYS = 7;
/**
 * A published call is closed this many days after its deadline (the hourly upkeep): its open roles as Close this role
 * does, everyone still waiting told "not selected". Posters decide after the deadline; nobody waits for ever.
 */
export const CLOSE_AFTER_DEADLINE_DAYS = 30;
/** The poster is reminded this many days before that close, when someone is still waiting (the hourly upkeep). */
export const REMIND_BEFORE_CLOSE_DAYS = 7;
/** A member who saved an open call and has not applied is reminded this many hours before its deadline (the upkeep). */
export const SAVED_CALL_REMINDER_HOURS = 48;
/**
 * A deadline is at most this many years ahead: a call nobody can apply to for longer is a typo (9999-12-31) or a
 * listing squatting in the closing-soon order.
 */
export const MAX_DEADLINE_YEARS = 2;
/** India's offset: deadlines are written and decided in India's time. */
export const INDIA_OFFSET = '+05:30';

/**
 * Who may post calls: a production house, a studio, or a person whose crafts include casting. The server decides
 * (`canPost` in its casting repository, the same rule); the app says so before the form is filled in.
 */
export function canPostCalls(profile: { kind: string; category: string; crafts: readonly string[] }): boolean {
  return profile.kind === 'organisation'
    ? profile.category === 'Production House' || profile.category === 'Studio'
    : profile.crafts.includes('casting');
}

const isoDate = (field: string) =>
  z
    .string({ error: `Enter the ${field}` })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-12-31`), calendarDate(field));

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .int({ error: `${field} must be a whole number` })
    .check(z.gte(min, `${field} must be at least ${min}`), z.lte(max, `${field} must be at most ${max}`));

/** A self-tape or reel link: http(s) only. */
const link = (field: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(500, `${field} must be at most 500 characters`),
      z.regex(/^$|^https?:\/\/\S+$/i, 'Enter a link starting with https://'),
    );

export const contentNoteSchema = z.object({
  nudity: z._default(z.boolean(), false),
  intimacy: z._default(z.boolean(), false),
  violence: z._default(z.boolean(), false),
  /** What the scenes ask, in words: needed when any of the three is true. */
  details: optionalText('content_note.details', 1000),
});

export const roleInputSchema = z.object({
  /** A role's id keeps it (and its applications) when a call is edited; a role without one is new. */
  id: z.optional(z.int()),
  name: requiredText('name', 'role’s name', 120),
  description: optionalText('description', 2000),
  /** Empty: any gender. */
  genders: z._default(z.array(z.enum(genders, { error: `genders must be among ${genders.join(', ')}` })), []),
  age_min: wholeNumber('age_min', 1, 100),
  age_max: wholeNumber('age_max', 1, 100),
  languages: z._default(
    z.array(requiredText('languages', 'language', 40)).check(z.maxLength(12, 'At most 12 languages')),
    [],
  ),
  paid: z.boolean({ error: 'paid must be true or false' }),
  /** Whole rupees; 0 for an unpaid role. */
  pay_inr: z._default(wholeNumber('pay_inr', 0, 100_000_000), 0),
  requires: z._default(
    z.object({
      photo: z._default(z.boolean(), true),
      reel: z._default(z.boolean(), false),
      self_tape: z._default(z.boolean(), false),
    }),
    { photo: true, reel: false, self_tape: false },
  ),
  self_tape_instructions: optionalText('self_tape_instructions', 2000),
  /** The longest self-tape the role takes, in seconds: the job refuses a longer one. */
  self_tape_max_seconds: z._default(wholeNumber('self_tape_max_seconds', 1, MAX_TAPE_SECONDS), MAX_TAPE_SECONDS),
  openings: z._default(wholeNumber('openings', 1, 1000), 1),
});
export type RoleInput = z.output<typeof roleInputSchema>;

/**
 * A call as its poster writes it. `deadline` is an ISO 8601 time with its offset, or a date (the end of that day in
 * India).
 */
export const callInputSchema = z.object({
  title: requiredText('title', 'project’s title', 160),
  project_type: z.enum(projectTypes, { error: `project_type must be one of ${projectTypes.join(', ')}` }),
  description: requiredText('description', 'description', 5000),
  city: optionalText('city', 80),
  remote: z._default(z.boolean(), false),
  shoot_start: z._default(z.nullable(isoDate('shoot_start')), null),
  shoot_end: z._default(z.nullable(isoDate('shoot_end')), null),
  content_note: z._default(contentNoteSchema, {
    nudity: false,
    intimacy: false,
    violence: false,
    details: '',
  }),
  deadline: z
    .string({ error: 'Enter the deadline' })
    .check(
      z.trim(),
      z.regex(
        /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
        'deadline must be a date like 2026-12-31 or a time like 2026-12-31T18:00:00+05:30',
      ),
      calendarDate('deadline'),
    ),
  roles: z
    .array(roleInputSchema)
    .check(z.minLength(1, 'Add at least one role'), z.maxLength(MAX_ROLES, `At most ${MAX_ROLES} roles`)),
});
export type CallInput = z.input<typeof callInputSchema>;
export type ParsedCallInput = z.output<typeof callInputSchema>;

export const roleSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  genders: z.array(z.enum(genders)),
  age_min: z.int(),
  age_max: z.int(),
  languages: z.array(z.string()),
  paid: z.boolean(),
  pay_inr: z.int(),
  requires: z.object({ photo: z.boolean(), reel: z.boolean(), self_tape: z.boolean() }),
  self_tape_instructions: z.string(),
  /** The longest self-tape the role takes, in seconds (at most tapes.ts MAX_TAPE_SECONDS). */
  self_tape_max_seconds: z.int(),
  openings: z.int(),
  /** Openings filled by applicants the poster selected: when it reaches `openings`, nobody may apply. */
  openings_filled: z.int(),
  status: z.enum(roleStatuses),
});
export type CastingRole = z.infer<typeof roleSchema>;

export const posterSchema = z.object({ handle: z.string(), display_name: z.string(), verified: z.boolean() });

export const callSchema = z.object({
  id: z.int(),
  title: z.string(),
  project_type: z.enum(projectTypes),
  description: z.string(),
  city: z.string(),
  remote: z.boolean(),
  shoot_start: z.nullable(z.string()),
  shoot_end: z.nullable(z.string()),
  content_note: z.object({
    nudity: z.boolean(),
    intimacy: z.boolean(),
    violence: z.boolean(),
    details: z.string(),
  }),
  /** ISO 8601 in India's time, with its offset. */
  deadline: z.string(),
  status: z.enum(callStatuses),
  poster: posterSchema,
  roles: z.array(roleSchema),
  created_at: z.string(),
});
export type CastingCall = z.infer<typeof callSchema>;
export const callResponseSchema = z.object({ data: callSchema });

/** A call as its poster sees it in their list: with the moderator's reason and the applications' counts. */
export const myCallSchema = z.extend(callSchema, {
  unpublished_reason: z.nullable(z.string()),
  applications: z.int(),
  unseen: z.int(),
  /** When the hourly upkeep closes the call if its poster has not (CLOSE_AFTER_DEADLINE_DAYS after its deadline). */
  closes_at: z.string(),
});
export type MyCastingCall = z.infer<typeof myCallSchema>;
export const myCallListResponseSchema = z.object({ data: z.array(myCallSchema) });

const yes = z.optional(z.enum(['true', 'false'], { error: 'must be true or false' }));
const pageParam = z._default(z.coerce.number().check(z.int(), z.gte(1, 'page must be 1 or more'), z.lte(10_000)), 1);
const perPageParam = (byDefault: number, max: number) =>
  z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1, 'per_page must be 1 or more'), z.lte(max, `per_page must be at most ${max}`)),
    byDefault,
  );

export const callListQuerySchema = z.object({
  /** The city, or remote calls, which suit any city. */
  city: z.optional(z.string().check(z.trim(), z.maxLength(80, 'city must be at most 80 characters'))),
  language: z.optional(z.string().check(z.trim(), z.maxLength(40, 'language must be at most 40 characters'))),
  gender: z.optional(z.enum(genders, { error: `gender must be one of ${genders.join(', ')}` })),
  /** A playing age a role's range covers. */
  age: z.optional(
    z.coerce
      .number()
      .check(
        z.int('age must be a whole number'),
        z.gte(1, 'age must be at least 1'),
        z.lte(100, 'age must be at most 100'),
      ),
  ),
  /** `true`: calls with a paid role only. */
  paid: yes,
  type: z.optional(z.enum(projectTypes, { error: `type must be one of ${projectTypes.join(', ')}` })),
  /** `true`: calls whose deadline is within CLOSING_SOON_DAYS days, soonest first. */
  closing_soon: yes,
  page: pageParam,
  per_page: perPageParam(12, 48),
});
export type CallListQuery = z.output<typeof callListQuerySchema>;

/** A row of `/auditions`: enough for a card. */
export const callCardSchema = z.object({
  id: z.int(),
  title: z.string(),
  project_type: z.enum(projectTypes),
  city: z.string(),
  remote: z.boolean(),
  deadline: z.string(),
  poster: posterSchema,
  roles: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      genders: z.array(z.enum(genders)),
      age_min: z.int(),
      age_max: z.int(),
      languages: z.array(z.string()),
      paid: z.boolean(),
      pay_inr: z.int(),
      status: z.enum(roleStatuses),
    }),
  ),
});
export type CallCard = z.infer<typeof callCardSchema>;
export const callListResponseSchema = z.object({ data: z.array(callCardSchema), meta: pageMetaSchema });
export type CallList = z.infer<typeof callListResponseSchema>;

export const callParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'There is no such casting call' })
    .check(z.int('There is no such casting call'), z.gte(1, 'There is no such casting call'), z.lte(2_147_483_647)),
});
export const roleParamsSchema = z.object({
  id: callParamsSchema.shape.id,
  roleId: z.coerce
    .number({ error: 'There is no such role' })
    .check(z.int('There is no such role'), z.gte(1, 'There is no such role'), z.lte(2_147_483_647)),
});

export const applicationInputSchema = z.object({
  /** Photos of the applicant's profile, by id; the first is the one the poster sees on the card. */
  photo_ids: z._default(z.array(z.int({ error: 'photo_ids must be photo numbers' })).check(z.maxLength(6)), []),
  /** One of the applicant's reels. */
  reel: z._default(z.nullable(link('reel')), null),
  self_tape_url: z._default(z.nullable(link('self_tape_url')), null),
  /** A tape the applicant uploaded for this role (src/contract/tapes.ts), every byte of it received. */
  self_tape_id: z._default(
    z.nullable(z.int({ error: 'self_tape_id must be a tape number' }).check(z.gte(1), z.lte(2_147_483_647))),
    null,
  ),
  note: optionalText('note', MAX_NOTE),
});
export type ApplicationInput = z.input<typeof applicationInputSchema>;

export const callbackSchema = z.object({
  at: z.string(),
  place: z.string(),
  answer: z.nullable(z.enum(['accepted', 'declined'])),
});

export const applicationSchema = z.object({
  id: z.int(),
  call_id: z.int(),
  role_id: z.int(),
  status: z.enum(applicationStatuses),
  note: z.string(),
  photo_ids: z.array(z.int()),
  reel: z.nullable(z.string()),
  self_tape_url: z.nullable(z.string()),
  /** The uploaded tape it carries (the latest, when it answered the poster's request more than once). */
  self_tape_id: z.nullable(z.int()),
  /** The poster's request for a tape, when they made one. */
  tape_request: z.nullable(tapeRequestSchema),
  callback: z.nullable(callbackSchema),
  created_at: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;
export const applicationResponseSchema = z.object({ data: applicationSchema });

/** An application in the applicant's list, with what it is for. */
export const myApplicationSchema = z.extend(applicationSchema, {
  call_title: z.string(),
  role_name: z.string(),
  /** Null when the poster has deleted their account (the call is then closed). */
  poster: z.nullable(posterSchema),
  deadline: z.string(),
  updated_at: z.string(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
export const myApplicationListResponseSchema = z.object({ data: z.array(myApplicationSchema) });

export const applicantSorts = ['newest', 'oldest', 'name'] as const;
export const applicantListQuerySchema = z.object({
  role: z.optional(z.coerce.number().check(z.int('role must be a role number'), z.gte(1), z.lte(2_147_483_647))),
  status: z.optional(z.enum(applicationStatuses, { error: `status must be one of ${applicationStatuses.join(', ')}` })),
  city: z.optional(z.string().check(z.trim(), z.maxLength(80, 'city must be at most 80 characters'))),
  language: z.optional(z.string().check(z.trim(), z.maxLength(40, 'language must be at most 40 characters'))),
  verified: yes,
  /** `off`: only applicants whose gender or playing age is outside the role's; `on`: only the others. */
  brief: z.optional(z.enum(['on', 'off'], { error: 'brief must be on or off' })),
  sort: z._default(z.enum(applicantSorts, { error: 'sort must be newest, oldest or name' }), 'newest'),
  page: pageParam,
  per_page: perPageParam(24, 100),
});
export type ApplicantListQuery = z.output<typeof applicantListQuerySchema>;

/** An application as its poster sees it: the applicant's card, what they sent, and the poster's private note. */
export const applicantSchema = z.extend(applicationSchema, {
  applicant: z.object({
    handle: z.string(),
    display_name: z.string(),
    photo: z.nullable(z.string()),
    playing_age_min: z.nullable(z.int()),
    playing_age_max: z.nullable(z.int()),
    languages: z.array(z.string()),
    city: z.string(),
    verified: z.boolean(),
    /** Under 18: no profile page to open; the poster writes to the guardian about the application. */
    minor: z.boolean(),
  }),
  photos: z.array(z.string()),
  poster_note: z.string(),
  /** What about the applicant is outside the role's brief: their gender, their playing age (unknown is never). */
  off_brief: z.array(z.enum(['gender', 'age'])),
  /** A decision not told yet: until this time (ISO) its poster may undo it. */
  undo_until: z.nullable(z.string()),
  /** The applicant's self-tape, once every byte arrived (`GET /v1/tapes/:id` plays it when ready). */
  tape: z.nullable(z.object({ id: z.int(), status: z.enum(tapeStatuses) })),
});
export type Applicant = z.infer<typeof applicantSchema>;
export const applicantListResponseSchema = z.object({
  data: z.array(applicantSchema),
  meta: z.extend(pageMetaSchema, {
    /** Applications of the call (or the role) in each status, whatever the other filters. */
    counts: z.record(z.string(), z.int()),
  }),
});
export type ApplicantList = z.infer<typeof applicantListResponseSchema>;

/**
 * `POST /applications/{id}/transition`: the poster moves it (`to`, with the callback's time and place), or the
 * applicant answers a callback (`callback_answer`).
 */
export const transitionInputSchema = z.object({
  to: z.optional(z.enum(posterTransitions, { error: `to must be one of ${posterTransitions.join(', ')}` })),
  callback_at: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/,
          'callback_at must be a time like 2026-12-05T11:00:00+05:30',
        ),
        calendarDate('callback_at'),
      ),
  ),
  callback_place: z.optional(
    z.string().check(z.trim(), z.maxLength(300, 'callback_place must be at most 300 characters')),
  ),
  callback_answer: z.optional(
    z.enum(['accepted', 'declined'], { error: 'callback_answer must be accepted or declined' }),
  ),
});
export type TransitionInput = z.output<typeof transitionInputSchema>;

/** Several applications of one call moved at once (not to a callback, which needs its own time and place). */
export const bulkTransitionSchema = z.object({
  ids: z
    .array(recordId('ids'))
    .check(z.minLength(1, 'Choose at least one applicant'), z.maxLength(200, 'At most 200 applicants at once')),
  to: z.enum(['shortlisted', 'selected', 'not_selected'], {
    error: 'to must be shortlisted, selected or not_selected',
  }),
});

/** The moves of several applications of one call (or one) undone before their applicants are told. */
export const undoDecisionSchema = z.object({
  ids: z
    .array(recordId('ids'))
    .check(z.minLength(1, 'Choose at least one applicant'), z.maxLength(200, 'At most 200 applicants at once')),
});

/** What a move that is told later answers: how many moved, and until when (ISO) it may be undone. */
export const bulkTransitionResponseSchema = z.object({ moved: z.int(), undo_until: z.nullable(z.string()) });

/**
 * The name of a call's applicant file: its title in plain letters and the day in India, as
 * `monsoon-letters-applicants-28-Nov-2026.csv` (a title without such letters is named by the call's number).
 */
export function applicantsCsvName(call: { id: number; title: string }, at: Date): string {
  const slug = call.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const india = new Date(at.getTime() + 5.5 * 60 * 60 * 1000);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const day = `${String(india.getUTCDate()).padStart(2, '0')}-${months[india.getUTCMonth()]}-${india.getUTCFullYear()}`;
  return `${slug || `casting-call-${call.id}`}-applicants-${day}.csv`;
}

export const posterNoteSchema = z.object({ note: optionalText('note', 2000) });

export const callReportSchema = z.object({
  reason: z.enum(['asks_for_money', 'fake', 'inappropriate'], {
    error: 'reason must be asks_for_money, fake or inappropriate',
  }),
  details: optionalText('details', 2000),
});

export const unpublishSchema = z.object({
  reason: z
    .string({ error: 'Give the reason' })
    .check(z.trim(), z.minLength(1, 'Give the reason'), z.maxLength(300, 'reason must be at most 300 characters')),
});

/** A call waiting for a moderator, or reported. */
export const moderationCallSchema = z.extend(callSchema, {
  reports: z.array(z.object({ reason: z.string(), details: z.string(), created_at: z.string() })),
  /** Its poster's profile is hidden by a moderator: the call cannot be published while it is. */
  poster_hidden: z.boolean(),
  /** Its poster is an organisation held for review: the call cannot be published until a moderator approves it. */
  poster_held: z.boolean(),
});
/** A moderator's publishing of a call: the reason is optional (the audit log keeps it when given). */
export const publishSchema = z.object({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300, 'reason must be at most 300 characters'))),
});
export const moderationCallListResponseSchema = z.object({ data: z.array(moderationCallSchema), meta: pageMetaSchema });
export type ModerationCall = z.infer<typeof moderationCallSchema>;
export const moderationCallQuerySchema = z.object({
  /** pending: waiting to be published; reported: published with open reports. */
  queue: z._default(z.enum(['pending', 'reported'], { error: 'queue must be pending or reported' }), 'pending'),
  page: pageParam,
  per_page: perPageParam(20, 100),
});
