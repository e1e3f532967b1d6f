import { and, asc, count, desc, eq, getTableColumns, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  allowedTransitions,
  applicantsCsvName,
  type Applicant,
  type ApplicantListQuery,
  type Application,
  DECISION_UNDO_SECONDS,
  INDIA_OFFSET,
  type MyApplication,
  openingsFilledText,
  type PosterTransition,
  posterTransitions,
  type TransitionInput,
  withdrawableStatuses,
} from '../../../src/contract/casting.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { Database } from '../db/client.js';
import {
  castingApplications,
  castingCalls,
  castingRoles,
  profilePhotos,
  profiles,
  selfTapes,
  shownApplication,
} from '../db/schema.js';
import { applicantKeys } from '../lib/applicant-keys.js';
import {
  applicantUsers,
  type ApplicationRow,
  type CallRow,
  filledOpenings,
  HOUR_MS,
  inIndia,
  ownCall,
  posterView,
  type RoleRow,
  rolesOf,
} from '../lib/casting-calls.js';
import { csvField, csvTime, UTF8_BOM } from '../lib/csv.js';
import { cityKeys } from '../lib/either-script.js';
import { confirmedGuardianEmail } from '../lib/guardian-consent.js';
import { tellDecisionsAt } from '../lib/jobs.js';
import { notifyMany } from '../lib/notice-fan-out.js';
import { tapesOfApplications } from '../lib/tape-access.js';
import type { InEach } from '../lib/language.js';
import { type Notice, tell } from '../lib/tell.js';
import {
  applicationMovedNotice,
  callbackAnsweredNotice,
  newApplicantsNotice,
  type NoticeText,
} from '../lib/templates.js';
import { HttpError } from './error-handler.js';
import { canSeeProfile, profilePhotoUrl } from './profile-repository.js';

const COUNTS_TTL_MS = 10_000;
const COUNTS_CACHE_ENTRIES = 1_000;
const KNOWN_POSTERS = 10_000;

/** The values of a poster's applicant list, by the names its statement gives them. */
type ApplicantListValues = {
  callId: number;
  userId: number;
  role: number | undefined;
  status: ApplicantListQuery['status'];
  /** A JSON array of the keys the typed city may be stored under (lib/either-script.ts `cityKeys`). */
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
    shape.city
      ? sql`${castingApplications.applicantCity} in (select jsonb_array_elements_text(${value('city')}::jsonb))`
      : undefined,
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

/** The tape an application carries: the latest of its tapes whose every byte arrived (an answer may be sent again). */
const selfTapeId = sql<
  number | null
>`(select max(${selfTapes.id}) from ${selfTapes} where ${selfTapes.applicationId} = ${castingApplications.id} and ${selfTapes.status} in ('processing', 'ready'))`;

/** A whole application row with the tape it carries. */
const withTape = { ...getTableColumns(castingApplications), selfTapeId };

/** The columns an application's view reads: a query that only shows applications selects just these. */
const applicationViewColumns = {
  selfTapeId,
  tapeRequestedAt: castingApplications.tapeRequestedAt,
  tapeRequestNote: castingApplications.tapeRequestNote,
  tapeDeadline: castingApplications.tapeDeadline,
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

function applicationView(
  row: Pick<ApplicationRow, Exclude<keyof typeof applicationViewColumns, 'selfTapeId'>> & {
    selfTapeId?: number | null;
  },
): Application {
  return {
    id: row.id,
    call_id: row.callId,
    role_id: row.roleId,
    status: row.status,
    note: row.note,
    photo_ids: row.photoIds,
    reel: row.reel,
    self_tape_url: row.selfTapeUrl,
    self_tape_id: row.selfTapeId ?? null,
    tape_request:
      row.tapeRequestedAt && row.tapeDeadline
        ? {
            note: row.tapeRequestNote ?? '',
            deadline: inIndia(row.tapeDeadline),
            requested_at: row.tapeRequestedAt.toISOString(),
          }
        : null,
    callback:
      row.callbackAt && row.callbackPlace !== null
        ? { at: inIndia(row.callbackAt), place: row.callbackPlace, answer: row.callbackAnswer }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The applications to casting calls, and the poster's pipeline of applicants: moves, decisions and their undo. */
    applicationRepository: {
      apply(
        tx: Database,
        userId: number,
        callId: number,
        roleId: number,
        input: {
          photo_ids: number[];
          reel: string | null;
          self_tape_url: string | null;
          self_tape_id?: number | null;
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
      /** Forgets the kept counts of call `callId`'s applications: this process changed them. */
      forgetCounts(callId: number): void;
      /** Tells each applicant of `rows` (of one role) that their application moved to `to`. */
      tellApplicants(
        tx: Database,
        rows: Pick<ApplicationRow, 'profileId' | 'callbackAt' | 'callbackPlace'>[],
        to: PosterTransition,
        call: CallRow,
        role: RoleRow,
      ): Promise<void>;
      /** Tells a call's poster, in the centre and by mail, with a link to the call's applicants. */
      tellPoster(tx: Database, call: Pick<CallRow, 'id' | 'posterId'>, notice: InEach<NoticeText>): Promise<void>;
    };
  }
}

export interface ApplicationRepositoryOptions {
  publicUrl: string;
}

export default fp<ApplicationRepositoryOptions>(
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
    // Another process's change to a call's applications: the change notice names the call.
    fastify.changeNotices.on('applications', (callId) => (callId ? forgetCounts(Number(callId)) : countsCache.clear()));
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

    /** Tells each applicant of `rows` that their application moved to `to`. */
    async function tellApplicants(
      tx: Database,
      rows: Pick<ApplicationRow, 'id' | 'profileId' | 'callbackAt' | 'callbackPlace'>[],
      to: PosterTransition,
      call: CallRow,
      role: RoleRow,
    ) {
      // Told "not selected", an applicant gives up any callback time ahead (found when this runs: after plugins load).
      if (to === 'not_selected') {
        await fastify.callbackRepository.releaseApplications(
          tx,
          rows.map((row) => row.id),
        );
      }
      const users = await applicantUsers(
        tx,
        rows.map((row) => row.profileId),
      );
      const items: Notice[] = rows.flatMap((row) => {
        const userId = users.get(row.profileId);
        if (userId === undefined) return [];
        const callback = row.callbackAt ? { at: row.callbackAt, place: row.callbackPlace } : null;
        return [
          {
            userId,
            kind: to === 'callback' ? 'callback' : 'application',
            words: applicationMovedNotice(to, call.title, role.name, callback),
            link: '/me/applications',
            // Being viewed is worth a line in the centre, not a mail nor an alert on the phone.
            ...(to !== 'viewed' ? { mail: { site: publicUrl } } : { push: false }),
          },
        ];
      });
      await notifyMany(tx, items);
    }

    /** Tells a call's poster, in the centre and by mail, with a link to the call's applicants. */
    async function tellPoster(tx: Database, call: Pick<CallRow, 'id' | 'posterId'>, notice: InEach<NoticeText>) {
      if (call.posterId === null) return;
      const [poster] = await tx
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.id, call.posterId));
      if (!poster) return;
      const link = `/me/casting-calls/${call.id}`;
      await tell(tx, { userId: poster.userId, kind: 'applicants', words: notice, link, mail: { site: publicUrl } });
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
        .returning(withTape);
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

    const repository: FastifyInstance['applicationRepository'] = {
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
        if (role.requires.self_tape && !input.self_tape_url && !input.self_tape_id) {
          throw new HttpError(400, 'This role asks for a self-tape link', 'self_tape_url');
        }
        // An uploaded tape goes with the application: the caller's, for this role, arrived in full, sent once.
        const linkTape = input.self_tape_id
          ? await fastify.tapeRepository.tapeForApplication(tx, userId, roleId, input.self_tape_id)
          : undefined;
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
        await linkTape?.(row.id);
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
            newApplicantsNotice(call.title, profile.displayName, role.name),
          );
        }
        return applicationView({ ...row, selfTapeId: input.self_tape_id ?? null });
      },

      async myApplications(userId) {
        const rows = await db
          .select({ application: withTape, call: castingCalls, role: castingRoles, poster: profiles })
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
          .returning(withTape);
        await fastify.callbackRepository.releaseApplications(tx, [id]);
        forgetCounts(row!.callId);
        return applicationView(row!);
      },

      async applicants(userId, callId, query) {
        const values: ApplicantListValues = {
          callId,
          userId,
          role: query.role,
          status: query.status,
          // In either script or under another of its names ("Bombay", "मुंबई"), as the directory's filter.
          city: query.city ? JSON.stringify(cityKeys(query.city)) : undefined,
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
        const tapes = await tapesOfApplications(
          db,
          rows.map(({ application }) => application.id),
        );
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
              tape: tapes.get(application.id) ?? null,
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
            .returning(withTape);
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
            await tell(tx, {
              userId: poster.userId,
              kind: 'callback',
              words: callbackAnsweredNotice(input.callback_answer, applicant?.name, found.role.name, found.call.title),
              link: `/me/casting-calls/${found.call.id}`,
              mail: { site: publicUrl },
            });
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

      forgetCounts,
      tellApplicants,
      tellPoster,
    };
    fastify.decorate('applicationRepository', repository);
  },
  { name: 'application-repository', dependencies: ['database', 'change-notices', 'tape-repository'] },
);
