import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CallbackSchedule, CallbackSlot, MyCallback, SlotInput } from '../../../src/contract/callbacks.js';
import { INDIA_OFFSET } from '../../../src/contract/casting.js';
import { type Database, rowsOf } from '../db/client.js';
import {
  callbackOffers,
  callbackRequests,
  callbackSlots,
  castingApplications,
  castingCalls,
  castingRoles,
  profiles,
} from '../db/schema.js';
import { applicantUsers, DAY_MS, inIndia, ownCall } from '../lib/casting-calls.js';
import { type CalendarEvent, type CalendarMethod, calendarAttachment, mapLink } from '../lib/ical.js';
import type { MailRecipient } from '../lib/notify.js';
import { tell } from '../lib/tell.js';
import {
  type CallbackEvent,
  callbackAnswerNotice,
  callbackMail,
  callbackNotice,
  type SlotWords,
} from '../lib/templates.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Callback slots of a call: the poster makes, changes and cancels them and offers them to the shortlist; each
     * applicant picks one or asks for another time. Every offer, confirmation, change and cancellation is told to
     * the applicant with a calendar file (lib/ical.ts); the hourly upkeep sends the reminder of the day before.
     */
    callbackRepository: {
      schedule(userId: number, callId: number): Promise<CallbackSchedule>;
      createSlot(tx: Database, userId: number, callId: number, input: SlotInput): Promise<CallbackSlot>;
      changeSlot(tx: Database, userId: number, slotId: number, input: SlotInput): Promise<CallbackSlot>;
      cancelSlot(tx: Database, userId: number, slotId: number): Promise<CallbackSlot>;
      offer(
        tx: Database,
        userId: number,
        callId: number,
        input: { application_ids: number[]; slot_ids: number[] },
      ): Promise<{ offered: number }>;
      mine(userId: number): Promise<MyCallback[]>;
      pick(tx: Database, userId: number, applicationId: number, slotId: number): Promise<MyCallback>;
      askAnotherTime(tx: Database, userId: number, applicationId: number, note: string): Promise<MyCallback>;
      /** Reminds each applicant whose confirmed callback starts within a day, once; returns how many. */
      remindCallbacks(tx: Database, now?: Date): Promise<number>;
      /**
       * Takes the applications `applicationIds`, no longer at a callback (withdrawn, not selected, their call or
       * account gone), off every slot still ahead: each is sent the calendar's cancellation, the poster's schedule
       * stops naming them, and the slots they held are free again for those still waiting (told so).
       */
      releaseApplications(tx: Database, applicationIds: number[]): Promise<void>;
    };
  }
}

export interface CallbackRepositoryOptions {
  publicUrl: string;
}

type SlotRow = typeof callbackSlots.$inferSelect;
type OfferRow = typeof callbackOffers.$inferSelect;

/** The organiser of every callback event: mail about it comes from the site, whose address takes no replies. */
const ORGANIZER_EMAIL = 'no-reply@cineverse.in';

/** The stable UID of the calendar event of `slotId` offered to `applicationId`. */
const eventUid = (applicationId: number, slotId: number) => `callback-${applicationId}-${slotId}@cineverse.in`;

/** A slot's place, or its video-call link, as one line. */
const whereOf = (slot: Pick<SlotRow, 'place' | 'videoLink'>) => slot.place ?? slot.videoLink ?? '';

function slotWords(slot: SlotRow): SlotWords {
  return {
    start: slot.startsAt,
    minutes: slot.minutes,
    place: slot.place,
    videoLink: slot.videoLink,
    mapLink: slot.place ? mapLink(slot.place) : null,
    contact: slot.contact,
    instructions: slot.instructions,
  };
}

/** The slot's start from the poster's date and start in India's time; refused unless it is in the future. */
function startOf(input: SlotInput, now = new Date()): Date {
  const at = new Date(`${input.date}T${input.start}:00${INDIA_OFFSET}`);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
    throw new HttpError(400, 'The callback must be at a time in the future', 'date');
  }
  return at;
}

const slotValues = (input: SlotInput) => ({
  minutes: input.minutes,
  place: input.place?.trim() || null,
  videoLink: input.video_link?.trim() || null,
  contact: input.contact.trim(),
  instructions: input.instructions?.trim() ?? '',
});

export default fp<CallbackRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const site = options.publicUrl.replace(/\/+$/, '');
    const applicationsLink = '/me/applications';

    /** What the mails of one application's callback need: its call, role, applicant's account and poster's name. */
    async function contextOf(tx: Database, applicationIds: number[]) {
      if (applicationIds.length === 0) return new Map<number, Context>();
      const rows = await tx
        .select({
          application: castingApplications,
          callTitle: castingCalls.title,
          posterId: castingCalls.posterId,
          roleName: castingRoles.name,
        })
        .from(castingApplications)
        .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
        .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
        .where(inArray(castingApplications.id, applicationIds));
      const users = await applicantUsers(
        tx,
        rows.map((row) => row.application.profileId),
      );
      const posterIds = [...new Set(rows.flatMap((row) => (row.posterId === null ? [] : [row.posterId])))];
      const posters =
        posterIds.length === 0
          ? []
          : await tx
              .select({ id: profiles.id, name: profiles.displayName })
              .from(profiles)
              .where(inArray(profiles.id, posterIds));
      return new Map(
        rows.map((row): [number, Context] => [
          row.application.id,
          {
            application: row.application,
            call: row.callTitle,
            role: row.roleName,
            poster: posters.find((poster) => poster.id === row.posterId)?.name ?? 'CineVerse',
            userId: users.get(row.application.profileId) ?? null,
          },
        ]),
      );
    }
    interface Context {
      application: typeof castingApplications.$inferSelect;
      call: string;
      role: string;
      poster: string;
      userId: number | null;
    }

    function eventOf(
      context: Context,
      slot: SlotRow,
      offer: Pick<OfferRow, 'sequence'>,
      to: MailRecipient,
      confirmed: boolean,
    ): CalendarEvent {
      const hi = to.language === 'hi';
      const words = slotWords(slot);
      const description = [
        hi ? `${context.call} में ${context.role} की भूमिका का कॉलबैक` : `Callback for ${context.role} in ${context.call}`,
        `${hi ? 'संपर्क' : 'Contact'}: ${slot.contact}`,
        ...(slot.instructions ? [slot.instructions] : []),
        ...(words.mapLink ? [`${hi ? 'नक्शा' : 'Map'}: ${words.mapLink}`] : []),
        ...(slot.videoLink ? [`${hi ? 'वीडियो कॉल' : 'Video call'}: ${slot.videoLink}`] : []),
        `${site}${applicationsLink}`,
      ].join('\n');
      return {
        uid: eventUid(context.application.id, slot.id),
        sequence: offer.sequence,
        start: slot.startsAt,
        minutes: slot.minutes,
        summary: hi ? `कॉलबैक: ${context.call} में ${context.role}` : `Callback: ${context.role} in ${context.call}`,
        description,
        location: whereOf(slot) || null,
        url: slot.videoLink ?? words.mapLink,
        status: confirmed ? 'CONFIRMED' : 'TENTATIVE',
        organizer: { name: context.poster, email: ORGANIZER_EMAIL },
        attendee: { name: to.name, email: to.email, confirmed },
      };
    }

    /**
     * Tells the applicant of `context` of `event`, in `tx`: a notice, and a mail listing `slots` with calendar files,
     * one per method (`calendars`), each holding the events of its slots.
     */
    async function tellApplicant(
      tx: Database,
      context: Context,
      event: CallbackEvent,
      slots: SlotRow[],
      calendars: { method: CalendarMethod; items: { slot: SlotRow; offer: Pick<OfferRow, 'sequence'> }[] }[],
      confirmed: boolean,
    ) {
      if (context.userId === null) return;
      const words = callbackNotice(event, context.call, context.role, slots.length === 1 ? slots[0]!.startsAt : null);
      await tell(tx, {
        userId: context.userId,
        kind: 'callback',
        words,
        link: applicationsLink,
        mail: {
          write: (to) => ({
            ...callbackMail(to, event, words[to.language], slots.map(slotWords), `${site}${applicationsLink}`),
            attachments: calendars
              .filter((item) => item.items.length > 0)
              .map((item) =>
                calendarAttachment(
                  item.method,
                  item.items.map(({ slot, offer }) => eventOf(context, slot, offer, to, confirmed)),
                  item.method === 'CANCEL' ? 'cancelled.ics' : 'callback.ics',
                ),
              ),
          }),
        },
      });
    }

    /** Tells the call's poster what an applicant answered. */
    async function tellPoster(tx: Database, context: Context, answer: { slot: Date } | { note: string }) {
      const [poster] = await tx
        .select({ userId: profiles.userId })
        .from(profiles)
        .innerJoin(castingCalls, eq(castingCalls.posterId, profiles.id))
        .where(eq(castingCalls.id, context.application.callId));
      if (!poster) return;
      const [applicant] = await tx
        .select({ name: profiles.displayName })
        .from(profiles)
        .where(eq(profiles.id, context.application.profileId));
      await tell(tx, {
        userId: poster.userId,
        kind: 'callback',
        words: callbackAnswerNotice(answer, applicant?.name ?? '', context.role, context.call),
        link: `/me/casting-calls/${context.application.callId}/callbacks`,
        mail: { site },
      });
    }

    /** The poster's slot `slotId`, locked; 404 to anyone else. */
    async function ownSlot(tx: Database, userId: number, slotId: number) {
      const [found] = await tx
        .select({ slot: callbackSlots })
        .from(callbackSlots)
        .innerJoin(castingCalls, eq(castingCalls.id, callbackSlots.callId))
        .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
        .where(and(eq(callbackSlots.id, slotId), eq(profiles.userId, userId)))
        .for('update', { of: callbackSlots });
      if (!found) throw new HttpError(404, 'There is no such slot', 'slot_id');
      return found.slot;
    }

    /** The caller's own application `applicationId`, locked, at a callback (as the applicant was told). */
    async function ownCallbackApplication(tx: Database, userId: number, applicationId: number) {
      const [found] = await tx
        .select({ application: castingApplications })
        .from(castingApplications)
        .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
        .where(and(eq(castingApplications.id, applicationId), eq(profiles.userId, userId)))
        .for('update', { of: castingApplications });
      if (!found) throw new HttpError(404, 'There is no such application');
      if ((found.application.untoldFrom ?? found.application.status) !== 'callback') {
        throw new HttpError(409, 'There is no callback to answer', 'slot_id');
      }
      return found.application;
    }

    /** Names of the applicants of `applicationIds`, with their roles. */
    async function applicantNames(executor: Database, applicationIds: number[]) {
      if (applicationIds.length === 0) return new Map<number, { name: string; role_name: string }>();
      const rows = await executor
        .select({ id: castingApplications.id, name: profiles.displayName, role: castingRoles.name })
        .from(castingApplications)
        .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
        .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
        .where(inArray(castingApplications.id, applicationIds));
      return new Map(rows.map((row) => [row.id, { name: row.name, role_name: row.role }]));
    }

    async function slotViews(executor: Database, slots: SlotRow[]): Promise<CallbackSlot[]> {
      const offers =
        slots.length === 0
          ? []
          : await executor
              .select()
              .from(callbackOffers)
              .where(
                inArray(
                  callbackOffers.slotId,
                  slots.map((slot) => slot.id),
                ),
              );
      const names = await applicantNames(executor, [...new Set(offers.map((offer) => offer.applicationId))]);
      const who = (applicationId: number) => ({
        application_id: applicationId,
        name: names.get(applicationId)?.name ?? '',
        role_name: names.get(applicationId)?.role_name ?? '',
      });
      return slots.map((slot) => {
        const ofSlot = offers.filter((offer) => offer.slotId === slot.id);
        const confirmed = ofSlot.find((offer) => offer.confirmedAt !== null);
        return {
          id: slot.id,
          call_id: slot.callId,
          starts_at: inIndia(slot.startsAt),
          minutes: slot.minutes,
          place: slot.place,
          video_link: slot.videoLink,
          map_link: slot.place ? mapLink(slot.place) : null,
          contact: slot.contact,
          instructions: slot.instructions,
          cancelled: slot.cancelledAt !== null,
          offered: ofSlot.map((offer) => who(offer.applicationId)),
          confirmed: confirmed ? who(confirmed.applicationId) : null,
        };
      });
    }

    /** The caller's callback on application `applicationId` (or every one of theirs), as `GET /me/callbacks` gives it. */
    async function callbacksOf(executor: Database, userId: number, applicationId?: number): Promise<MyCallback[]> {
      const rows = await executor
        .select({
          offer: callbackOffers,
          slot: callbackSlots,
          callTitle: castingCalls.title,
          roleName: castingRoles.name,
          note: callbackRequests.note,
          taken: sql<boolean>`exists (select 1 from ${callbackOffers} other where other.slot_id = ${callbackSlots.id}
            and other.confirmed_at is not null and other.application_id <> ${castingApplications.id})`,
        })
        .from(callbackOffers)
        .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
        .innerJoin(castingApplications, eq(castingApplications.id, callbackOffers.applicationId))
        .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
        .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
        .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
        .leftJoin(callbackRequests, eq(callbackRequests.applicationId, castingApplications.id))
        .where(
          and(
            eq(profiles.userId, userId),
            applicationId === undefined ? undefined : eq(castingApplications.id, applicationId),
            sql`coalesce(${castingApplications.untoldFrom}, ${castingApplications.status}) = 'callback'`,
            isNull(callbackSlots.cancelledAt),
          ),
        )
        .orderBy(asc(castingApplications.id), asc(callbackSlots.startsAt), asc(callbackSlots.id));
      const byApplication = new Map<number, MyCallback>();
      const now = Date.now();
      for (const row of rows) {
        const chosen = row.offer.confirmedAt !== null;
        // A slot past is no choice any more; the one chosen stays shown.
        if (!chosen && row.slot.startsAt.getTime() <= now) continue;
        let item = byApplication.get(row.offer.applicationId);
        if (!item) {
          item = {
            application_id: row.offer.applicationId,
            call_title: row.callTitle,
            role_name: row.roleName,
            slots: [],
            chosen_slot_id: null,
            asked_another_time: row.note,
          };
          byApplication.set(row.offer.applicationId, item);
        }
        if (chosen) item.chosen_slot_id = row.slot.id;
        item.slots.push({
          id: row.slot.id,
          starts_at: inIndia(row.slot.startsAt),
          minutes: row.slot.minutes,
          place: row.slot.place,
          video_link: row.slot.videoLink,
          map_link: row.slot.place ? mapLink(row.slot.place) : null,
          contact: row.slot.contact,
          instructions: row.slot.instructions,
          taken: row.taken,
        });
      }
      return [...byApplication.values()];
    }

    /** Raises the SEQUENCE of the offers `keys` (a mail about them follows) and returns them as they now are. */
    async function raiseSequences(tx: Database, keys: { applicationId: number; slotId: number }[]) {
      const raised: OfferRow[] = [];
      for (const key of keys) {
        const [row] = await tx
          .update(callbackOffers)
          .set({ sequence: sql`${callbackOffers.sequence} + 1` })
          .where(and(eq(callbackOffers.applicationId, key.applicationId), eq(callbackOffers.slotId, key.slotId)))
          .returning();
        if (row) raised.push(row);
      }
      return raised;
    }

    /** Mails everyone offered `slot` of its change (`changed`) or cancellation (`cancelled`). */
    async function tellOffered(tx: Database, slot: SlotRow, event: 'changed' | 'cancelled') {
      const offers = await tx.select().from(callbackOffers).where(eq(callbackOffers.slotId, slot.id));
      const taken = offers.some((offer) => offer.confirmedAt !== null);
      // A change reaches the one who confirmed it, or, while nobody has, everyone it is offered to; a cancellation
      // everyone it was offered to, so that each calendar drops it.
      const told = offers.filter((offer) => event === 'cancelled' || offer.confirmedAt !== null || !taken);
      const raised = await raiseSequences(tx, told);
      const contexts = await contextOf(
        tx,
        raised.map((offer) => offer.applicationId),
      );
      for (const offer of raised) {
        const context = contexts.get(offer.applicationId);
        if (!context) continue;
        const confirmed = offer.confirmedAt !== null;
        const method: CalendarMethod = event === 'cancelled' ? 'CANCEL' : confirmed ? 'REQUEST' : 'PUBLISH';
        await tellApplicant(tx, context, event, [slot], [{ method, items: [{ slot, offer }] }], confirmed);
      }
    }

    /**
     * Tells the others still waiting on `slot` (offered it, at a callback, not yet past it) that `applicationId` took
     * it, withdrawing its tentative entry from their calendars.
     */
    async function tellTaken(tx: Database, slot: SlotRow, applicationId: number) {
      const waiting = await tx
        .select({ applicationId: callbackOffers.applicationId, slotId: callbackOffers.slotId })
        .from(callbackOffers)
        .innerJoin(castingApplications, eq(castingApplications.id, callbackOffers.applicationId))
        .where(
          and(
            eq(callbackOffers.slotId, slot.id),
            ne(callbackOffers.applicationId, applicationId),
            sql`coalesce(${castingApplications.untoldFrom}, ${castingApplications.status}) = 'callback'`,
          ),
        );
      const raised = await raiseSequences(tx, waiting);
      const contexts = await contextOf(
        tx,
        raised.map((offer) => offer.applicationId),
      );
      for (const offer of raised) {
        const context = contexts.get(offer.applicationId);
        if (context)
          await tellApplicant(tx, context, 'taken', [slot], [{ method: 'CANCEL', items: [{ slot, offer }] }], false);
      }
    }

    /**
     * Tells who still waits for a callback time on `slot`'s call that it is free again: applicants at a callback
     * with no time of their own ahead who were offered it (their pick lost the race, or they have not picked yet) or
     * asked for another time (it is offered to them now). Each gets it in their calendar as a time to pick.
     */
    async function tellFreed(tx: Database, slot: SlotRow) {
      if (slot.cancelledAt || slot.startsAt.getTime() <= Date.now()) return;
      const waiting = rowsOf<{ id: number }>(
        await tx.execute(sql`
          select a.id from ${castingApplications} a
          where a.call_id = ${slot.callId} and a.status = 'callback' and a.untold_from is null
            and not exists (select 1 from ${callbackOffers} mine join ${callbackSlots} s on s.id = mine.slot_id
              where mine.application_id = a.id and mine.confirmed_at is not null and s.cancelled_at is null
                and s.starts_at > now())
            and (exists (select 1 from ${callbackOffers} o where o.application_id = a.id and o.slot_id = ${slot.id})
              or exists (select 1 from ${callbackRequests} r where r.application_id = a.id))
          order by a.id`),
      ).map((row) => Number(row.id));
      if (waiting.length === 0) return;
      await tx
        .insert(callbackOffers)
        .values(waiting.map((applicationId) => ({ applicationId, slotId: slot.id })))
        .onConflictDoNothing();
      const raised = await raiseSequences(
        tx,
        waiting.map((applicationId) => ({ applicationId, slotId: slot.id })),
      );
      const contexts = await contextOf(tx, waiting);
      for (const offer of raised) {
        const context = contexts.get(offer.applicationId);
        if (context)
          await tellApplicant(tx, context, 'freed', [slot], [{ method: 'PUBLISH', items: [{ slot, offer }] }], false);
      }
    }

    async function releaseApplications(tx: Database, applicationIds: number[]) {
      if (applicationIds.length === 0) return;
      const held = await tx
        .select({ offer: callbackOffers, slot: callbackSlots })
        .from(callbackOffers)
        .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
        .where(
          and(
            inArray(callbackOffers.applicationId, applicationIds),
            isNull(callbackSlots.cancelledAt),
            gt(callbackSlots.startsAt, sql`now()`),
          ),
        )
        .orderBy(asc(callbackSlots.startsAt))
        .for('update', { of: callbackSlots });
      if (held.length === 0) return;
      const raised = await raiseSequences(
        tx,
        held.map(({ offer }) => ({ applicationId: offer.applicationId, slotId: offer.slotId })),
      );
      const contexts = await contextOf(tx, [...new Set(held.map(({ offer }) => offer.applicationId))]);
      for (const [applicationId, context] of contexts) {
        const mine = held.filter(({ offer }) => offer.applicationId === applicationId);
        const items = mine.map(({ slot }) => ({
          slot,
          offer: raised.find((offer) => offer.applicationId === applicationId && offer.slotId === slot.id)!,
        }));
        const confirmed = mine.filter(({ offer }) => offer.confirmedAt !== null).map(({ slot }) => slot);
        // Every entry the offers put in their calendar goes, the confirmed one and the times still open alike.
        await tellApplicant(
          tx,
          context,
          'released',
          confirmed.length > 0 ? confirmed : mine.map(({ slot }) => slot),
          [{ method: 'CANCEL', items }],
          false,
        );
      }
      await tx.delete(callbackOffers).where(
        and(
          inArray(callbackOffers.applicationId, applicationIds),
          inArray(
            callbackOffers.slotId,
            held.map(({ slot }) => slot.id),
          ),
        ),
      );
      await tx.delete(callbackRequests).where(inArray(callbackRequests.applicationId, applicationIds));
      const freed = new Map(held.filter(({ offer }) => offer.confirmedAt !== null).map(({ slot }) => [slot.id, slot]));
      for (const slot of freed.values()) await tellFreed(tx, slot);
    }

    const repository: FastifyInstance['callbackRepository'] = {
      releaseApplications,
      async schedule(userId, callId) {
        await ownCall(db, userId, callId, false);
        const slots = await db
          .select()
          .from(callbackSlots)
          .where(eq(callbackSlots.callId, callId))
          .orderBy(asc(callbackSlots.startsAt), asc(callbackSlots.id));
        const shortlist = await db
          .select({ id: castingApplications.id, name: profiles.displayName, role: castingRoles.name })
          .from(castingApplications)
          .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
          .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
          .where(
            and(
              eq(castingApplications.callId, callId),
              inArray(castingApplications.status, ['shortlisted', 'callback']),
              isNull(castingApplications.untoldFrom),
            ),
          )
          .orderBy(asc(profiles.displayName), asc(castingApplications.id));
        const requests = await db
          .select({ request: callbackRequests, name: profiles.displayName })
          .from(callbackRequests)
          .innerJoin(castingApplications, eq(castingApplications.id, callbackRequests.applicationId))
          .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
          .where(and(eq(castingApplications.callId, callId), eq(castingApplications.status, 'callback')))
          .orderBy(asc(callbackRequests.createdAt));
        return {
          slots: await slotViews(db, slots),
          shortlist: shortlist.map((row) => ({ application_id: row.id, name: row.name, role_name: row.role })),
          requests: requests.map((row) => ({
            application_id: row.request.applicationId,
            name: row.name,
            note: row.request.note,
            at: row.request.createdAt.toISOString(),
          })),
        };
      },

      async createSlot(tx, userId, callId, input) {
        await ownCall(tx, userId, callId);
        const [slot] = await tx
          .insert(callbackSlots)
          .values({ callId, startsAt: startOf(input), ...slotValues(input) })
          .returning();
        return (await slotViews(tx, [slot!]))[0]!;
      },

      async changeSlot(tx, userId, slotId, input) {
        const found = await ownSlot(tx, userId, slotId);
        if (found.cancelledAt) throw new HttpError(409, 'This slot is cancelled', 'slot_id');
        const [slot] = await tx
          .update(callbackSlots)
          .set({ startsAt: startOf(input), ...slotValues(input), updatedAt: new Date() })
          .where(eq(callbackSlots.id, slotId))
          .returning();
        // A new time gets its own reminder; the application shows the callback as it now is.
        await tx.update(callbackOffers).set({ remindedAt: null }).where(eq(callbackOffers.slotId, slotId));
        await tx
          .update(castingApplications)
          .set({ callbackAt: slot!.startsAt, callbackPlace: whereOf(slot!), updatedAt: new Date() })
          .where(
            inArray(
              castingApplications.id,
              tx
                .select({ id: callbackOffers.applicationId })
                .from(callbackOffers)
                .where(and(eq(callbackOffers.slotId, slotId), isNotNull(callbackOffers.confirmedAt))),
            ),
          );
        await tellOffered(tx, slot!, 'changed');
        return (await slotViews(tx, [slot!]))[0]!;
      },

      async cancelSlot(tx, userId, slotId) {
        const found = await ownSlot(tx, userId, slotId);
        if (found.cancelledAt) return (await slotViews(tx, [found]))[0]!;
        const [slot] = await tx
          .update(callbackSlots)
          .set({ cancelledAt: new Date(), updatedAt: new Date() })
          .where(eq(callbackSlots.id, slotId))
          .returning();
        // The one who confirmed it has no callback time any more: they pick another, or ask for one.
        await tx
          .update(castingApplications)
          .set({ callbackAt: null, callbackPlace: null, callbackAnswer: null, updatedAt: new Date() })
          .where(
            inArray(
              castingApplications.id,
              tx
                .select({ id: callbackOffers.applicationId })
                .from(callbackOffers)
                .where(and(eq(callbackOffers.slotId, slotId), isNotNull(callbackOffers.confirmedAt))),
            ),
          );
        await tellOffered(tx, slot!, 'cancelled');
        return (await slotViews(tx, [slot!]))[0]!;
      },

      async offer(tx, userId, callId, input) {
        await ownCall(tx, userId, callId);
        const applicationIds = [...new Set(input.application_ids)];
        const slotIds = [...new Set(input.slot_ids)];
        const applications = await tx
          .select()
          .from(castingApplications)
          .where(and(eq(castingApplications.callId, callId), inArray(castingApplications.id, applicationIds)))
          .orderBy(asc(castingApplications.id))
          .for('update');
        if (applications.length !== applicationIds.length) {
          throw new HttpError(404, 'There is no such application', 'application_ids');
        }
        if (
          applications.some(
            (row) => row.untoldFrom !== null || (row.status !== 'shortlisted' && row.status !== 'callback'),
          )
        ) {
          throw new HttpError(409, 'Callback slots are offered to shortlisted applicants only', 'application_ids');
        }
        const slots = await tx
          .select()
          .from(callbackSlots)
          .where(
            and(
              eq(callbackSlots.callId, callId),
              inArray(callbackSlots.id, slotIds),
              isNull(callbackSlots.cancelledAt),
              gt(callbackSlots.startsAt, sql`now()`),
            ),
          )
          .orderBy(asc(callbackSlots.startsAt));
        if (slots.length !== slotIds.length) throw new HttpError(404, 'There is no such slot', 'slot_ids');
        // Offering slots is the callback: the shortlisted move to it, and are told by the offer's own mail.
        await tx
          .update(castingApplications)
          .set({ status: 'callback', updatedAt: new Date() })
          .where(and(inArray(castingApplications.id, applicationIds), eq(castingApplications.status, 'shortlisted')));
        const added = await tx
          .insert(callbackOffers)
          .values(applications.flatMap((row) => slots.map((slot) => ({ applicationId: row.id, slotId: slot.id }))))
          .onConflictDoNothing()
          .returning();
        const contexts = await contextOf(tx, applicationIds);
        for (const id of applicationIds) {
          const mine = added.filter((offer) => offer.applicationId === id);
          const context = contexts.get(id);
          if (mine.length === 0 || !context) continue;
          const offered = slots.filter((slot) => mine.some((offer) => offer.slotId === slot.id));
          await tellApplicant(
            tx,
            context,
            'offered',
            offered,
            [
              {
                method: 'PUBLISH',
                items: offered.map((slot) => ({ slot, offer: mine.find((offer) => offer.slotId === slot.id)! })),
              },
            ],
            false,
          );
        }
        return { offered: added.length };
      },

      mine: (userId) => callbacksOf(db, userId),

      async pick(tx, userId, applicationId, slotId) {
        const application = await ownCallbackApplication(tx, userId, applicationId);
        const [offered] = await tx
          .select({ offer: callbackOffers, slot: callbackSlots })
          .from(callbackOffers)
          .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
          .where(and(eq(callbackOffers.applicationId, applicationId), eq(callbackOffers.slotId, slotId)))
          .for('update', { of: callbackSlots });
        if (!offered) throw new HttpError(404, 'There is no such slot', 'slot_id');
        const { slot } = offered;
        if (slot.cancelledAt || slot.startsAt.getTime() <= Date.now()) {
          throw new HttpError(409, 'This slot is no longer offered: pick another', 'slot_id');
        }
        if (offered.offer.confirmedAt) return (await callbacksOf(tx, userId, applicationId))[0]!;
        // The slot row is locked: two applicants picking it at once are told in turn, the second that it is taken.
        const [other] = await tx
          .select({ applicationId: callbackOffers.applicationId })
          .from(callbackOffers)
          .where(
            and(
              eq(callbackOffers.slotId, slotId),
              isNotNull(callbackOffers.confirmedAt),
              ne(callbackOffers.applicationId, applicationId),
            ),
          );
        if (other) throw new HttpError(409, 'Another applicant has taken this slot: pick another', 'slot_id');
        // A time picked before is given up for this one: free again for who waits.
        const before = await tx
          .select({ slot: callbackSlots })
          .from(callbackOffers)
          .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
          .where(and(eq(callbackOffers.applicationId, applicationId), isNotNull(callbackOffers.confirmedAt)));
        await tx
          .update(callbackOffers)
          .set({ confirmedAt: null, remindedAt: null })
          .where(eq(callbackOffers.applicationId, applicationId));
        await tx
          .update(callbackOffers)
          .set({ confirmedAt: new Date() })
          .where(and(eq(callbackOffers.applicationId, applicationId), eq(callbackOffers.slotId, slotId)));
        await tx.delete(callbackRequests).where(eq(callbackRequests.applicationId, applicationId));
        await tx
          .update(castingApplications)
          .set({
            callbackAt: slot.startsAt,
            callbackPlace: whereOf(slot),
            callbackAnswer: 'accepted',
            updatedAt: new Date(),
          })
          .where(eq(castingApplications.id, application.id));
        // Every entry this offer put in the applicant's calendar changes: the picked one is confirmed, the others
        // (still open) are withdrawn.
        const others = await tx
          .select({ offer: callbackOffers, slot: callbackSlots })
          .from(callbackOffers)
          .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
          .where(
            and(
              eq(callbackOffers.applicationId, applicationId),
              ne(callbackOffers.slotId, slotId),
              isNull(callbackSlots.cancelledAt),
              gt(callbackSlots.startsAt, sql`now()`),
            ),
          );
        const raised = await raiseSequences(tx, [
          { applicationId, slotId },
          ...others.map((row) => ({ applicationId, slotId: row.slot.id })),
        ]);
        const sequenceOf = (id: number) => ({ sequence: raised.find((offer) => offer.slotId === id)!.sequence });
        const context = (await contextOf(tx, [applicationId])).get(applicationId)!;
        await tellApplicant(
          tx,
          context,
          'confirmed',
          [slot],
          [
            { method: 'REQUEST', items: [{ slot, offer: sequenceOf(slot.id) }] },
            { method: 'CANCEL', items: others.map((row) => ({ slot: row.slot, offer: sequenceOf(row.slot.id) })) },
          ],
          true,
        );
        await tellPoster(tx, context, { slot: slot.startsAt });
        await tellTaken(tx, slot, applicationId);
        for (const { slot: given } of before) await tellFreed(tx, given);
        return (await callbacksOf(tx, userId, applicationId))[0]!;
      },

      async askAnotherTime(tx, userId, applicationId, note) {
        await ownCallbackApplication(tx, userId, applicationId);
        await tx
          .insert(callbackRequests)
          .values({ applicationId, note })
          .onConflictDoUpdate({ target: callbackRequests.applicationId, set: { note, createdAt: new Date() } });
        const context = (await contextOf(tx, [applicationId])).get(applicationId)!;
        await tellPoster(tx, context, { note });
        const [mine] = await callbacksOf(tx, userId, applicationId);
        return (
          mine ?? {
            application_id: applicationId,
            call_title: context.call,
            role_name: context.role,
            slots: [],
            chosen_slot_id: null,
            asked_another_time: note,
          }
        );
      },

      async remindCallbacks(tx, now = new Date()) {
        const due = await tx
          .select({ offer: callbackOffers, slot: callbackSlots })
          .from(callbackOffers)
          .innerJoin(callbackSlots, eq(callbackSlots.id, callbackOffers.slotId))
          .innerJoin(castingApplications, eq(castingApplications.id, callbackOffers.applicationId))
          .where(
            and(
              isNotNull(callbackOffers.confirmedAt),
              isNull(callbackOffers.remindedAt),
              isNull(callbackSlots.cancelledAt),
              gt(callbackSlots.startsAt, now),
              lte(callbackSlots.startsAt, new Date(now.getTime() + DAY_MS)),
              eq(castingApplications.status, 'callback'),
            ),
          )
          .for('update', { of: callbackOffers, skipLocked: true });
        if (due.length === 0) return 0;
        const contexts = await contextOf(
          tx,
          due.map((row) => row.offer.applicationId),
        );
        for (const { offer, slot } of due) {
          await tx
            .update(callbackOffers)
            .set({ remindedAt: now })
            .where(and(eq(callbackOffers.applicationId, offer.applicationId), eq(callbackOffers.slotId, slot.id)));
          const context = contexts.get(offer.applicationId);
          if (context) await tellApplicant(tx, context, 'reminder', [slot], [], true);
        }
        return due.length;
      },
    };

    fastify.decorate('callbackRepository', repository);
  },
  { name: 'callback-repository', dependencies: ['database'] },
);
