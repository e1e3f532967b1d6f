import { z } from 'zod/mini';
import { calendarDate, optionalText, recordId, requiredText } from './fields';

/**
 * Callback slots: the poster of a call makes slots (a date, a start in India's time, a length, a place or a video-call
 * link, a contact person and instructions) and offers them to applicants of the shortlist; each applicant picks one
 * or asks for another time. Every offer, confirmation, change and cancellation is mailed with a calendar file.
 */

/** The shortest and longest a slot may be, in minutes. */
export const SLOT_MINUTES = { min: 5, max: 480 } as const;
/** The most slots and applicants one offer names. */
export const MAX_OFFERED_SLOTS = 20;
export const MAX_OFFERED_APPLICANTS = 100;

/** `POST /me/casting-calls/{id}/callback-slots` and `PUT /callback-slots/{id}`: a slot as the poster writes it. */
export const slotInputSchema = z
  .object({
    date: z
      .string({ error: 'Enter the date' })
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date like 2026-12-31'), calendarDate('date')),
    start: z
      .string({ error: 'Enter the start time' })
      .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'start must be a time like 14:30')),
    minutes: z
      .int({ error: 'minutes must be a whole number' })
      .check(
        z.gte(SLOT_MINUTES.min, `minutes must be at least ${SLOT_MINUTES.min}`),
        z.lte(SLOT_MINUTES.max, `minutes must be at most ${SLOT_MINUTES.max}`),
      ),
    place: optionalText('place', 300),
    video_link: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(300, 'video_link must be at most 300 characters'),
          z.regex(/^$|^https:\/\/\S+$/i, 'Enter a link starting with https://'),
        ),
      '',
    ),
    contact: requiredText('contact', 'contact person', 200),
    instructions: optionalText('instructions', 1000),
  })
  .check(
    z.refine((slot) => slot.place !== '' || slot.video_link !== '', {
      message: 'Give a place or a video-call link',
      path: ['place'],
    }),
  );
export type SlotInput = z.input<typeof slotInputSchema>;

/** One slot as its poster sees it: who it was offered to, and who confirmed it. */
export const slotSchema = z.object({
  id: z.number(),
  call_id: z.number(),
  /** India's time with its offset: `2026-12-05T11:00:00+05:30`. */
  starts_at: z.string(),
  minutes: z.number(),
  place: z.nullable(z.string()),
  video_link: z.nullable(z.string()),
  map_link: z.nullable(z.string()),
  contact: z.string(),
  instructions: z.string(),
  cancelled: z.boolean(),
  offered: z.array(z.object({ application_id: z.number(), name: z.string(), role_name: z.string() })),
  confirmed: z.nullable(z.object({ application_id: z.number(), name: z.string(), role_name: z.string() })),
});
export type CallbackSlot = z.infer<typeof slotSchema>;

/** `GET /me/casting-calls/{id}/callback-slots`: the call's slots by time, the shortlist, and the requests. */
export const scheduleResponseSchema = z.object({
  data: z.object({
    slots: z.array(slotSchema),
    /** The applications slots may be offered to: shortlisted, or at a callback already. */
    shortlist: z.array(z.object({ application_id: z.number(), name: z.string(), role_name: z.string() })),
    /** Applicants who asked for another time. */
    requests: z.array(z.object({ application_id: z.number(), name: z.string(), note: z.string(), at: z.string() })),
  }),
});
export type CallbackSchedule = z.infer<typeof scheduleResponseSchema>['data'];

export const slotResponseSchema = z.object({ data: slotSchema });

/** `POST /me/casting-calls/{id}/callback-offers`: these slots to these applications. */
export const offerInputSchema = z.object({
  application_ids: z
    .array(recordId('application_ids'))
    .check(
      z.minLength(1, 'Choose at least one applicant'),
      z.maxLength(MAX_OFFERED_APPLICANTS, `At most ${MAX_OFFERED_APPLICANTS} applicants`),
    ),
  slot_ids: z
    .array(recordId('slot_ids'))
    .check(
      z.minLength(1, 'Choose at least one slot'),
      z.maxLength(MAX_OFFERED_SLOTS, `At most ${MAX_OFFERED_SLOTS} slots`),
    ),
});
export const offerResponseSchema = z.object({ data: z.object({ offered: z.number() }) });

/** A slot as an applicant it was offered to sees it. */
export const offeredSlotSchema = z.object({
  id: z.number(),
  starts_at: z.string(),
  minutes: z.number(),
  place: z.nullable(z.string()),
  video_link: z.nullable(z.string()),
  map_link: z.nullable(z.string()),
  contact: z.string(),
  instructions: z.string(),
  /** Confirmed by another applicant. */
  taken: z.boolean(),
});
export type OfferedSlot = z.infer<typeof offeredSlotSchema>;

/** The slots offered to one application of the caller, and what they answered. */
export const myCallbackSchema = z.object({
  application_id: z.number(),
  call_title: z.string(),
  role_name: z.string(),
  slots: z.array(offeredSlotSchema),
  chosen_slot_id: z.nullable(z.number()),
  /** The note of the applicant's request for another time, while it stands. */
  asked_another_time: z.nullable(z.string()),
});
/** `GET /me/callbacks`: the caller's callback offers, one per application. */
export const myCallbacksResponseSchema = z.object({ data: z.array(myCallbackSchema) });
export const myCallbackResponseSchema = z.object({ data: myCallbackSchema });
export type MyCallback = z.infer<typeof myCallbackSchema>;

/** `POST /applications/{id}/callback-slot`: the applicant picks one of the slots offered. */
export const pickSlotSchema = z.object({ slot_id: recordId('slot_id') });
/** `POST /applications/{id}/callback-request`: the applicant asks for another time. */
export const anotherTimeSchema = z.object({ note: requiredText('note', 'times that suit you', 500) });
