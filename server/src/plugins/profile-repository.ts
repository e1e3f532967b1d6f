import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  ADULT_AGE,
  MAX_ORGANISATION_PHOTOS,
  MAX_PERSON_PHOTOS,
  PROFILE_COUNT_LIMIT,
  type MyProfile,
  organisationCategories,
  type ParsedProfileInput,
  type PhotoChange,
  PERSON_CATEGORY,
  type ProfileCard,
  type ProfileList,
  type ProfileListQuery,
  type PublicProfile,
  reservedHandles,
} from '../../../src/contract/profiles.js';
import { isStaff } from '../../../src/contract/roles.js';
import type { User } from '../../../src/contract/user.js';
import { REEL_RULE, reelAddress } from '../../../src/contract/instagram.js';
import type { Database } from '../db/client.js';
import { listedProfile, moderationItems, profilePhotos, profiles } from '../db/schema.js';
import { refreshApplicantKeys } from '../lib/applicant-keys.js';
import { type ConsentRow, guardianView, latestConsent } from '../lib/guardian-consent.js';
import { heldReasonFor } from '../lib/held-words.js';
import { cityMatch, profileKeys, profileSearch, profileSearchRank } from '../lib/search-keys.js';
import { queueShareCard } from '../lib/jobs.js';
import { tellModerators } from '../lib/moderator-notice.js';
import { HttpError } from './error-handler.js';
import { UPLOADS_PREFIX } from './web-app.js';

type ProfileRow = typeof profiles.$inferSelect;
type PhotoRow = typeof profilePhotos.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** Members' profiles: their own, the public's view of them, and the network's index. */
    profileRepository: {
      getMine(userId: number, executor?: Database): Promise<MyProfile | null>;
      /** Creates or replaces the caller's profile (400 or 409 naming the field that breaks a rule). */
      saveMine(tx: Database, userId: number, input: ParsedProfileInput): Promise<MyProfile>;
      /** The profile as `viewer` may see it; a hidden one, or a minor's, is 404 to all but its owner and staff. */
      getPublic(handle: string, viewer: User | null): Promise<PublicProfile>;
      list(query: ProfileListQuery): Promise<ProfileList>;
      /** Whether `pathname` is the page of a profile the public may not see (hidden, or a minor's). */
      isHiddenPage(pathname: string): Promise<boolean>;
      /** Adds a stored photo to the caller's profile (the first is the main one); 409 past the limit. */
      addPhoto(tx: Database, userId: number, name: string): Promise<MyProfile>;
      /** Makes a photo the main one or moves it (1 is first), or removes it; only the owner's photos are found (404 otherwise). */
      updatePhoto(tx: Database, userId: number, photoId: number, change: PhotoChange): Promise<MyProfile>;
      removePhoto(tx: Database, userId: number, photoId: number): Promise<{ profile: MyProfile; name: string }>;
    };
  }
}

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `today`. */
export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A path segment as written, decoded; as it came when it is not valid percent-encoding. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The profiles `where` finds, counted up to one past PROFILE_COUNT_LIMIT: counting every match of a broad search in
 * a large network took longer than the page itself (docs/decisions/2026-11-25-directory-search.md).
 */
export async function countListed(db: Database, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(profiles)
    .where(where)
    .limit(PROFILE_COUNT_LIMIT + 1)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  return row?.total ?? 0;
}

export const profilePhotoUrl = (name: string) => `${UPLOADS_PREFIX}profile/${encodeURIComponent(name)}`;

function photosOf(rows: PhotoRow[]) {
  return rows.map((photo) => ({ id: photo.id, url: profilePhotoUrl(photo.name), main: photo.main }));
}

/**
 * Whether `viewer` may see the profile `row` at all. A hidden profile, and any minor's (DPDP Act 2023 s.9), is seen
 * only by its owner and staff; a poster sees a minor who applied to their call in the applicant manager, not here.
 */
export function canSeeProfile(
  row: Pick<ProfileRow, 'userId' | 'visibility' | 'hiddenByStaffAt' | 'minor' | 'heldReason'>,
  viewer: User | null,
): boolean {
  if (viewer && (viewer.id === row.userId || isStaff(viewer.role))) return true;
  // A new organisation held for review (heldReason) is not public until a moderator approves it.
  return row.visibility === 'public' && row.hiddenByStaffAt === null && !row.minor && row.heldReason === null;
}

/**
 * Why an organisation's save holds it for a moderator, or null: a new organisation whose name or description uses a
 * held word (lib/held-words.ts), or one not verified whose edit brings such words in (words it had already, and a
 * moderator approved, do not hold it again). A profile already held stays held by its first reason. A person's
 * profile is never held, so a person becoming an organisation is judged as a new one: its words were never approved.
 */
function newlyHeld(
  existing: Pick<ProfileRow, 'kind' | 'displayName' | 'headline' | 'bio' | 'verified' | 'heldReason'> | undefined,
  input: { kind: string; display_name: string; headline: string; bio: string },
): string | null {
  if (input.kind !== 'organisation') return null;
  const reason = heldReasonFor(input.display_name, `${input.headline}\n${input.bio}`);
  if (!reason || !existing || existing.kind !== 'organisation') return reason;
  if (existing.verified || existing.heldReason !== null) return null;
  return heldReasonFor(existing.displayName, `${existing.headline}\n${existing.bio}`) === null ? reason : null;
}

/**
 * What everyone sees: hidden details absent; the date of birth and guardian never; a minor's contacts never; a
 * person's postal address never (an organisation's address is its place of business).
 */
function publicView(row: ProfileRow, photos: PhotoRow[]): PublicProfile {
  const view: PublicProfile = {
    kind: row.kind,
    handle: row.handle,
    display_name: row.displayName,
    category: row.category,
    crafts: row.crafts as PublicProfile['crafts'],
    headline: row.headline,
    bio: row.bio,
    city: row.city,
    languages: row.languages as PublicProfile['languages'],
    skills: row.skills,
    playing_age_min: row.playingAgeMin,
    playing_age_max: row.playingAgeMax,
    gender: row.gender as PublicProfile['gender'],
    union_name: row.unionName,
    union_number: row.unionNumber,
    credits: row.credits as PublicProfile['credits'],
    reels: row.reels,
    photos: photosOf(photos),
    website: row.website,
    ...(row.kind === 'organisation' ? { address: row.address } : {}),
    services: row.services,
    verified: row.verified,
    verified_reason: row.verifiedReason,
    updated_at: row.updatedAt.toISOString(),
  };
  if (row.show.height && row.heightCm !== null) view.height_cm = row.heightCm;
  if (row.show.age && row.dateOfBirth) view.age = ageOn(row.dateOfBirth);
  if (!row.minor) {
    if (row.show.phone && row.phone) view.phone = row.phone;
    if (row.show.email && row.email) view.email = row.email;
  }
  return view;
}

function ownView(row: ProfileRow, photos: PhotoRow[], consent: ConsentRow | null): MyProfile {
  return {
    ...publicView(row, photos),
    height_cm: row.heightCm,
    address: row.address,
    age: row.dateOfBirth ? ageOn(row.dateOfBirth) : undefined,
    phone: row.phone,
    email: row.email,
    visibility: row.visibility,
    show: row.show,
    date_of_birth: row.dateOfBirth,
    guardian: row.guardian ? guardianView(row.guardian, consent) : null,
    hidden_by_staff: row.hiddenByStaffAt !== null,
    hidden_reason: row.hiddenReason,
    held_reason: row.heldReason,
    verification_status: row.verificationStatus,
    refused_reason: row.refusedReason,
  };
}

/** The rules across fields, in the order a member fills the form; each refusal names its field. */
function checkRules(input: ParsedProfileInput): { minor: boolean } {
  if (reservedHandles.includes(input.handle)) throw new HttpError(400, 'That handle is not available', 'handle');
  if (input.kind === 'person' && input.category !== PERSON_CATEGORY) {
    throw new HttpError(400, `A person's profile is in the ${PERSON_CATEGORY} category`, 'category');
  }
  if (input.kind === 'organisation') {
    if (!(organisationCategories as readonly string[]).includes(input.category)) {
      throw new HttpError(400, `category must be one of ${organisationCategories.join(', ')}`, 'category');
    }
    if (input.crafts.length > 0) throw new HttpError(400, 'Crafts are for a person’s profile', 'crafts');
  }
  if (
    input.playing_age_min !== null &&
    input.playing_age_max !== null &&
    input.playing_age_min > input.playing_age_max
  ) {
    throw new HttpError(400, 'The playing age range must start at or below its end', 'playing_age_max');
  }
  const notReel = input.reels.findIndex((reel) => reelAddress(reel) === null);
  if (notReel >= 0) throw new HttpError(400, REEL_RULE, `reels.${notReel}`);
  let minor = false;
  if (input.date_of_birth !== null) {
    if (!isRealDate(input.date_of_birth) || Date.parse(input.date_of_birth) > Date.now()) {
      throw new HttpError(400, 'Enter a real date of birth', 'date_of_birth');
    }
    minor = input.kind === 'person' && ageOn(input.date_of_birth) < ADULT_AGE;
  }
  if (minor && input.guardian === null) {
    throw new HttpError(400, 'A member under 18 needs a parent or guardian’s name and email', 'guardian');
  }
  return { minor };
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    const photosFor = (executor: Database, profileId: number) =>
      executor
        .select()
        .from(profilePhotos)
        .where(eq(profilePhotos.profileId, profileId))
        .orderBy(asc(profilePhotos.sortOrder), asc(profilePhotos.id));

    async function rowOfUser(executor: Database, userId: number, lock = false): Promise<ProfileRow | undefined> {
      const query = executor.select().from(profiles).where(eq(profiles.userId, userId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    }

    async function mine(executor: Database, userId: number): Promise<MyProfile | null> {
      const row = await rowOfUser(executor, userId);
      if (!row) return null;
      const consent = row.guardian ? await latestConsent(executor, row.id) : null;
      return ownView(row, await photosFor(executor, row.id), consent);
    }

    async function requireMine(tx: Database, userId: number): Promise<ProfileRow> {
      const row = await rowOfUser(tx, userId, true);
      if (!row) throw new HttpError(404, 'Create your profile first');
      return row;
    }

    async function touch(tx: Database, profileId: number) {
      await tx.update(profiles).set({ updatedAt: new Date() }).where(eq(profiles.id, profileId));
      // Its share card shows the main photo.
      await queueShareCard(tx, 'profile', profileId);
    }

    fastify.decorate('profileRepository', {
      getMine: (userId, executor = db) => mine(executor, userId),

      async saveMine(tx, userId, input) {
        const { minor } = checkRules(input);
        const existing = await rowOfUser(tx, userId, true);
        const [taken] = await tx
          .select({ userId: profiles.userId })
          .from(profiles)
          .where(eq(profiles.handle, input.handle));
        if (taken && taken.userId !== userId) throw new HttpError(409, 'That handle is taken', 'handle');
        // Consent is the guardian's, given by the link mailed to them (guardianConsentRepository), never the form's.
        const guardian = input.guardian ? { name: input.guardian.name, contact: input.guardian.contact } : null;
        const values = {
          kind: input.kind,
          handle: input.handle,
          displayName: input.display_name,
          // The name and city in either script, for search (lib/search-keys.ts).
          ...profileKeys({ displayName: input.display_name, city: input.city }),
          category: input.category,
          crafts: input.crafts,
          headline: input.headline,
          bio: input.bio,
          city: input.city,
          languages: input.languages,
          skills: input.skills,
          playingAgeMin: input.playing_age_min,
          playingAgeMax: input.playing_age_max,
          gender: input.gender,
          heightCm: input.height_cm,
          unionName: input.union_name,
          unionNumber: input.union_number,
          credits: input.credits,
          // An Instagram share link loses its tracking query here.
          reels: input.reels.map((reel) => reelAddress(reel) ?? reel),
          website: input.website,
          address: input.address,
          phone: input.phone,
          email: input.email,
          services: input.services,
          visibility: input.visibility,
          show: input.show,
          dateOfBirth: input.kind === 'person' ? input.date_of_birth : null,
          guardian: minor ? guardian : null,
          minor,
          updatedAt: new Date(),
        };
        const held = newlyHeld(existing, input);
        let profileId = existing?.id;
        if (existing) {
          await tx
            .update(profiles)
            .set(held ? { ...values, heldReason: held } : values)
            .where(eq(profiles.id, existing.id));
          await refreshApplicantKeys(tx, existing.id);
        } else {
          [{ id: profileId }] = (await tx
            .insert(profiles)
            .values({ ...values, userId, heldReason: held })
            .returning({ id: profiles.id })) as [{ id: number }];
        }
        if (held) {
          await tx.insert(moderationItems).values({ kind: 'held', profileId: profileId!, details: held });
          await tellModerators(tx, 'held', `${input.display_name} (@${input.handle})`);
        }
        // Its share card is drawn, drawn again, or (private, a minor's) removed.
        await queueShareCard(tx, 'profile', profileId!);
        if (minor && guardian) {
          await fastify.guardianConsentRepository.sync(
            tx,
            userId,
            { id: profileId!, displayName: input.display_name },
            guardian,
          );
        }
        return (await mine(tx, userId))!;
      },

      async getPublic(handle, viewer) {
        const [row] = await db.select().from(profiles).where(eq(profiles.handle, handle));
        if (!row || !canSeeProfile(row, viewer)) throw new HttpError(404, 'There is no such profile');
        return publicView(row, await photosFor(db, row.id));
      },

      async isHiddenPage(pathname) {
        const handle = /^\/profiles\/([^/]+)\/?$/.exec(pathname)?.[1];
        if (!handle) return false;
        const [row] = await db
          .select({
            userId: profiles.userId,
            visibility: profiles.visibility,
            hiddenByStaffAt: profiles.hiddenByStaffAt,
            minor: profiles.minor,
            heldReason: profiles.heldReason,
          })
          .from(profiles)
          .where(eq(profiles.handle, safeDecode(handle).toLowerCase()));
        return !!row && !canSeeProfile(row, null);
      },

      async list(query) {
        // Each filter has an index behind it (migration 0016, docs/decisions/2026-11-25-directory-search.md).
        const filters: SQL[] = [listedProfile];
        if (query.category) filters.push(sql`lower(${profiles.category}) = lower(${query.category})`);
        if (query.city) filters.push(cityMatch(profiles.cityKey, query.city));
        if (query.craft) filters.push(sql`${profiles.crafts} @> ${JSON.stringify([query.craft])}::jsonb`);
        if (query.language) {
          filters.push(sql`${profiles.languageKeys} @> ${JSON.stringify([query.language.toLowerCase()])}::jsonb`);
        }
        if (query.verified === 'true') filters.push(eq(profiles.verified, true));
        if (query.gender) filters.push(eq(profiles.gender, query.gender));
        if (query.age !== undefined) {
          filters.push(sql`${profiles.playingAgeMin} <= ${query.age} and ${profiles.playingAgeMax} >= ${query.age}`);
        }
        if (query.search) filters.push(profileSearch(query.search));
        const where = and(...filters);
        const [rows, total] = await Promise.all([
          db
            .select({
              row: profiles,
              // The main photo (drizzle writes the outer table's column unqualified here: it is named in full).
              photo: sql<string | null>`(${sql.raw(
                'select p.name from profile_photos p where p.profile_id = "profiles"."id" order by p.main desc, p.sort_order, p.id limit 1',
              )})`,
            })
            .from(profiles)
            .where(where)
            .orderBy(
              // A name that is the search comes first, in either script.
              ...(query.search ? [asc(profileSearchRank(query.search))] : []),
              ...(query.sort === 'verified' ? [desc(profiles.verified)] : []),
              desc(profiles.updatedAt),
              asc(profiles.id),
            )
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          countListed(db, where),
        ]);
        return {
          data: rows.map(({ row, photo }) => ({
            handle: row.handle,
            kind: row.kind,
            display_name: row.displayName,
            category: row.category,
            crafts: row.crafts as ProfileCard['crafts'],
            headline: row.headline,
            city: row.city,
            photo: photo ? profilePhotoUrl(photo) : null,
            verified: row.verified,
          })),
          meta: {
            page: query.page,
            per_page: query.per_page,
            total: Math.min(total, PROFILE_COUNT_LIMIT),
            total_capped: total > PROFILE_COUNT_LIMIT,
          },
        };
      },

      async addPhoto(tx, userId, name) {
        const row = await requireMine(tx, userId);
        const photos = await photosFor(tx, row.id);
        const limit = row.kind === 'person' ? MAX_PERSON_PHOTOS : MAX_ORGANISATION_PHOTOS;
        if (photos.length >= limit) {
          throw new HttpError(409, `A profile holds at most ${limit} photos: remove one first`, 'file');
        }
        await tx.insert(profilePhotos).values({
          profileId: row.id,
          name,
          main: photos.length === 0,
          sortOrder: photos.length + 1,
        });
        await touch(tx, row.id);
        return (await mine(tx, userId))!;
      },

      async updatePhoto(tx, userId, photoId, change) {
        const row = await requireMine(tx, userId);
        const photos = await photosFor(tx, row.id);
        if (!photos.some((photo) => photo.id === photoId)) throw new HttpError(404, 'There is no such photo');
        if (change.main) {
          await tx
            .update(profilePhotos)
            .set({ main: sql`${profilePhotos.id} = ${photoId}` })
            .where(eq(profilePhotos.profileId, row.id));
          await touch(tx, row.id);
        }
        if (change.position !== undefined) {
          // The photo moves to its new place (1 is first); the others keep their order around it.
          const order = photos.filter((photo) => photo.id !== photoId).map((photo) => photo.id);
          order.splice(Math.min(change.position, photos.length) - 1, 0, photoId);
          for (const [index, id] of order.entries()) {
            await tx
              .update(profilePhotos)
              .set({ sortOrder: index + 1 })
              .where(eq(profilePhotos.id, id));
          }
          await touch(tx, row.id);
        }
        return (await mine(tx, userId))!;
      },

      async removePhoto(tx, userId, photoId) {
        const row = await requireMine(tx, userId);
        const photos = await photosFor(tx, row.id);
        const photo = photos.find((item) => item.id === photoId);
        if (!photo) throw new HttpError(404, 'There is no such photo');
        await tx.delete(profilePhotos).where(eq(profilePhotos.id, photoId));
        const rest = photos.filter((item) => item.id !== photoId);
        // The main photo removed: the next one becomes the main one.
        if (photo.main && rest[0]) {
          await tx.update(profilePhotos).set({ main: true }).where(eq(profilePhotos.id, rest[0].id));
        }
        await touch(tx, row.id);
        return { profile: (await mine(tx, userId))!, name: photo.name };
      },
    });
  },
  { name: 'profile-repository', dependencies: ['database', 'guardian-consent-repository'] },
);
