import type autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../../server/src/db/client.js';
import { seedDemoContent } from '../../server/seed/seed.js';
import { authTokens, castingCalls, castingRoles, profiles } from '../../server/src/db/schema.js';
import { hashToken } from '../../server/src/lib/tokens.js';
import { USER_API } from './shop-api.js';
import { steadyLoad } from './steady-load.js';
import { pick } from './volume.js';

/**
 * The casting stage: one call with `applications` applications (from as many members, in every status), and as many
 * more members, each with a profile, a main photo and a session, ready to apply during the load. Made by the
 * database itself (generate_series); the sessions are tokens `bench-applicant-{n}` stored as the server stores them.
 */
const cities = [
  'Mumbai',
  'Pune',
  'Chennai',
  'Hyderabad',
  'Kolkata',
  'Delhi',
  'Kochi',
  'Bengaluru',
  'Lucknow',
  'Jaipur',
];
const languages = ['Hindi', 'Marathi', 'Tamil', 'Telugu', 'Bengali', 'Malayalam', 'Kannada', 'Urdu', 'English'];
const statuses = ['submitted', 'viewed', 'shortlisted', 'callback', 'selected', 'not_selected', 'withdrawn'];

export interface CastingVolume {
  callId: number;
  roleId: number;
  /** The casting director's session (the call's poster). */
  posterToken: string;
  /** Sessions of members who have not applied yet. */
  applicantTokens: string[];
}

export const BENCH_POSTER_TOKEN = 'bench-casting-poster';

/** Members `from`..`to`: accounts, person profiles (Artist, actor) with a main photo, and a session each. */
async function addMembers(db: Awaited<ReturnType<typeof openDatabase>>['db'], from: number, to: number) {
  await db.execute(sql`
    with accounts as (
      insert into users (name, email, password_hash, email_confirmed_at)
      select 'Applicant ' || g, 'applicant-' || g || '@bench.invalid', 'bench-member-without-login', now()
      from generate_series(${from}::int, ${to}::int) as g
      returning id, split_part(split_part(email, '@', 1), '-', 2)::int as n
    ), sessions as (
      insert into auth_tokens (user_id, token_hash)
      select id, encode(sha256(('bench-applicant-' || n)::bytea), 'hex') from accounts
    ), people as (
      insert into profiles (user_id, kind, handle, display_name, category, crafts, headline, city, languages,
        playing_age_min, playing_age_max, gender, verified)
      select id, 'person', 'applicant-' || n, 'Applicant ' || n, 'Artist', '["actor"]'::jsonb, 'Actor',
        ${pick(cities, 'n * 7')},
        jsonb_build_array(jsonb_build_object('language', ${pick(languages, 'n * 3')}, 'level', 'native'),
          jsonb_build_object('language', 'Hindi', 'level', 'fluent')),
        18 + n % 30, 24 + n % 30, (array['female', 'male'])[1 + n % 2], n % 6 = 0
      from accounts
      returning id, handle
    )
    insert into profile_photos (profile_id, name, main, sort_order)
    select id, handle || '.webp', true, 1 from people`);
}

/** Migrates and seeds the database, then builds the call, its applications and the members who will apply. */
export async function fillApplications(
  options: DatabaseOptions,
  uploadsDir: string,
  applications: number,
  applicants: number,
): Promise<CastingVolume> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedDemoContent(database.db, uploadsDir);
    const { db } = database;
    const [poster] = await db.select().from(profiles).where(eq(profiles.handle, 'neha-kapoor-casting'));
    if (!poster) throw new Error('The demo casting director is missing');
    await db.insert(authTokens).values({ userId: poster.userId, tokenHash: hashToken(BENCH_POSTER_TOKEN) });
    const [call] = await db
      .insert(castingCalls)
      .values({
        posterId: poster.id,
        title: 'Open auditions: Mumbai Diaries 3',
        projectType: 'web_series',
        description: 'Ten thousand applicants and counting.',
        city: 'Mumbai',
        contentNote: { nudity: false, intimacy: false, violence: false, details: '' },
        deadline: new Date(Date.now() + 60 * 24 * 60 * 60 * 1000),
        status: 'published',
      })
      .returning();
    const [role] = await db
      .insert(castingRoles)
      .values({
        callId: call!.id,
        position: 1,
        name: 'Ensemble',
        ageMin: 18,
        ageMax: 60,
        languages: ['Hindi'],
        paid: true,
        payInr: 50_000,
        requires: { photo: true, reel: false, self_tape: false },
      })
      .returning();
    const batch = 10_000;
    const total = applications + applicants;
    for (let from = 1; from <= total; from += batch) await addMembers(db, from, Math.min(total, from + batch - 1));
    // The first `applications` members have applied, in every status.
    await db.execute(sql`
      insert into casting_applications (call_id, role_id, profile_id, status, note, photo_ids, created_at,
        applicant_name, applicant_city, applicant_languages, applicant_verified)
      select ${call!.id}, ${role!.id}, p.id, ${pick(statuses, 'n')}, 'Applied from the bench.',
        jsonb_build_array(ph.id), now() - make_interval(mins => n),
        lower(p.display_name), lower(p.city), p.language_keys, p.verified
      from (
        select id, display_name, city, language_keys, verified, split_part(handle, '-', 2)::int as n
        from profiles where handle like 'applicant-%'
      ) p
      join profile_photos ph on ph.profile_id = p.id
      where p.n <= ${applications}`);
    await db.execute(sql`analyze`);
    return {
      callId: call!.id,
      roleId: role!.id,
      posterToken: BENCH_POSTER_TOKEN,
      applicantTokens: Array.from({ length: applicants }, (_, index) => `bench-applicant-${applications + index + 1}`),
    };
  } finally {
    await database.close();
  }
}

export interface CastingFigures {
  applications: number;
  request: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
}

/** The poster's filtered lists, cycled so that no two requests in a row are the same. */
const applicantQueries = [
  'status=shortlisted',
  'status=submitted&sort=name',
  'city=Pune',
  'language=Tamil&sort=oldest',
  'verified=true',
  'status=callback&city=Mumbai',
  'page=5',
  'sort=name&page=3',
];

/** The poster's filtered list, then applying (each request a member who has not applied), each at `connections`. */
export async function measureCasting(
  baseUrl: string,
  volume: CastingVolume,
  applications: number,
  settings: { connections: number; durationSeconds: number; warmupSeconds: number },
  log: (line: string) => void,
): Promise<CastingFigures[]> {
  const figures: CastingFigures[] = [];
  let nextApplicant = 0;
  let nextQuery = 0;
  // The list first, while the call has exactly `applications` applications: applying adds thousands more.
  const stages: { name: string; request: autocannon.Request }[] = [
    {
      name: 'applicant list (filtered)',
      request: {
        method: 'GET',
        setupRequest: (request) => {
          const query = applicantQueries[nextQuery % applicantQueries.length]!;
          nextQuery += 1;
          return {
            ...request,
            path: `${USER_API}/casting-calls/${volume.callId}/applications?role=${volume.roleId}&${query}`,
            headers: { authorization: `Bearer ${volume.posterToken}` },
          };
        },
      },
    },
    {
      name: 'apply',
      request: {
        method: 'POST',
        path: `${USER_API}/casting-calls/${volume.callId}/roles/${volume.roleId}/applications`,
        setupRequest: (request) => {
          const token = volume.applicantTokens[nextApplicant % volume.applicantTokens.length]!;
          nextApplicant += 1;
          return {
            ...request,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ note: 'Available all of next month.' }),
          };
        },
      },
    },
  ];
  for (const stage of stages) {
    // After a warm-up on the same connections, as stage 4: the figures are the running server's, not its first
    // seconds'.
    const result = await steadyLoad(
      { url: baseUrl, connections: settings.connections, requests: [stage.request] },
      settings.warmupSeconds,
      settings.durationSeconds,
    );
    const row: CastingFigures = { applications, request: stage.name, ...result };
    log(
      `  ${applications.toLocaleString('en-IN')} applications, ${row.request}: ${row.rps.toFixed(0)} req/s, ` +
        `p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${row.errors}`,
    );
    figures.push(row);
  }
  if (nextApplicant > volume.applicantTokens.length) {
    log(`  (more applications were tried than members prepared: ${nextApplicant}; the rest answered 409)`);
  }
  return figures;
}
