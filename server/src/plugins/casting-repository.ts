import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type CallList,
  type CallListQuery,
  type CastingCall,
  CLOSE_AFTER_DEADLINE_DAYS,
  CLOSING_SOON_DAYS,
  INDIA_OFFSET,
  MAX_DEADLINE_YEARS,
  type MyCastingCall,
  type ParsedCallInput,
  REMIND_BEFORE_CLOSE_DAYS,
} from '../../../src/contract/casting.js';
import { isStaff } from '../../../src/contract/roles.js';
import type { User } from '../../../src/contract/user.js';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, castingRoles, profiles } from '../db/schema.js';
import {
  type CallRow,
  callView,
  cardOf,
  DAY_MS,
  fullCall,
  inIndia,
  openStatuses,
  ownCall,
  type ProfileRow,
  type RoleRow,
  rolesOf,
  rolesWithFilled,
} from '../lib/casting-calls.js';
import { queueShareCard } from '../lib/jobs.js';
import { tellModerators } from '../lib/moderator-notice.js';
import { callKeys, cityMatch } from '../lib/search-keys.js';
import { callClosedNotice, callClosesSoonNotice } from '../lib/templates.js';
import { HttpError } from './error-handler.js';

/** The list's filters, without its pages. */
export type CallFilterQuery = Omit<CallListQuery, 'page' | 'per_page'>;

/** When a call with this deadline is closed by the hourly upkeep, if its poster has not closed it. */
function closesAt(deadline: Date): Date {
  return new Date(deadline.getTime() + CLOSE_AFTER_DEADLINE_DAYS * DAY_MS);
}

/** A deadline as written: a time with its offset, or a date (the last second of that day in India). */
export function parseDeadline(value: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59${INDIA_OFFSET}` : value);
  if (Number.isNaN(date.getTime())) throw new HttpError(400, 'Enter a real deadline', 'deadline');
  return date;
}

/** Who may post calls: a production house, a studio, or a person whose crafts include casting. */
export function canPost(profile: Pick<ProfileRow, 'kind' | 'category' | 'crafts'>): boolean {
  return profile.kind === 'organisation'
    ? profile.category === 'Production House' || profile.category === 'Studio'
    : profile.crafts.includes('casting');
}

/** The rules across a call's fields, each refusal naming its field. */
function checkCall(input: ParsedCallInput, deadline: Date) {
  if (!input.remote && !input.city) throw new HttpError(400, 'Enter the city, or mark the call remote', 'city');
  if (input.shoot_start && input.shoot_end && input.shoot_start > input.shoot_end) {
    throw new HttpError(400, 'The shoot must end on or after its start', 'shoot_end');
  }
  const note = input.content_note;
  if ((note.nudity || note.intimacy || note.violence) && !note.details) {
    throw new HttpError(400, 'Say what the scenes ask of the actors', 'content_note.details');
  }
  if (deadline.getTime() <= Date.now()) throw new HttpError(400, 'The deadline must be in the future', 'deadline');
  const latest = new Date();
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_DEADLINE_YEARS);
  if (deadline > latest) {
    throw new HttpError(400, `The deadline must be at most ${MAX_DEADLINE_YEARS} years ahead`, 'deadline');
  }
  input.roles.forEach((role, index) => {
    if (role.age_min > role.age_max) {
      throw new HttpError(400, 'The playing age range must start at or below its end', `roles.${index}.age_max`);
    }
    if (role.paid && role.pay_inr <= 0) throw new HttpError(400, 'Enter the pay in rupees', `roles.${index}.pay_inr`);
    if (role.requires.self_tape && !role.self_tape_instructions) {
      throw new HttpError(400, 'Say what the self-tape should show', `roles.${index}.self_tape_instructions`);
    }
  });
}

/** The columns of a call as its poster wrote it. */
function callValues(input: ParsedCallInput, deadline: Date) {
  return {
    title: input.title,
    projectType: input.project_type,
    description: input.description,
    city: input.city,
    ...callKeys({ city: input.city }),
    remote: input.remote,
    shootStart: input.shoot_start,
    shootEnd: input.shoot_end,
    contentNote: input.content_note,
    deadline,
  };
}

function roleValues(role: ParsedCallInput['roles'][number], position: number) {
  return {
    position,
    name: role.name,
    description: role.description,
    genders: role.genders,
    ageMin: role.age_min,
    ageMax: role.age_max,
    languages: role.languages,
    paid: role.paid,
    payInr: role.paid ? role.pay_inr : 0,
    requires: role.requires,
    selfTapeInstructions: role.self_tape_instructions,
    selfTapeMaxSeconds: role.self_tape_max_seconds,
    openings: role.openings,
  };
}

/**
 * What makes a call one of `/auditions` (published, before its deadline, its poster neither hidden nor held, an open
 * role) and match the list's filters: the list and "Roles for you" (plugins/roles-for-you.ts) choose calls alike.
 */
export function openCallFilters(query: CallFilterQuery, now: Date): SQL[] {
  const filters: SQL[] = [
    eq(castingCalls.status, 'published'),
    gt(castingCalls.deadline, now),
    // A call goes with its poster's profile when a moderator hides it, and waits while its poster is held.
    isNull(profiles.hiddenByStaffAt),
    isNull(profiles.heldReason),
  ];
  if (query.city) {
    // The city in either script or under another of its names ("Bombay", "मुंबई").
    filters.push(sql`(${cityMatch(castingCalls.cityKey, query.city)} or ${castingCalls.remote})`);
  }
  if (query.type) filters.push(eq(castingCalls.projectType, query.type));
  if (query.closing_soon === 'true')
    filters.push(lte(castingCalls.deadline, new Date(now.getTime() + CLOSING_SOON_DAYS * DAY_MS)));
  // Role filters: the call has an open role that matches every one of them.
  const roleFilters: SQL[] = [];
  if (query.language) {
    roleFilters.push(sql`r.language_keys @> ${JSON.stringify([query.language.toLowerCase()])}::jsonb`);
  }
  if (query.gender) {
    roleFilters.push(sql`(r.genders = '[]'::jsonb or r.genders @> ${JSON.stringify([query.gender])}::jsonb)`);
  }
  if (query.age !== undefined) roleFilters.push(sql`r.age_min <= ${query.age} and r.age_max >= ${query.age}`);
  if (query.paid === 'true') roleFilters.push(sql`r.paid`);
  filters.push(
    sql`exists (select 1 from casting_roles r where r.call_id = ${castingCalls.id} and r.status = 'open'${
      roleFilters.length ? sql` and ${sql.join(roleFilters, sql` and `)}` : sql``
    })`,
  );
  return filters;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Casting calls and their roles: posting, editing, listing, closing, and the upkeep's closing and reminders. */
    castingRepository: {
      list(query: CallListQuery): Promise<CallList>;
      /** A published or closed call for everyone; a pending or unpublished one for its poster and staff. */
      get(id: number, viewer: User | null): Promise<CastingCall>;
      create(tx: Database, userId: number, input: ParsedCallInput): Promise<CastingCall>;
      update(tx: Database, userId: number, id: number, input: ParsedCallInput): Promise<CastingCall>;
      mine(userId: number): Promise<MyCastingCall[]>;
      closeRole(tx: Database, userId: number, callId: number, roleId: number): Promise<CastingCall>;
      /**
       * Closes every published call whose deadline passed CLOSE_AFTER_DEADLINE_DAYS ago or more (the hourly upkeep):
       * its open roles as Close this role does, and the call; the poster is told. An unpublished call's open roles are
       * closed the same way, and it stays unpublished. Returns how many calls it closed.
       */
      closeLapsedCalls(tx: Database, now?: Date): Promise<number>;
      /**
       * Reminds the poster of each call that closes by itself within REMIND_BEFORE_CLOSE_DAYS and still keeps someone
       * waiting (the hourly upkeep), once for each deadline. Returns how many posters it reminded.
       */
      remindBeforeClose(tx: Database, now?: Date): Promise<number>;
    };
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    // A role closed answers its applicants, and forgets the counts of its call's applications.
    const { forgetCounts, tellApplicants, tellPoster } = fastify.applicationRepository;

    /** The caller's profile, for a write that needs one (locked with `lock`). */
    async function profileOf(tx: Database, userId: number): Promise<ProfileRow> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
      if (!row) throw new HttpError(404, 'Create your profile first');
      return row;
    }

    /** Closes an open role of `call`: everyone still waiting on it is told "not selected", so nobody is unanswered. */
    async function closeOpenRole(tx: Database, call: CallRow, role: RoleRow) {
      await tx.update(castingRoles).set({ status: 'closed' }).where(eq(castingRoles.id, role.id));
      const rest = await tx
        .update(castingApplications)
        // A decision not told yet gives way to this one, told at once.
        .set({ status: 'not_selected', untoldFrom: null, tellAt: null, updatedAt: new Date() })
        .where(and(eq(castingApplications.roleId, role.id), inArray(castingApplications.status, openStatuses)))
        .returning();
      forgetCounts(call.id);
      await tellApplicants(tx, rest, 'not_selected', call, role);
    }

    const repository: FastifyInstance['castingRepository'] = {
      async list(query) {
        const now = new Date();
        const where = and(...openCallFilters(query, now));
        const [rows, [total]] = await Promise.all([
          db
            .select({ call: castingCalls, poster: profiles })
            .from(castingCalls)
            .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
            .where(where)
            .orderBy(
              ...(query.closing_soon === 'true' ? [asc(castingCalls.deadline)] : [desc(castingCalls.createdAt)]),
              asc(castingCalls.id),
            )
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          db
            .select({ total: count() })
            .from(castingCalls)
            .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
            .where(where),
        ]);
        const roles = await rolesOf(
          db,
          rows.map(({ call }) => call.id),
        );
        return {
          data: rows.map(({ call, poster }) => cardOf(call, poster, roles)),
          meta: { page: query.page, per_page: query.per_page, total: total?.total ?? 0 },
        };
      },

      async get(id, viewer) {
        const [found] = await db
          .select({ call: castingCalls, poster: profiles })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, id));
        // A hidden or held poster's calls (closed ones too) are gone for everyone but the poster and staff.
        const open =
          found &&
          (found.call.status === 'published' || found.call.status === 'closed') &&
          found.poster.hiddenByStaffAt === null &&
          found.poster.heldReason === null;
        const privileged = found && viewer && (viewer.id === found.poster.userId || isStaff(viewer.role));
        if (!found || (!open && !privileged)) throw new HttpError(404, 'There is no such casting call');
        return callView(found.call, found.poster, await rolesWithFilled(db, [id]));
      },

      async create(tx, userId, input) {
        const poster = await profileOf(tx, userId);
        if (!canPost(poster)) {
          throw new HttpError(
            403,
            'Casting calls are posted by production houses, studios and casting directors: set up such a profile first',
          );
        }
        if (poster.hiddenByStaffAt) throw new HttpError(403, 'Your profile is hidden by a moderator');
        // A call shows its poster to everyone: a minor's profile is never shown.
        if (poster.minor) throw new HttpError(403, 'A member under 18 cannot post casting calls');
        const deadline = parseDeadline(input.deadline);
        checkCall(input, deadline);
        const [call] = await tx
          .insert(castingCalls)
          .values({
            posterId: poster.id,
            ...callValues(input, deadline),
            // A verified poster's call is published at once; any other waits for a moderator.
            status: poster.verified ? 'published' : 'pending',
            publishedAt: poster.verified ? new Date() : null,
          })
          .returning();
        if (call!.status === 'pending') await tellModerators(tx, 'calls', `${call!.title}, by ${poster.displayName}`);
        await tx
          .insert(castingRoles)
          .values(input.roles.map((role, index) => ({ ...roleValues(role, index + 1), callId: call!.id })));
        await queueShareCard(tx, 'call', call!.id);
        return (await fullCall(tx, call!.id))!;
      },

      async update(tx, userId, id, input) {
        const { call, poster } = await ownCall(tx, userId, id);
        if (call.status === 'closed') throw new HttpError(409, 'This call is closed: it cannot change any more');
        const deadline = parseDeadline(input.deadline);
        checkCall(input, deadline);
        const existing = await rolesOf(tx, [id]);
        const kept = new Set(input.roles.flatMap((role) => (role.id === undefined ? [] : [role.id])));
        const unknown = input.roles.findIndex(
          (role) => role.id !== undefined && !existing.some((row) => row.id === role.id),
        );
        if (unknown >= 0) throw new HttpError(400, 'There is no such role in this call', `roles.${unknown}.id`);
        const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
        if (removed.length > 0) {
          const [applied] = await tx
            .select({ total: count() })
            .from(castingApplications)
            .where(inArray(castingApplications.roleId, removed));
          if ((applied?.total ?? 0) > 0) {
            throw new HttpError(409, 'A role with applications cannot be removed: close it instead', 'roles');
          }
          await tx.delete(castingRoles).where(inArray(castingRoles.id, removed));
        }
        for (const [index, role] of input.roles.entries()) {
          if (role.id === undefined) {
            await tx.insert(castingRoles).values({ ...roleValues(role, index + 1), callId: id });
          } else {
            await tx
              .update(castingRoles)
              .set(roleValues(role, index + 1))
              .where(eq(castingRoles.id, role.id));
          }
        }
        // An edit by an unverified poster, or of a call a moderator took down, is looked at again.
        const status = call.status === 'unpublished' || !poster.verified ? 'pending' : call.status;
        await tx
          .update(castingCalls)
          .set({
            ...callValues(input, deadline),
            status,
            updatedAt: new Date(),
          })
          .where(eq(castingCalls.id, id));
        // Once per wait: an edit of a call already waiting tells nobody again.
        if (status === 'pending' && call.status !== 'pending') {
          await tellModerators(tx, 'calls', `${input.title}, by ${poster.displayName}`);
        }
        // Its share card is drawn again with the new words (or removed while it waits for a moderator).
        await queueShareCard(tx, 'call', id);
        return (await fullCall(tx, id))!;
      },

      async mine(userId) {
        const rows = await db
          .select({ call: castingCalls, poster: profiles })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(profiles.userId, userId))
          .orderBy(desc(castingCalls.createdAt), desc(castingCalls.id));
        const ids = rows.map(({ call }) => call.id);
        const [roles, counts] = await Promise.all([
          rolesWithFilled(db, ids),
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select({
                  callId: castingApplications.callId,
                  total: count(),
                  unseen: sql<number>`count(*) filter (where ${castingApplications.status} = 'submitted')`.mapWith(
                    Number,
                  ),
                })
                .from(castingApplications)
                .where(inArray(castingApplications.callId, ids))
                .groupBy(castingApplications.callId),
        ]);
        return rows.map(({ call, poster }) => {
          const counted = counts.find((row) => row.callId === call.id);
          return {
            ...callView(
              call,
              poster,
              roles.filter((role) => role.callId === call.id),
            ),
            unpublished_reason: call.unpublishedReason,
            applications: counted?.total ?? 0,
            unseen: counted?.unseen ?? 0,
            closes_at: inIndia(closesAt(call.deadline)),
          };
        });
      },

      async closeRole(tx, userId, callId, roleId) {
        const { call } = await ownCall(tx, userId, callId);
        const [role] = await tx
          .select()
          .from(castingRoles)
          .where(and(eq(castingRoles.id, roleId), eq(castingRoles.callId, callId)))
          .for('update');
        if (!role) throw new HttpError(404, 'There is no such role');
        if (role.status === 'closed') throw new HttpError(409, 'This role is already closed');
        await closeOpenRole(tx, call, role);
        const [stillOpen] = await tx
          .select({ total: count() })
          .from(castingRoles)
          .where(and(eq(castingRoles.callId, callId), eq(castingRoles.status, 'open')));
        if ((stillOpen?.total ?? 0) === 0) {
          await tx
            .update(castingCalls)
            .set({ status: 'closed', updatedAt: new Date() })
            .where(eq(castingCalls.id, callId));
        }
        // The card names the open roles, and says "Applications closed" once none is left.
        await queueShareCard(tx, 'call', callId);
        return (await fullCall(tx, callId))!;
      },

      async closeLapsedCalls(tx, now = new Date()) {
        // A published call, or one a moderator took down whose roles still keep applicants waiting: it stays
        // unpublished (a closed call is public), but its applicants are told.
        const hasOpenRole = sql`exists (select 1 from ${castingRoles} where ${castingRoles.callId} = ${castingCalls.id}
          and ${castingRoles.status} = 'open')`;
        const calls = await tx
          .select()
          .from(castingCalls)
          .where(
            and(
              lte(castingCalls.deadline, new Date(now.getTime() - CLOSE_AFTER_DEADLINE_DAYS * DAY_MS)),
              or(eq(castingCalls.status, 'published'), and(eq(castingCalls.status, 'unpublished'), hasOpenRole)),
            ),
          )
          .orderBy(asc(castingCalls.id))
          .for('update');
        for (const call of calls) {
          const roles = await tx
            .select()
            .from(castingRoles)
            .where(and(eq(castingRoles.callId, call.id), eq(castingRoles.status, 'open')))
            .orderBy(asc(castingRoles.id))
            .for('update');
          for (const role of roles) await closeOpenRole(tx, call, role);
          if (call.status === 'published') {
            await tx.update(castingCalls).set({ status: 'closed', updatedAt: now }).where(eq(castingCalls.id, call.id));
          }
          await tellPoster(tx, call, callClosedNotice(call.title, CLOSE_AFTER_DEADLINE_DAYS));
          await queueShareCard(tx, 'call', call.id);
        }
        return calls.length;
      },

      async remindBeforeClose(tx, now = new Date()) {
        const isWaiting = and(
          eq(castingApplications.callId, castingCalls.id),
          inArray(castingApplications.status, openStatuses),
        );
        // Marked in the statement that finds them: a second server's upkeep at the same hour finds none.
        const calls = await tx
          .update(castingCalls)
          .set({ closeReminderFor: castingCalls.deadline })
          .where(
            and(
              inArray(castingCalls.status, ['published', 'unpublished']),
              lte(
                castingCalls.deadline,
                new Date(now.getTime() - (CLOSE_AFTER_DEADLINE_DAYS - REMIND_BEFORE_CLOSE_DAYS) * DAY_MS),
              ),
              // Not one the upkeep closes now (it closes those first): its poster is told it closed.
              gt(castingCalls.deadline, new Date(now.getTime() - CLOSE_AFTER_DEADLINE_DAYS * DAY_MS)),
              or(isNull(castingCalls.closeReminderFor), ne(castingCalls.closeReminderFor, castingCalls.deadline)),
              exists(
                tx
                  .select({ one: sql`1` })
                  .from(castingApplications)
                  .where(isWaiting),
              ),
            ),
          )
          .returning({
            id: castingCalls.id,
            posterId: castingCalls.posterId,
            title: castingCalls.title,
            deadline: castingCalls.deadline,
          });
        if (calls.length === 0) return 0;
        const counts = await tx
          .select({ callId: castingApplications.callId, total: count() })
          .from(castingApplications)
          .where(
            and(
              inArray(
                castingApplications.callId,
                calls.map((call) => call.id),
              ),
              inArray(castingApplications.status, openStatuses),
            ),
          )
          .groupBy(castingApplications.callId);
        const waiting = new Map(counts.map((row) => [row.callId, row.total]));
        for (const call of calls.sort((a, b) => a.id - b.id)) {
          const total = waiting.get(call.id) ?? 0;
          await tellPoster(tx, call, callClosesSoonNotice(call.title, total, closesAt(call.deadline)));
        }
        return calls.length;
      },
    };
    fastify.decorate('castingRepository', repository);
  },
  { name: 'casting-repository', dependencies: ['database', 'application-repository'] },
);
