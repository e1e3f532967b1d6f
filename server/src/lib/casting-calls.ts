import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  type ApplicationStatus,
  type CallCard,
  type CastingCall,
  INDIA_OFFSET,
} from '../../../src/contract/casting.js';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, castingRoles, profiles } from '../db/schema.js';
import { HttpError } from '../plugins/error-handler.js';
import { inRuns } from './in-runs.js';

/**
 * What the casting repositories share (calls and roles, applications, saved calls, and call moderation): the rows
 * of a call and its roles, read the same way by each, and the views the contract gives them.
 */

export type CallRow = typeof castingCalls.$inferSelect;
export type RoleRow = typeof castingRoles.$inferSelect;
/** A role with how many of its openings are filled (its selected applicants), as a call's page shows it. */
export type RoleWithFilled = RoleRow & { filled: number };
export type ApplicationRow = typeof castingApplications.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const OFFSET_MS = 5.5 * HOUR_MS;

/** `date` in India's time with its offset: `2026-12-10T23:59:59+05:30`. */
export function inIndia(date: Date): string {
  return `${new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 19)}${INDIA_OFFSET}`;
}

export const openStatuses: ApplicationStatus[] = ['submitted', 'viewed', 'shortlisted', 'callback'];

/**
 * How many openings a role has filled: its selected applicants (hidden ones too: they were chosen), once told (an
 * untold selection may still be undone, and would show before it is told). Read beside the role, through the
 * applications' index by call and status.
 */
export const filledOpenings = sql<number>`(${sql.raw(
  // Written out: drizzle leaves the columns of a subquery unqualified, and these must name the outer role.
  "select count(*)::int from casting_applications filler where filler.call_id = casting_roles.call_id and filler.role_id = casting_roles.id and filler.status = 'selected' and filler.untold_from is null",
)})`;

export function roleView(row: RoleWithFilled): CastingCall['roles'][number] {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    genders: row.genders as CastingCall['roles'][number]['genders'],
    age_min: row.ageMin,
    age_max: row.ageMax,
    languages: row.languages,
    paid: row.paid,
    pay_inr: row.payInr,
    requires: row.requires,
    self_tape_instructions: row.selfTapeInstructions,
    self_tape_max_seconds: row.selfTapeMaxSeconds,
    openings: row.openings,
    openings_filled: row.filled,
    status: row.status,
  };
}

export function posterView(poster: Pick<ProfileRow, 'handle' | 'displayName' | 'verified'>) {
  return { handle: poster.handle, display_name: poster.displayName, verified: poster.verified };
}

export function callView(row: CallRow, poster: ProfileRow, roles: RoleWithFilled[]): CastingCall {
  return {
    id: row.id,
    title: row.title,
    project_type: row.projectType as CastingCall['project_type'],
    description: row.description,
    city: row.city,
    remote: row.remote,
    shoot_start: row.shootStart,
    shoot_end: row.shootEnd,
    content_note: row.contentNote,
    deadline: inIndia(row.deadline),
    status: row.status,
    poster: posterView(poster),
    roles: roles.map(roleView),
    created_at: row.createdAt.toISOString(),
  };
}

/** A call as a card of `/auditions`: its roles without their long texts. */
export function cardOf(call: CallRow, poster: ProfileRow, roles: RoleRow[]): CallCard {
  return {
    id: call.id,
    title: call.title,
    project_type: call.projectType as CallCard['project_type'],
    city: call.city,
    remote: call.remote,
    deadline: inIndia(call.deadline),
    poster: posterView(poster),
    roles: roles
      .filter((role) => role.callId === call.id)
      .map((role) => ({
        id: role.id,
        name: role.name,
        genders: role.genders as CallCard['roles'][number]['genders'],
        age_min: role.ageMin,
        age_max: role.ageMax,
        languages: role.languages,
        paid: role.paid,
        pay_inr: role.payInr,
        status: role.status,
      })),
  };
}

export const rolesOf = (executor: Database, callIds: number[]) =>
  callIds.length === 0
    ? Promise.resolve([] as RoleRow[])
    : executor
        .select()
        .from(castingRoles)
        .where(inArray(castingRoles.callId, callIds))
        .orderBy(asc(castingRoles.callId), asc(castingRoles.position));

/** The roles of `callIds` with their filled openings, for the calls' whole views (not the cards of a list). */
export const rolesWithFilled = (executor: Database, callIds: number[]): Promise<RoleWithFilled[]> =>
  callIds.length === 0
    ? Promise.resolve([])
    : executor
        .select({ ...getTableColumns(castingRoles), filled: filledOpenings })
        .from(castingRoles)
        .where(inArray(castingRoles.callId, callIds))
        .orderBy(asc(castingRoles.callId), asc(castingRoles.position));

export async function fullCall(executor: Database, id: number): Promise<CastingCall | null> {
  const [found] = await executor
    .select({ call: castingCalls, poster: profiles })
    .from(castingCalls)
    .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
    .where(eq(castingCalls.id, id));
  return found ? callView(found.call, found.poster, await rolesWithFilled(executor, [id])) : null;
}

/** The caller's own call, locked: anyone else's is 404, as if it did not exist. */
export async function ownCall(tx: Database, userId: number, callId: number, lock = true) {
  const query = tx
    .select({ call: castingCalls, poster: profiles })
    .from(castingCalls)
    .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
    .where(and(eq(castingCalls.id, callId), eq(profiles.userId, userId)));
  const [found] = lock ? await query.for('update', { of: castingCalls }) : await query;
  if (!found) throw new HttpError(404, 'There is no such casting call');
  return found;
}

export async function applicantUsers(tx: Database, profileIds: number[]) {
  const users = new Map<number, number>();
  for (const ids of inRuns(profileIds)) {
    const rows = await tx
      .select({ id: profiles.id, userId: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.id, ids));
    for (const row of rows) users.set(row.id, row.userId);
  }
  return users;
}
