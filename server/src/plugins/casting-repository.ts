import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  allowedTransitions,
  applicantsCsvName,
  type Applicant,
  type ApplicantListQuery,
  type Application,
  type ApplicationStatus,
  type CallCard,
  type CallList,
  type CallListQuery,
  type CastingCall,
  CLOSE_AFTER_DEADLINE_DAYS,
  DECISION_UNDO_SECONDS,
  MAX_DEADLINE_YEARS,
  CLOSING_SOON_DAYS,
  INDIA_OFFSET,
  type ModerationCall,
  type MyApplication,
  type MyCastingCall,
  openingsFilledText,
  type ParsedCallInput,
  type PosterTransition,
  posterTransitions,
  REMIND_BEFORE_CLOSE_DAYS,
  SAVED_CALL_REMINDER_HOURS,
  type TransitionInput,
  withdrawableStatuses,
} from '../../../src/contract/casting.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import { isStaff } from '../../../src/contract/roles.js';
import type { User } from '../../../src/contract/user.js';
import type { Database } from '../db/client.js';
import {
  callReports,
  castingApplications,
  castingCalls,
  castingRoles,
  profilePhotos,
  profiles,
  savedCalls,
  shownApplication,
} from '../db/schema.js';
import { applicantKeys } from '../lib/applicant-keys.js';
import { csvField, csvTime, UTF8_BOM } from '../lib/csv.js';
import { inRuns } from '../lib/in-runs.js';
import { confirmedGuardianEmail } from '../lib/guardian-consent.js';
import { tellModerators } from '../lib/moderator-notice.js';
import { indiaTime, notify, type NotificationInput } from '../lib/notify.js';
import { tellDecisionsAt } from '../lib/jobs.js';
import { notifyMany } from '../lib/notice-fan-out.js';
import { HttpError } from './error-handler.js';
import { canSeeProfile, profilePhotoUrl } from './profile-repository.js';

type CallRow = typeof castingCalls.$inferSelect;
type RoleRow = typeof castingRoles.$inferSelect;
/** A role with how many of its openings are filled (its selected applicants), as a call's page shows it. */
type RoleWithFilled = RoleRow & { filled: number };
type ApplicationRow = typeof castingApplications.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = 5.5 * HOUR_MS;
const COUNTS_TTL_MS = 10_000;
const COUNTS_CACHE_ENTRIES = 1_000;
const KNOWN_POSTERS = 10_000;

/** The values of a poster's applicant list, by the names its statement gives them. */
type ApplicantListValues = {
  callId: number;
  userId: number;
  role: number | undefined;
  status: ApplicantListQuery['status'];
  /** Lower case, as the applications keep it. */
  city: string | undefined;
  /** A JSON array of the one language's key. */
  language: string | undefined;
  limit: number;
  offset: number;
};

/** Which filters a poster's applicant list uses, and its order: one statement each. */
interface ApplicantListShape {
  role: boolean;
  status?: boolean;
  city?: boolean;
  language?: boolean;
  verified?: boolean;
  /** Only applicants off the role's brief (`off`), or only those on it (`on`). */
  brief?: 'on' | 'off';
  /** Only rows of the caller's own call. */
  owner?: boolean;
  sort?: ApplicantListQuery['sort'];
}

const applicantListShapeKey = (shape: ApplicantListShape) =>
  `${[shape.role, shape.status, shape.city, shape.language, shape.verified].map((on) => (on ? 1 : 0)).join('')}${shape.brief ?? ''}_${shape.sort}`;

/** A value of the list's query: a placeholder (`sql.placeholder`) in a prepared statement, or the value itself. */
type ValueOf = <K extends keyof ApplicantListValues>(name: K) => ApplicantListValues[K] | Placeholder;
const valueOf =
  (values: ApplicantListValues): ValueOf =>
  (name) =>
    values[name];

/**
 * Whether the applicant's gender is outside the role's `r` (a role open to any gender, and a profile that does not
 * say, never are), and whether their playing age range misses the role's: on the profile row `profile`.
 */
const genderOffBrief = (profile: SQL) =>
  sql`(jsonb_array_length(r.genders) > 0 and ${profile}.gender is not null
    and ${profile}.gender <> 'prefer_not_to_say' and not r.genders @> jsonb_build_array(${profile}.gender))`;
const ageOffBrief = (profile: SQL) =>
  sql`coalesce(${profile}.playing_age_max < r.age_min or ${profile}.playing_age_min > r.age_max, false)`;

/** The application is off its role's brief: a statement of its own, for the list's filter and its count alike. */
const offBrief = sql`exists (select 1 from ${castingRoles} r join ${profiles} p on p.id = ${castingApplications.profileId}
  where r.id = ${castingApplications.roleId} and (${genderOffBrief(sql.raw('p'))} or ${ageOffBrief(sql.raw('p'))}))`;

/** The applications a poster's list shows: `shape` names the filters, `value` gives each its value. */
function applicantsWhere(shape: ApplicantListShape, value: ValueOf): SQL | undefined {
  return and(
    eq(castingApplications.callId, value('callId')),
    shape.role ? eq(castingApplications.roleId, value('role')!) : undefined,
    // A profile a moderator hid is out of every list.
    shownApplication,
    shape.status ? eq(castingApplications.status, value('status')!) : undefined,
    shape.city ? eq(castingApplications.applicantCity, value('city')!) : undefined,
    shape.language ? sql`${castingApplications.applicantLanguages} @> ${value('language')}::jsonb` : undefined,
    shape.verified ? eq(castingApplications.applicantVerified, true) : undefined,
    shape.brief === 'off' ? offBrief : shape.brief === 'on' ? sql`not ${offBrief}` : undefined,
    // Only the poster's own call has rows: checked once for the whole query.
    shape.owner
      ? sql`exists (select 1 from ${castingCalls} join ${profiles} on ${profiles.id} = ${castingCalls.posterId}
          where ${castingCalls.id} = ${value('callId')} and ${profiles.userId} = ${value('userId')})`
      : undefined,
  );
}

/** Adds `key` to a set that is emptied when it reaches `limit` entries. */
function remember(set: Set<string>, key: string, limit = KNOWN_POSTERS): void {
  if (set.size >= limit) set.clear();
  set.add(key);
}

/** `date` in India's time with its offset: `2026-12-10T23:59:59+05:30`. */
export function inIndia(date: Date): string {
  return `${new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 19)}${INDIA_OFFSET}`;
}

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

const openStatuses: ApplicationStatus[] = ['submitted', 'viewed', 'shortlisted', 'callback'];

const statusNotice: Record<PosterTransition, (call: string, role: string) => { title: string; body: string }> = {
  viewed: (call, role) => ({ title: 'Your application was viewed', body: `${role} in ${call}` }),
  shortlisted: (call, role) => ({ title: 'You are shortlisted', body: `${role} in ${call}` }),
  callback: (call, role) => ({ title: 'You have a callback', body: `${role} in ${call}` }),
  selected: (call, role) => ({ title: 'You are selected', body: `${role} in ${call}: congratulations!` }),
  not_selected: (call, role) => ({
    title: 'Not selected this time',
    body: `${role} in ${call}: thank you for applying`,
  }),
};

/**
 * How many openings a role has filled: its selected applicants (hidden ones too: they were chosen), once told (an
 * untold selection may still be undone, and would show before it is told). Read beside the role, through the
 * applications' index by call and status.
 */
const filledOpenings = sql<number>`(${sql.raw(
  // Written out: drizzle leaves the columns of a subquery unqualified, and these must name the outer role.
  "select count(*)::int from casting_applications filler where filler.call_id = casting_roles.call_id and filler.role_id = casting_roles.id and filler.status = 'selected' and filler.untold_from is null",
)})`;

function roleView(row: RoleWithFilled): CastingCall['roles'][number] {
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
    openings: row.openings,
    openings_filled: row.filled,
    status: row.status,
  };
}

function posterView(poster: Pick<ProfileRow, 'handle' | 'displayName' | 'verified'>) {
  return { handle: poster.handle, display_name: poster.displayName, verified: poster.verified };
}

function callView(row: CallRow, poster: ProfileRow, roles: RoleWithFilled[]): CastingCall {
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
function cardOf(call: CallRow, poster: ProfileRow, roles: RoleRow[]): CallCard {
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

/** The columns an application's view reads: a query that only shows applications selects just these. */
const applicationViewColumns = {
  id: castingApplications.id,
  callId: castingApplications.callId,
  roleId: castingApplications.roleId,
  status: castingApplications.status,
  note: castingApplications.note,
  photoIds: castingApplications.photoIds,
  reel: castingApplications.reel,
  selfTapeUrl: castingApplications.selfTapeUrl,
  callbackAt: castingApplications.callbackAt,
  callbackPlace: castingApplications.callbackPlace,
  callbackAnswer: castingApplications.callbackAnswer,
  createdAt: castingApplications.createdAt,
};

function applicationView(row: Pick<ApplicationRow, keyof typeof applicationViewColumns>): Application {
  return {
    id: row.id,
    call_id: row.callId,
    role_id: row.roleId,
    status: row.status,
    note: row.note,
    photo_ids: row.photoIds,
    reel: row.reel,
    self_tape_url: row.selfTapeUrl,
    callback:
      row.callbackAt && row.callbackPlace !== null
        ? { at: inIndia(row.callbackAt), place: row.callbackPlace, answer: row.callbackAnswer }
        : null,
    created_at: row.createdAt.toISOString(),
  };
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
    openings: role.openings,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Casting calls, their roles, the applications to them, and their moderation. */
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
      /**
       * Reminds each member who saved a published call (one whose last role closed is closed), and has not applied
       * to it, that it closes within SAVED_CALL_REMINDER_HOURS (the hourly upkeep), once for each deadline. Returns
       * how many it reminded.
       */
      remindSavedCalls(tx: Database, now?: Date): Promise<number>;
      apply(
        tx: Database,
        userId: number,
        callId: number,
        roleId: number,
        input: {
          photo_ids: number[];
          reel: string | null;
          self_tape_url: string | null;
          note: string;
        },
      ): Promise<Application>;
      myApplications(userId: number): Promise<MyApplication[]>;
      withdraw(tx: Database, userId: number, id: number): Promise<Application>;
      applicants(
        userId: number,
        callId: number,
        query: ApplicantListQuery,
      ): Promise<{ data: Applicant[]; meta: PageMeta & { counts: Record<string, number> } }>;
      /** The whole call's applicants (every role, `query`'s role aside) as a CSV file, and the file's name. */
      applicantsCsv(userId: number, callId: number, query: ApplicantListQuery): Promise<{ name: string; csv: string }>;
      transition(tx: Database, userId: number, id: number, input: TransitionInput): Promise<Application>;
      bulkTransition(
        tx: Database,
        userId: number,
        callId: number,
        ids: number[],
        to: 'shortlisted' | 'selected' | 'not_selected',
      ): Promise<{ moved: number; undo_until: string | null }>;
      /**
       * Undoes the untold decisions on `ids` (of the caller's call), all or none: each goes back to what its applicant
       * was last told, and nobody is told. Refused once one has been told, or its time to be told has come.
       */
      undoDecisions(
        tx: Database,
        userId: number,
        callId: number,
        ids: number[],
        now?: Date,
      ): Promise<{ undone: number }>;
      /**
       * Tells the applicants of every decision whose time to be told has come (every few seconds: the decision teller),
       * in their centre and by mail. Returns how many it told.
       */
      tellDecisions(tx: Database, now?: Date): Promise<number>;
      setPosterNote(tx: Database, userId: number, id: number, note: string): Promise<void>;
      saved(userId: number): Promise<CallCard[]>;
      save(tx: Database, userId: number, callId: number, saved: boolean): Promise<void>;
      report(tx: Database, userId: number, callId: number, report: { reason: string; details: string }): Promise<void>;
      moderationQueue(query: {
        queue: 'pending' | 'reported';
        page: number;
        per_page: number;
      }): Promise<{ data: ModerationCall[]; meta: PageMeta }>;
      /**
       * A moderator hid the poster's profile: its calls go with it. Every call still open is unpublished with
       * `reason`, its open roles closed, and everyone still waiting is told (and mailed) the call was withdrawn; their
       * applications end as withdrawn. Returns the calls it took down (each is a decision the audit log records).
       */
      withdrawCallsOf(tx: Database, posterId: number, reason: string): Promise<{ id: number; title: string }[]>;
      /**
       * A moderator closes the open reports of call `callId` without acting on the call (the reports were unfounded);
       * 409 when none is open. Returns the call's title and how many reports it closed.
       */
      dismissReports(tx: Database, callId: number, moderatorId: number): Promise<{ title: string; closed: number }>;
      /** A moderator publishes or unpublishes a call; the poster is told. */
      moderate(
        tx: Database,
        callId: number,
        action: 'publish' | 'unpublish',
        reason: string | null,
        /** The deciding moderator: nobody decides on their own call. */
        moderatorId: number,
      ): Promise<{ before: CastingCall; after: CastingCall }>;
    };
  }
}

export interface CastingRepositoryOptions {
  publicUrl: string;
}

export default fp<CastingRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const { publicUrl } = options;

    /**
     * The poster's counts by status, per call and role: counting a call's 10,000 applications on every page of its
     * list cost more than the page. Kept 10 s, and forgotten at once when this process changes the call's
     * applications (docs/decisions/2026-11-25-casting.md).
     */
    const countsCache = new Map<string, { at: number; value: Promise<unknown> }>();
    const forgetCounts = (callId: number) => {
      for (const key of countsCache.keys()) if (key.startsWith(`${callId}:`)) countsCache.delete(key);
    };
    /**
     * A count kept under `key` (which starts with the call's id) for COUNTS_TTL_MS, or counted now; requests that
     * ask while it is being counted wait for that count rather than each counting again.
     */
    function keptCount<T>(key: string, counted: () => Promise<T>): Promise<T> {
      const kept = countsCache.get(key);
      if (kept && Date.now() - kept.at < COUNTS_TTL_MS) return kept.value as Promise<T>;
      // Once: a query builder given here runs each time it is awaited.
      const value = Promise.resolve(counted());
      if (countsCache.size >= COUNTS_CACHE_ENTRIES) countsCache.clear();
      countsCache.set(key, { at: Date.now(), value });
      value.catch(() => {
        if (countsCache.get(key)?.value === value) countsCache.delete(key);
      });
      return value;
    }

    const rolesOf = (executor: Database, callIds: number[]) =>
      callIds.length === 0
        ? Promise.resolve([] as RoleRow[])
        : executor
            .select()
            .from(castingRoles)
            .where(inArray(castingRoles.callId, callIds))
            .orderBy(asc(castingRoles.callId), asc(castingRoles.position));

    /** The roles of `callIds` with their filled openings, for the calls' whole views (not the cards of a list). */
    const rolesWithFilled = (executor: Database, callIds: number[]): Promise<RoleWithFilled[]> =>
      callIds.length === 0
        ? Promise.resolve([])
        : executor
            .select({ ...getTableColumns(castingRoles), filled: filledOpenings })
            .from(castingRoles)
            .where(inArray(castingRoles.callId, callIds))
            .orderBy(asc(castingRoles.callId), asc(castingRoles.position));

    async function fullCall(executor: Database, id: number): Promise<CastingCall | null> {
      const [found] = await executor
        .select({ call: castingCalls, poster: profiles })
        .from(castingCalls)
        .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
        .where(eq(castingCalls.id, id));
      return found ? callView(found.call, found.poster, await rolesWithFilled(executor, [id])) : null;
    }

    /** The caller's profile, for a write that needs one (locked with `lock`). */
    async function profileOf(tx: Database, userId: number): Promise<ProfileRow> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
      if (!row) throw new HttpError(404, 'Create your profile first');
      return row;
    }

    /** The caller's own call, locked: anyone else's is 404, as if it did not exist. */
    async function ownCall(tx: Database, userId: number, callId: number, lock = true) {
      const query = tx
        .select({ call: castingCalls, poster: profiles })
        .from(castingCalls)
        .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
        .where(and(eq(castingCalls.id, callId), eq(profiles.userId, userId)));
      const [found] = lock ? await query.for('update', { of: castingCalls }) : await query;
      if (!found) throw new HttpError(404, 'There is no such casting call');
      return found;
    }

    /** An application to one of the caller's calls, locked, with its role and call. */
    async function applicationForPoster(tx: Database, userId: number, id: number) {
      const [found] = await tx
        .select({ application: castingApplications, role: castingRoles, call: castingCalls })
        .from(castingApplications)
        .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
        .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
        .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
        .where(and(eq(castingApplications.id, id), eq(profiles.userId, userId)))
        .for('update', { of: castingApplications });
      return found ?? null;
    }

    async function applicantUsers(tx: Database, profileIds: number[]) {
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

    /** Tells each applicant of `rows` that their application moved to `to`. */
    async function tellApplicants(
      tx: Database,
      rows: Pick<ApplicationRow, 'profileId' | 'callbackAt' | 'callbackPlace'>[],
      to: PosterTransition,
      call: CallRow,
      role: RoleRow,
    ) {
      const users = await applicantUsers(
        tx,
        rows.map((row) => row.profileId),
      );
      const items: NotificationInput[] = rows.flatMap((row) => {
        const userId = users.get(row.profileId);
        if (userId === undefined) return [];
        const notice = statusNotice[to](call.title, role.name);
        const body =
          to === 'callback' && row.callbackAt
            ? `${notice.body}: ${indiaTime(row.callbackAt)} at ${row.callbackPlace}. Please accept or decline.`
            : notice.body;
        return [
          {
            userId,
            kind: to === 'callback' ? 'callback' : 'application',
            title: notice.title,
            body,
            link: '/me/applications',
            // Being viewed is worth a line in the centre, not a mail.
            mail: to !== 'viewed',
          },
        ];
      });
      await notifyMany(tx, items, publicUrl);
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

    /** Tells a call's poster, in the centre and by mail, with a link to the call's applicants. */
    async function tellPoster(tx: Database, call: Pick<CallRow, 'id' | 'posterId'>, title: string, body: string) {
      if (call.posterId === null) return;
      const [poster] = await tx
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.id, call.posterId));
      if (!poster) return;
      const link = `/me/casting-calls/${call.id}`;
      await notify(tx, [{ userId: poster.userId, kind: 'applicants', title, body, link, mail: true }], publicUrl);
    }

    /** When a decision made now is told: its poster may undo it until then. */
    const decisionTellAt = () => new Date(Date.now() + DECISION_UNDO_SECONDS * 1000);

    /**
     * Moves the applications `rows` (of one role) to `to` when the rules allow it. With `tellAt`, their applicants are
     * told then (`tellDecisions`), and the poster may undo it until then; otherwise at once.
     */
    async function move(
      tx: Database,
      rows: ApplicationRow[],
      to: PosterTransition,
      call: CallRow,
      role: RoleRow,
      callback?: { at: Date; place: string },
      tellAt?: Date,
    ) {
      if (role.status === 'closed') throw new HttpError(409, 'This role is closed: its decisions are final');
      for (const row of rows) {
        if (!allowedTransitions[row.status].includes(to)) {
          const allowed = allowedTransitions[row.status];
          throw new HttpError(
            409,
            allowed.length === 0
              ? `This application is ${row.status.replace('_', ' ')}: it cannot change any more`
              : `An application that is ${row.status.replace('_', ' ')} can only become ${allowed.join(', ').replace(/_/g, ' ')}`,
            'to',
          );
        }
      }
      const ids = rows.map((row) => row.id);
      const moved = await tx
        .update(castingApplications)
        .set({
          status: to,
          updatedAt: new Date(),
          ...(to === 'viewed' ? { viewedAt: new Date() } : {}),
          ...(callback ? { callbackAt: callback.at, callbackPlace: callback.place, callbackAnswer: null } : {}),
          // An undo goes back to what the applicant was last told, however many untold moves came between.
          ...(tellAt
            ? { untoldFrom: sql`coalesce(${castingApplications.untoldFrom}, ${castingApplications.status})`, tellAt }
            : { untoldFrom: null, tellAt: null }),
        })
        .where(inArray(castingApplications.id, ids))
        .returning();
      forgetCounts(call.id);
      if (!tellAt) await tellApplicants(tx, moved, to, call, role);
      else await tellDecisionsAt(tx, tellAt);
      return moved;
    }

    /** The applications to the call (and role) by status. */
    const countsOf = (callId: number, roleId: number | undefined) =>
      keptCount(`${callId}:${roleId ?? 'all'}`, () =>
        db
          .select({ status: castingApplications.status, total: count() })
          .from(castingApplications)
          .where(
            applicantsWhere({ role: roleId !== undefined }, valueOf({ callId, role: roleId } as ApplicantListValues)),
          )
          .groupBy(castingApplications.status),
      );

    /** Calls proved to be their poster's, as `user:call`. */
    const knownPosters = new Set<string>();

    /** The poster's page of applicants, one prepared statement per shape of the query, built when first asked. */
    const applicantPages = new Map<string, ReturnType<typeof buildApplicantPage>>();
    function buildApplicantPage(shape: ApplicantListShape) {
      const order =
        shape.sort === 'name'
          ? [asc(castingApplications.applicantName), asc(castingApplications.id)]
          : shape.sort === 'oldest'
            ? [asc(castingApplications.createdAt), asc(castingApplications.id)]
            : [desc(castingApplications.createdAt), desc(castingApplications.id)];
      return db
        .select({
          application: {
            ...applicationViewColumns,
            posterNote: castingApplications.posterNote,
            tellAt: castingApplications.tellAt,
          },
          // Only what the card shows: a profile row is large (bio, credits...).
          profile: {
            handle: profiles.handle,
            displayName: profiles.displayName,
            playingAgeMin: profiles.playingAgeMin,
            playingAgeMax: profiles.playingAgeMax,
            languages: profiles.languages,
            city: profiles.city,
            verified: profiles.verified,
            minor: profiles.minor,
          },
          photoNames: sql<string[]>`coalesce((select json_agg(${profilePhotos.name} order by chosen.position)
            from jsonb_array_elements_text(${castingApplications.photoIds}) with ordinality as chosen(id, position)
            join ${profilePhotos} on ${profilePhotos.id} = chosen.id::int), '[]'::json)`,
          offBrief: sql<{ gender: boolean; age: boolean } | null>`(select json_build_object(
            'gender', ${genderOffBrief(sql`${profiles}`)}, 'age', ${ageOffBrief(sql`${profiles}`)})
            from ${castingRoles} r where r.id = ${castingApplications.roleId})`,
        })
        .from(castingApplications)
        .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
        .where(applicantsWhere({ ...shape, owner: true }, sql.placeholder))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`applicants_${applicantListShapeKey(shape)}`);
    }
    function applicantPage(shape: ApplicantListShape) {
      const key = applicantListShapeKey(shape);
      let page = applicantPages.get(key);
      if (!page) {
        page = buildApplicantPage(shape);
        applicantPages.set(key, page);
      }
      return page;
    }

    /**
     * How many applications to the call match `where`, kept like its counts under the filters' values and the asking
     * user (`where` holds only the poster's own call: anyone else counts none).
     */
    const totalOf = (callId: number, userId: number, filters: unknown[], where: () => SQL | undefined) =>
      keptCount(`${callId}:${userId}:${JSON.stringify(filters)}`, async () => {
        const [counted] = await db.select({ total: count() }).from(castingApplications).where(where());
        return counted?.total ?? 0;
      });

    const repository: FastifyInstance['castingRepository'] = {
      async list(query) {
        const now = new Date();
        const filters: SQL[] = [
          eq(castingCalls.status, 'published'),
          gt(castingCalls.deadline, now),
          // A call goes with its poster's profile when a moderator hides it, and waits while its poster is held.
          isNull(profiles.hiddenByStaffAt),
          isNull(profiles.heldReason),
        ];
        if (query.city) {
          filters.push(sql`(lower(${castingCalls.city}) = lower(${query.city}) or ${castingCalls.remote})`);
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
        const where = and(...filters);
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
          })
          .returning();
        if (call!.status === 'pending') await tellModerators(tx, 'calls', `${call!.title}, by ${poster.displayName}`);
        await tx
          .insert(castingRoles)
          .values(input.roles.map((role, index) => ({ ...roleValues(role, index + 1), callId: call!.id })));
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
          await tellPoster(
            tx,
            call,
            'Your casting call is closed',
            `${call.title}: its deadline passed ${CLOSE_AFTER_DEADLINE_DAYS} days ago, so its open roles were closed and everyone still waiting was told "not selected"`,
          );
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
          await tellPoster(
            tx,
            call,
            'Your casting call closes soon',
            `${call.title}: ${total === 1 ? '1 applicant is' : `${total} applicants are`} still waiting. Decide by ${indiaTime(closesAt(call.deadline))}, or set a later deadline: then its open roles are closed and everyone still waiting is told "not selected"`,
          );
        }
        return calls.length;
      },

      async remindSavedCalls(tx, now = new Date()) {
        // Any application, withdrawn too: a member who withdrew chose not to.
        const applied = sql`exists (select 1 from ${castingApplications} join ${profiles}
          on ${profiles.id} = ${castingApplications.profileId}
          where ${castingApplications.callId} = ${savedCalls.callId} and ${profiles.userId} = ${savedCalls.userId})`;
        // A poster who keeps their own call saved is not asked to apply to it.
        const posted = sql`exists (select 1 from ${profiles}
          where ${profiles.id} = ${castingCalls.posterId} and ${profiles.userId} = ${savedCalls.userId})`;
        const reminded = await tx
          .update(savedCalls)
          .set({ remindedFor: sql`${castingCalls.deadline}` })
          .from(castingCalls)
          .where(
            and(
              eq(castingCalls.id, savedCalls.callId),
              eq(castingCalls.status, 'published'),
              gt(castingCalls.deadline, now),
              lte(castingCalls.deadline, new Date(now.getTime() + SAVED_CALL_REMINDER_HOURS * HOUR_MS)),
              or(isNull(savedCalls.remindedFor), ne(savedCalls.remindedFor, castingCalls.deadline)),
              sql`not ${applied}`,
              sql`not ${posted}`,
            ),
          )
          .returning({
            userId: savedCalls.userId,
            callId: castingCalls.id,
            title: castingCalls.title,
            deadline: castingCalls.deadline,
          });
        await notify(
          tx,
          reminded.map((row) => ({
            userId: row.userId,
            kind: 'application' as const,
            title: 'A call you saved closes soon',
            body: `${row.title}: applications close on ${indiaTime(row.deadline)}, and you have not applied`,
            link: `/auditions/${row.callId}`,
            mail: true,
          })),
          publicUrl,
        );
        return reminded.length;
      },

      async apply(tx, userId, callId, roleId, input) {
        // The role and its call, locked against closing while the application goes in (a close waits, or is seen),
        // with the caller's profile and its photos' ids (the main one first): one statement.
        const [found] = await tx
          .select({
            // Only what the checks and the mail use: building and reading whole rows cost more than the query.
            role: {
              name: castingRoles.name,
              status: castingRoles.status,
              requires: castingRoles.requires,
              openings: castingRoles.openings,
              filled: filledOpenings,
            },
            call: {
              title: castingCalls.title,
              status: castingCalls.status,
              posterId: castingCalls.posterId,
              deadline: castingCalls.deadline,
              applicantMailAt: castingCalls.applicantMailAt,
            },
            profile: {
              id: profiles.id,
              kind: profiles.kind,
              displayName: profiles.displayName,
              city: profiles.city,
              languages: profiles.languages,
              verified: profiles.verified,
              reels: profiles.reels,
              hiddenByStaffAt: profiles.hiddenByStaffAt,
              minor: profiles.minor,
            },
            guardianEmail: confirmedGuardianEmail,
            photoIds: sql<number[]>`coalesce((${sql.raw(
              'select json_agg(pp.id order by pp.main desc, pp.sort_order, pp.id) from profile_photos pp where pp.profile_id = "profiles"."id"',
            )}), '[]'::json)`,
          })
          .from(castingRoles)
          .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
          .innerJoin(profiles, eq(profiles.userId, userId))
          .where(and(eq(castingRoles.id, roleId), eq(castingRoles.callId, callId)))
          .for('key share', { of: castingRoles });
        if (!found) {
          // No profile, or no such role: which one, in that order.
          const [own] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
          throw own ? new HttpError(404, 'There is no such role') : new HttpError(404, 'Create your profile first');
        }
        const { profile, photoIds: photos, call, role } = found;
        if (profile.kind !== 'person') throw new HttpError(403, 'Applications are made from a person’s profile');
        if (profile.hiddenByStaffAt) throw new HttpError(403, 'Your profile is hidden by a moderator');
        if (profile.minor && !found.guardianEmail) {
          throw new HttpError(
            403,
            'Your parent or guardian has not confirmed your profile yet: ask them to open the link we mailed them',
          );
        }
        if (photos.length === 0) {
          throw new HttpError(422, 'Add a main photo to your profile before you apply', 'photo_ids');
        }
        if (call.status !== 'published' && call.status !== 'closed') throw new HttpError(404, 'There is no such role');
        if (call.posterId === profile.id) throw new HttpError(403, 'You cannot apply to your own call');
        if (call.deadline.getTime() <= Date.now()) {
          throw new HttpError(422, 'The deadline for this call has passed: applications are closed');
        }
        if (role.status === 'closed' || call.status === 'closed') {
          throw new HttpError(422, 'This role is closed: applications are no longer taken');
        }
        if (role.filled >= role.openings) throw new HttpError(422, openingsFilledText(role.openings));
        const photoIds = input.photo_ids.length > 0 ? input.photo_ids : role.requires.photo ? [photos[0]!] : [];
        const strange = photoIds.findIndex((id) => !photos.includes(id));
        if (strange >= 0) throw new HttpError(400, 'Choose photos from your profile', `photo_ids.${strange}`);
        if (input.reel && !profile.reels.includes(input.reel)) {
          throw new HttpError(400, 'Choose a reel from your profile', 'reel');
        }
        if (role.requires.reel && !input.reel) throw new HttpError(400, 'This role asks for a reel', 'reel');
        if (role.requires.self_tape && !input.self_tape_url) {
          throw new HttpError(400, 'This role asks for a self-tape link', 'self_tape_url');
        }
        const [row] = await tx
          .insert(castingApplications)
          .values({
            callId,
            roleId,
            profileId: profile.id,
            note: input.note,
            photoIds,
            reel: input.reel || null,
            selfTapeUrl: input.self_tape_url || null,
            ...applicantKeys(profile),
          })
          .onConflictDoNothing()
          .returning(applicationViewColumns);
        if (!row) throw new HttpError(409, 'You have already applied to this role');
        forgetCounts(callId);
        // The poster hears of new applicants at most once an hour per call: most applications write nothing more.
        const due = !call.applicantMailAt || Date.now() - call.applicantMailAt.getTime() > HOUR_MS;
        const [claimed] = due
          ? await tx
              .update(castingCalls)
              .set({ applicantMailAt: new Date() })
              .where(
                and(
                  eq(castingCalls.id, callId),
                  sql`(${castingCalls.applicantMailAt} is null or ${castingCalls.applicantMailAt} < now() - interval '1 hour')`,
                ),
              )
              .returning({ id: castingCalls.id })
          : [];
        if (claimed) {
          await tellPoster(
            tx,
            { id: callId, posterId: call.posterId },
            'New applicants for your casting call',
            `${call.title}: ${profile.displayName} applied for ${role.name}`,
          );
        }
        return applicationView(row);
      },

      async myApplications(userId) {
        const rows = await db
          .select({ application: castingApplications, call: castingCalls, role: castingRoles, poster: profiles })
          .from(castingApplications)
          .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
          .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
          // A call whose poster left stays in the list, without a poster.
          .leftJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(
            eq(
              castingApplications.profileId,
              sql`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${userId})`,
            ),
          )
          .orderBy(desc(castingApplications.updatedAt), desc(castingApplications.id));
        return rows.map(({ application, call, role, poster }) => ({
          // A decision not told yet is not shown either: its poster may still undo it.
          ...applicationView({ ...application, status: application.untoldFrom ?? application.status }),
          call_title: call.title,
          role_name: role.name,
          poster: poster ? posterView(poster) : null,
          deadline: inIndia(call.deadline),
          updated_at: application.updatedAt.toISOString(),
        }));
      },

      async withdraw(tx, userId, id) {
        const [found] = await tx
          .select({ application: castingApplications })
          .from(castingApplications)
          .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
          .where(and(eq(castingApplications.id, id), eq(profiles.userId, userId)))
          .for('update', { of: castingApplications });
        if (!found) throw new HttpError(404, 'There is no such application');
        // What the applicant was told: a decision not told yet gives way to their withdrawal, and is never told.
        const status = found.application.untoldFrom ?? found.application.status;
        if (!withdrawableStatuses.includes(status)) {
          throw new HttpError(409, `This application is ${status.replace('_', ' ')}: it cannot be withdrawn`);
        }
        const [row] = await tx
          .update(castingApplications)
          .set({ status: 'withdrawn', untoldFrom: null, tellAt: null, updatedAt: new Date() })
          .where(eq(castingApplications.id, id))
          .returning();
        forgetCounts(row!.callId);
        return applicationView(row!);
      },

      async applicants(userId, callId, query) {
        const values: ApplicantListValues = {
          callId,
          userId,
          role: query.role,
          status: query.status,
          city: query.city?.toLowerCase(),
          language: query.language ? JSON.stringify([query.language.toLowerCase()]) : undefined,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        };
        const shape = {
          role: query.role !== undefined,
          status: query.status !== undefined,
          city: !!query.city,
          language: !!query.language,
          verified: query.verified === 'true',
          brief: query.brief,
        };
        const filtersApplicant = shape.city || shape.language || shape.verified || shape.brief !== undefined;
        // A filter on the applicant is counted first (kept as the counts are, countsOf): when it matches nobody, or
        // no one on this page, the page is not read. Such a filter (a language nobody among the applicants speaks)
        // would otherwise read the whole role, as no index orders the rows by it.
        const filteredTotal = filtersApplicant
          ? await totalOf(
              callId,
              userId,
              [query.role, query.status, query.city, query.language, query.verified, query.brief],
              () => applicantsWhere({ ...shape, owner: true }, valueOf(values)),
            )
          : null;
        // The page with the chosen photos' files in their order, in one statement built once per shape of the query
        // (a request to the database, and building one, cost more than what it does here). Without filters on the
        // applicant, the total is among the counts by status.
        const [rows, byStatus] = await Promise.all([
          filteredTotal !== null && values.offset >= filteredTotal
            ? []
            : applicantPage({ ...shape, sort: query.sort }).execute(values),
          countsOf(callId, query.role),
        ]);
        // Rows prove the caller's own call. No rows: not the caller's call (404), or a page past the end or a filter
        // that matches nobody; a call once proved the caller's stays so (its poster never changes).
        const posterKey = `${userId}:${callId}`;
        if (rows.length > 0) remember(knownPosters, posterKey);
        else if (!knownPosters.has(posterKey)) {
          await ownCall(db, userId, callId, false);
          remember(knownPosters, posterKey);
        }
        const counts = Object.fromEntries(byStatus.map((row) => [row.status, row.total]));
        const total =
          filteredTotal ??
          (query.status ? (counts[query.status] ?? 0) : byStatus.reduce((sum, row) => sum + row.total, 0));
        return {
          data: rows.map(({ application, profile, photoNames, offBrief }) => {
            const chosen = photoNames.map(profilePhotoUrl);
            return {
              ...applicationView(application),
              applicant: {
                handle: profile.handle,
                display_name: profile.displayName,
                photo: chosen[0] ?? null,
                playing_age_min: profile.playingAgeMin,
                playing_age_max: profile.playingAgeMax,
                languages: profile.languages.map((item) => item.language),
                city: profile.city,
                verified: profile.verified,
                minor: profile.minor,
              },
              photos: chosen,
              poster_note: application.posterNote,
              off_brief: (['gender', 'age'] as const).filter((what) => offBrief?.[what]),
              undo_until: application.tellAt ? application.tellAt.toISOString() : null,
            };
          }),
          meta: { page: query.page, per_page: query.per_page, total, counts },
        };
      },

      async applicantsCsv(userId, callId, query) {
        const { call } = await ownCall(db, userId, callId, false);
        const roles = await rolesOf(db, [callId]);
        const header = [
          'Name',
          'Profile',
          'Role',
          'Status',
          'Off the brief',
          'City',
          'Playing age',
          'Languages',
          'Verified',
          'Applied',
          'Note',
          'Reel',
          'Self-tape',
          'Callback',
          'Callback place',
          'Callback answer',
          'Private note',
        ];
        const lines = [header.map(csvField).join(',')];
        const site = publicUrl.replace(/\/+$/, '');
        // One file for the whole call, role by role: a spreadsheet sorts and filters it by the Role column.
        for (const role of roles) {
          for (let page = 1; ; page += 1) {
            const { data } = await repository.applicants(userId, callId, {
              ...query,
              role: role.id,
              page,
              per_page: 100,
            });
            // A link only to a profile anyone with it may open: a minor's, or one kept private, answers 404.
            const open = new Set(
              data.length === 0
                ? []
                : (
                    await db
                      .select({
                        handle: profiles.handle,
                        userId: profiles.userId,
                        visibility: profiles.visibility,
                        hiddenByStaffAt: profiles.hiddenByStaffAt,
                        minor: profiles.minor,
                        heldReason: profiles.heldReason,
                      })
                      .from(profiles)
                      .where(
                        inArray(
                          profiles.handle,
                          data.map((item) => item.applicant.handle),
                        ),
                      )
                  )
                    .filter((row) => canSeeProfile(row, null))
                    .map((row) => row.handle),
            );
            for (const item of data) {
              const applicant = item.applicant;
              lines.push(
                [
                  applicant.display_name,
                  open.has(applicant.handle) ? `${site}/profiles/${applicant.handle}` : '',
                  role.name,
                  item.status.replace('_', ' '),
                  item.off_brief.map((what) => (what === 'age' ? 'playing age' : what)).join('; '),
                  applicant.city,
                  applicant.playing_age_min === null ? '' : `${applicant.playing_age_min}-${applicant.playing_age_max}`,
                  applicant.languages.join('; '),
                  applicant.verified ? 'yes' : 'no',
                  csvTime(new Date(item.created_at)),
                  item.note,
                  item.reel,
                  item.self_tape_url,
                  item.callback ? csvTime(new Date(item.callback.at)) : '',
                  item.callback?.place ?? '',
                  item.callback?.answer ?? '',
                  item.poster_note,
                ]
                  .map(csvField)
                  .join(','),
              );
            }
            if (data.length < 100) break;
          }
        }
        return { name: applicantsCsvName(call, new Date()), csv: `${UTF8_BOM}${lines.join('\r\n')}\r\n` };
      },

      async transition(tx, userId, id, input) {
        if (input.callback_answer) {
          // The applicant answers a callback.
          const [found] = await tx
            .select({ application: castingApplications, call: castingCalls, role: castingRoles })
            .from(castingApplications)
            .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
            .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
            .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
            .where(and(eq(castingApplications.id, id), eq(profiles.userId, userId)))
            .for('update', { of: castingApplications });
          if (!found) throw new HttpError(404, 'There is no such application');
          if (input.to) throw new HttpError(400, 'Answer the callback, or move the application: not both', 'to');
          // By what the applicant was told: a decision not told yet must not show as a refusal. The answer stays
          // recorded whether that decision is undone or told.
          if ((found.application.untoldFrom ?? found.application.status) !== 'callback') {
            throw new HttpError(409, 'There is no callback to answer', 'callback_answer');
          }
          const [row] = await tx
            .update(castingApplications)
            .set({ callbackAnswer: input.callback_answer, updatedAt: new Date() })
            .where(eq(castingApplications.id, id))
            .returning();
          // A poster who left has nobody to tell.
          const [poster] =
            found.call.posterId === null
              ? []
              : await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, found.call.posterId));
          const [applicant] = await tx
            .select({ name: profiles.displayName })
            .from(profiles)
            .where(eq(profiles.id, found.application.profileId));
          if (poster) {
            await notify(
              tx,
              [
                {
                  userId: poster.userId,
                  kind: 'callback',
                  title: `Callback ${input.callback_answer}`,
                  body: `${applicant?.name ?? 'An applicant'} ${input.callback_answer} the callback for ${found.role.name} in ${found.call.title}`,
                  link: `/me/casting-calls/${found.call.id}`,
                  mail: true,
                },
              ],
              publicUrl,
            );
          }
          return applicationView({ ...row!, status: row!.untoldFrom ?? row!.status });
        }
        if (!input.to) throw new HttpError(400, 'Say where the application goes', 'to');
        const found = await applicationForPoster(tx, userId, id);
        if (!found) throw new HttpError(404, 'There is no such application');
        let callback: { at: Date; place: string } | undefined;
        if (input.to === 'callback') {
          if (!input.callback_at) throw new HttpError(400, 'Give the callback’s date and time', 'callback_at');
          if (!input.callback_place) throw new HttpError(400, 'Give the callback’s place', 'callback_place');
          // A time without its offset is India's.
          const written = input.callback_at;
          const at = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(written) ? written : `${written}${INDIA_OFFSET}`);
          if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
            throw new HttpError(400, 'The callback must be at a time in the future', 'callback_at');
          }
          callback = { at, place: input.callback_place };
        }
        // The decisions that end an application wait to be told, so that a slip can be undone.
        const final = input.to === 'selected' || input.to === 'not_selected';
        const [row] = await move(
          tx,
          [found.application],
          input.to,
          found.call,
          found.role,
          callback,
          final ? decisionTellAt() : undefined,
        );
        return applicationView(row!);
      },

      async bulkTransition(tx, userId, callId, ids, to) {
        const { call } = await ownCall(tx, userId, callId);
        const rows = await tx
          .select()
          .from(castingApplications)
          .where(and(eq(castingApplications.callId, callId), inArray(castingApplications.id, ids)))
          .orderBy(asc(castingApplications.id))
          .for('update');
        if (rows.length !== new Set(ids).size) throw new HttpError(404, 'There is no such application', 'ids');
        const roles = await rolesOf(tx, [callId]);
        // A move of several at once waits to be told, so that a slip can be undone.
        const tellAt = decisionTellAt();
        let moved = 0;
        for (const role of roles) {
          const ofRole = rows.filter((row) => row.roleId === role.id);
          if (ofRole.length > 0) moved += (await move(tx, ofRole, to, call, role, undefined, tellAt)).length;
        }
        return { moved, undo_until: tellAt.toISOString() };
      },

      async undoDecisions(tx, userId, callId, ids, now = new Date()) {
        await ownCall(tx, userId, callId);
        const rows = await tx
          .select()
          .from(castingApplications)
          .where(and(eq(castingApplications.callId, callId), inArray(castingApplications.id, ids)))
          .orderBy(asc(castingApplications.id))
          .for('update');
        if (rows.length !== new Set(ids).size) throw new HttpError(404, 'There is no such application', 'ids');
        // A withdrawal (the applicant's, or their guardian's consent) dropped the untold decision: nothing to go back to.
        if (rows.some((row) => row.status === 'withdrawn')) {
          throw new HttpError(409, 'The applicant has withdrawn: there is nothing to undo', 'ids');
        }
        if (rows.some((row) => row.tellAt === null || row.untoldFrom === null || row.tellAt <= now)) {
          throw new HttpError(409, 'Too late to undo: the applicant has been told', 'ids');
        }
        const roles = await rolesOf(tx, [callId]);
        if (rows.some((row) => roles.find((role) => role.id === row.roleId)?.status === 'closed')) {
          throw new HttpError(409, 'This role is closed: its decisions are final', 'ids');
        }
        // Each back to what its applicant was last told; nobody hears of the decision.
        await tx
          .update(castingApplications)
          .set({
            status: sql`${castingApplications.untoldFrom}`,
            untoldFrom: null,
            tellAt: null,
            updatedAt: new Date(),
          })
          .where(inArray(castingApplications.id, ids));
        forgetCounts(callId);
        return { undone: rows.length };
      },

      async tellDecisions(tx, now = new Date()) {
        // Claimed in the statement that finds them: a second server telling at the same moment finds none, and an
        // undo waiting on a row's lock then finds it told.
        const due = await tx
          .update(castingApplications)
          .set({ untoldFrom: null, tellAt: null })
          .where(lte(castingApplications.tellAt, now))
          .returning();
        if (due.length === 0) return 0;
        const callIds = [...new Set(due.map((row) => row.callId))];
        const [calls, roles] = await Promise.all([
          tx.select().from(castingCalls).where(inArray(castingCalls.id, callIds)),
          rolesOf(tx, callIds),
        ]);
        for (const role of roles) {
          const call = calls.find((item) => item.id === role.callId)!;
          for (const to of posterTransitions) {
            const rows = due.filter((row) => row.roleId === role.id && row.status === to);
            if (rows.length > 0) await tellApplicants(tx, rows, to, call, role);
          }
        }
        return due.length;
      },

      async setPosterNote(tx, userId, id, note) {
        const found = await applicationForPoster(tx, userId, id);
        if (!found) throw new HttpError(404, 'There is no such application');
        await tx.update(castingApplications).set({ posterNote: note }).where(eq(castingApplications.id, id));
      },

      async saved(userId) {
        const rows = await db
          .select({ call: castingCalls, poster: profiles })
          .from(savedCalls)
          .innerJoin(castingCalls, eq(castingCalls.id, savedCalls.callId))
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(
            and(
              eq(savedCalls.userId, userId),
              inArray(castingCalls.status, ['published', 'closed']),
              isNull(profiles.hiddenByStaffAt),
              isNull(profiles.heldReason),
            ),
          )
          .orderBy(desc(savedCalls.createdAt));
        const roles = await rolesOf(
          db,
          rows.map(({ call }) => call.id),
        );
        return rows.map(({ call, poster }) => cardOf(call, poster, roles));
      },

      async save(tx, userId, callId, saved) {
        if (!saved) {
          await tx.delete(savedCalls).where(and(eq(savedCalls.userId, userId), eq(savedCalls.callId, callId)));
          return;
        }
        const [call] = await tx
          .select({
            status: castingCalls.status,
            hiddenPoster: profiles.hiddenByStaffAt,
            heldPoster: profiles.heldReason,
          })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId));
        if (
          !call ||
          (call.status !== 'published' && call.status !== 'closed') ||
          call.hiddenPoster !== null ||
          call.heldPoster !== null
        ) {
          throw new HttpError(404, 'There is no such casting call');
        }
        await tx.insert(savedCalls).values({ userId, callId }).onConflictDoNothing();
      },

      async report(tx, userId, callId, report) {
        const [found] = await tx
          .select({ status: castingCalls.status, title: castingCalls.title, posterUser: profiles.userId })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId));
        if (!found || found.status !== 'published') throw new HttpError(404, 'There is no such casting call');
        if (found.posterUser === userId) throw new HttpError(400, 'You cannot report your own call');
        const [row] = await tx
          .insert(callReports)
          .values({ callId, reporterId: userId, reason: report.reason, details: report.details })
          .onConflictDoNothing()
          .returning({ id: callReports.id });
        if (!row) throw new HttpError(409, 'You have already reported this call: a moderator will look at it');
        await tellModerators(tx, 'reported-calls', found.title);
      },

      async moderationQueue(query) {
        const where =
          query.queue === 'pending'
            ? eq(castingCalls.status, 'pending')
            : and(
                ne(castingCalls.status, 'unpublished'),
                sql`exists (select 1 from call_reports cr where cr.call_id = ${castingCalls.id} and cr.status = 'open')`,
              );
        const [rows, [total]] = await Promise.all([
          db
            .select({ call: castingCalls, poster: profiles })
            .from(castingCalls)
            .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
            .where(where)
            .orderBy(asc(castingCalls.updatedAt), asc(castingCalls.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          db.select({ total: count() }).from(castingCalls).where(where),
        ]);
        const ids = rows.map(({ call }) => call.id);
        const [roles, reports] = await Promise.all([
          rolesWithFilled(db, ids),
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select()
                .from(callReports)
                .where(and(inArray(callReports.callId, ids), eq(callReports.status, 'open')))
                .orderBy(asc(callReports.createdAt)),
        ]);
        return {
          data: rows.map(({ call, poster }) => ({
            ...callView(
              call,
              poster,
              roles.filter((role) => role.callId === call.id),
            ),
            reports: reports
              .filter((report) => report.callId === call.id)
              .map((report) => ({
                reason: report.reason,
                details: report.details,
                created_at: report.createdAt.toISOString(),
              })),
            poster_hidden: poster.hiddenByStaffAt !== null,
            poster_held: poster.heldReason !== null,
          })),
          meta: { page: query.page, per_page: query.per_page, total: total?.total ?? 0 },
        };
      },

      async withdrawCallsOf(tx, posterId, reason) {
        const taken = await tx
          .update(castingCalls)
          .set({ status: 'unpublished', unpublishedReason: reason, updatedAt: new Date() })
          .where(and(eq(castingCalls.posterId, posterId), inArray(castingCalls.status, ['pending', 'published'])))
          .returning();
        // A call a moderator had already taken down may still keep applicants waiting: they are answered too.
        const down = await tx
          .select()
          .from(castingCalls)
          .where(
            and(
              eq(castingCalls.posterId, posterId),
              eq(castingCalls.status, 'unpublished'),
              sql`exists (select 1 from ${castingRoles} where ${castingRoles.callId} = ${castingCalls.id}
                and ${castingRoles.status} = 'open')`,
            ),
          );
        const calls = [...taken, ...down.filter((call) => !taken.some((item) => item.id === call.id))];
        const ids = calls.map((call) => call.id);
        const takenDown = taken.map((call) => ({ id: call.id, title: call.title }));
        if (ids.length === 0) return takenDown;
        await tx
          .update(castingRoles)
          .set({ status: 'closed' })
          .where(and(inArray(castingRoles.callId, ids), eq(castingRoles.status, 'open')));
        // Nobody is left waiting on a call nobody can see: one "withdrawn" notice each, not one per status change.
        const ended = await tx
          .update(castingApplications)
          .set({ status: 'withdrawn', untoldFrom: null, tellAt: null, updatedAt: new Date() })
          // By what each was told: a decision not told yet is dropped with its call, never told.
          .where(
            and(
              inArray(castingApplications.callId, ids),
              inArray(sql`coalesce(${castingApplications.untoldFrom}, ${castingApplications.status})`, openStatuses),
            ),
          )
          .returning({ callId: castingApplications.callId, profileId: castingApplications.profileId });
        for (const id of ids) forgetCounts(id);
        const users = await applicantUsers(
          tx,
          ended.map((row) => row.profileId),
        );
        const told = new Set<string>();
        const items: NotificationInput[] = ended.flatMap((row) => {
          const userId = users.get(row.profileId);
          const call = calls.find((item) => item.id === row.callId)!;
          // One notice per applicant and call, however many of its roles they applied to.
          if (userId === undefined || told.has(`${userId}:${call.id}`)) return [];
          told.add(`${userId}:${call.id}`);
          return [
            {
              userId,
              kind: 'application' as const,
              title: 'A casting call you applied to was withdrawn',
              body: `${call.title}: it is no longer on CineVerse, so your application is closed.`,
              link: '/me/applications',
              mail: true,
            },
          ];
        });
        await notifyMany(tx, items, publicUrl);
        return takenDown;
      },

      async dismissReports(tx, callId, moderatorId) {
        const [found] = await tx
          .select({ title: castingCalls.title, posterUser: profiles.userId })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId))
          .for('update', { of: castingCalls });
        if (!found) throw new HttpError(404, 'There is no such casting call');
        if (found.posterUser === moderatorId) throw new HttpError(403, 'Another moderator decides on your own call');
        const closed = await tx
          .update(callReports)
          .set({ status: 'closed' })
          .where(and(eq(callReports.callId, callId), eq(callReports.status, 'open')))
          .returning({ id: callReports.id });
        if (closed.length === 0) throw new HttpError(409, 'This call has no open report: it was already decided');
        return { title: found.title, closed: closed.length };
      },

      async moderate(tx, callId, action, reason, moderatorId) {
        const [found] = await tx
          .select({ call: castingCalls, poster: profiles })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId))
          .for('update', { of: castingCalls });
        if (!found) throw new HttpError(404, 'There is no such casting call');
        const before = (await fullCall(tx, callId))!;
        const { call, poster } = found;
        if (poster.userId === moderatorId) throw new HttpError(403, 'Another moderator decides on your own call');
        if (action === 'publish' && poster.hiddenByStaffAt !== null) {
          throw new HttpError(409, 'Its poster’s profile is hidden by a moderator: the call stays down with it');
        }
        if (action === 'publish' && poster.heldReason !== null) {
          throw new HttpError(409, 'Its poster’s profile is held for review: approve the profile first');
        }
        if (action === 'publish' && call.status !== 'pending' && call.status !== 'unpublished') {
          throw new HttpError(409, `This call is ${call.status}: only a pending or unpublished call can be published`);
        }
        if (action === 'unpublish' && call.status !== 'pending' && call.status !== 'published') {
          throw new HttpError(409, `This call is ${call.status}: only a pending or published call can be unpublished`);
        }
        await tx
          .update(castingCalls)
          .set(
            action === 'publish'
              ? { status: 'published', unpublishedReason: null, updatedAt: new Date() }
              : { status: 'unpublished', unpublishedReason: reason, updatedAt: new Date() },
          )
          .where(eq(castingCalls.id, callId));
        // A decision settles the call's reports.
        await tx
          .update(callReports)
          .set({ status: 'closed' })
          .where(and(eq(callReports.callId, callId), eq(callReports.status, 'open')));
        await notify(
          tx,
          [
            action === 'publish'
              ? {
                  userId: poster.userId,
                  kind: 'moderation',
                  title: 'Your casting call is published',
                  body: call.title,
                  link: `/auditions/${callId}`,
                  mail: true,
                }
              : {
                  userId: poster.userId,
                  kind: 'moderation',
                  title: 'Your casting call was unpublished',
                  body: `${call.title}: ${reason}. Edit it and it goes back to a moderator.`,
                  link: `/me/casting-calls/${callId}`,
                  mail: true,
                },
          ],
          publicUrl,
        );
        return { before, after: (await fullCall(tx, callId))! };
      },
    };
    fastify.decorate('castingRepository', repository);
  },
  { name: 'casting-repository', dependencies: ['database'] },
);
