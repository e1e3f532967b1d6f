import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/client.js';
import { profilePhotos, profiles, users } from '../../server/src/db/schema.js';
import { productResponseSchema } from '../../src/contract/catalog.js';
import { profileListResponseSchema } from '../../src/contract/profiles.js';
import { homeDataSchema } from '../../src/contract/site.js';
import { createShopper, createStaff, productNamed, setStock, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Two server processes on one PostgreSQL database, as two apps with a database handle each: an edit made through one
 * is read fresh through the other within a second, because a change notice dropped the other's copy. The embedded
 * database is one process's, so these run only on PostgreSQL (CI runs the server tests there too).
 */
const onPostgres = !!process.env.DATABASE_URL;

/** 1 hour: far beyond any wait here, so only a notice can have dropped a copy. */
const LONG_EXPIRY_MS = 60 * 60_000;
/** What copies live while the listener is lost. */
const FALLBACK_EXPIRY_MS = 300;

let first: TestApp;
let second: FastifyInstance;
const secondLog: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  first = await createTestApp({ readCache: true });
  const database = await openDatabase({ databaseUrl: first.databaseUrl });
  second = await buildApp({
    database,
    closeDatabase: true,
    dataDir: first.dataDir,
    distDir: path.join(first.dataDir, 'no-dist'),
    logLevel: 'info',
    logStream: { write: (line) => void secondLog.push(line) },
    publicUrl: 'https://cineverse.test',
    cacheExpiry: { listeningMs: LONG_EXPIRY_MS, fallbackMs: FALLBACK_EXPIRY_MS },
    // Long enough that the short expiry, not the reconnection, is what keeps answers fresh meanwhile.
    changeNoticeRetryMs: 2_000,
  });
  await second.ready();
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function siteNameOf(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ url: '/backend/api/getHomeData' });
  return homeDataSchema.parse(response.json()).site_settings.site_name;
}

async function stockShownBy(app: FastifyInstance, id: number): Promise<number> {
  const response = await app.inject({ url: `/backend/api/api/v1/getProduct/${id}` });
  return productResponseSchema.parse(response.json()).data.stock;
}

async function renameSite(through: FastifyInstance, siteName: string): Promise<void> {
  const editor = await createStaff(through, 'editor');
  const current = (await through.inject({ url: '/backend/api/api/admin/v1/settings', headers: editor.headers })).json()
    .data as Record<string, string>;
  const response = await through.inject({
    method: 'PUT',
    url: '/backend/api/api/admin/v1/settings',
    headers: editor.headers,
    payload: { ...current, site_name: siteName },
  });
  expect(response.statusCode).toBe(200);
}

describe.skipIf(!onPostgres)('change notices between processes', () => {
  it('an editor renames the site through one process, and the other answers the new name within a second', async () => {
    expect(second.changeNotices.state).toBe('listening');
    const before = await siteNameOf(second);
    await renameSite(first.app, `${before} Renamed`);
    await expect.poll(() => siteNameOf(second), { timeout: 2_000, interval: 20 }).toBe(`${before} Renamed`);
  });

  it('a stock change written through one process shows on the other’s product page within a second', async () => {
    const product = await productNamed(first.app, 'Miniature Clapperboard');
    const before = await stockShownBy(second, product.id);
    await setStock(first.app, product.id, before + 7);
    await expect.poll(() => stockShownBy(second, product.id), { timeout: 2_000, interval: 20 }).toBe(before + 7);
  });

  it('a member who joins the network through one process is in the other’s directory search within a second', async () => {
    const search = '/backend/api/api/v1/profiles?category=Artist&city=Nashik&per_page=48';
    const handles = async () =>
      profileListResponseSchema.parse((await second.inject({ url: search })).json()).data.map((card) => card.handle);
    expect(await handles()).not.toContain('joined-elsewhere');
    const member = await createShopper(first.app, 'Joined Elsewhere');
    const created = await first.app.inject({
      method: 'PUT',
      url: `${USER_API}/me/profile`,
      headers: member.headers,
      payload: {
        kind: 'person',
        handle: 'joined-elsewhere',
        display_name: 'Joined Elsewhere',
        category: 'Artist',
        city: 'Nashik',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    await expect.poll(handles, { timeout: 2_000, interval: 20 }).toContain('joined-elsewhere');
  });

  it('an application made through one process shows in the poster’s counts on the other within a second', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const joined = async (name: string, profile: Record<string, unknown>): Promise<Shopper> => {
      const who = await createShopper(first.app, name);
      const response = await first.app.inject({
        method: 'PUT',
        url: `${USER_API}/me/profile`,
        headers: who.headers,
        payload: profile,
      });
      expect(response.statusCode, response.body).toBe(200);
      return who;
    };
    const house = await joined('Red Kite', {
      kind: 'organisation',
      handle: 'red-kite-elsewhere',
      category: 'Production House',
      display_name: 'Red Kite Films',
      city: 'Mumbai',
    });
    await first.app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, 'red-kite-elsewhere'));
    const posted = await first.app.inject({
      method: 'POST',
      url: `${USER_API}/casting-calls`,
      headers: house.headers,
      payload: {
        title: 'Monsoon Letters',
        project_type: 'feature',
        description: 'A Marathi feature about letters lost in a flood.',
        city: 'Pune',
        shoot_start: inDays(40),
        shoot_end: inDays(70),
        deadline: inDays(20),
        roles: [{ name: 'Sarita', genders: ['female'], age_min: 20, age_max: 30, languages: ['Marathi'], paid: false }],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const call = posted.json().data as { id: number; roles: { id: number }[] };
    const actor = await joined('Applies Elsewhere', {
      kind: 'person',
      handle: 'applies-elsewhere',
      category: 'Artist',
      display_name: 'Applies Elsewhere',
      crafts: ['actor'],
      city: 'Pune',
      languages: [{ language: 'Marathi', level: 'native' }],
      playing_age_min: 22,
      playing_age_max: 30,
      gender: 'female',
    });
    const [row] = await first.app.db.select().from(profiles).where(eq(profiles.handle, 'applies-elsewhere'));
    await first.app.db.insert(profilePhotos).values({ profileId: row!.id, name: 'applies-elsewhere.webp', main: true });

    const counts = async () =>
      (await second.inject({ url: `${USER_API}/casting-calls/${call.id}/applications`, headers: house.headers })).json()
        .meta.counts as Record<string, number>;
    expect(await counts()).toEqual({});
    const applied = await first.app.inject({
      method: 'POST',
      url: `${USER_API}/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`,
      headers: actor.headers,
      payload: { note: 'I grew up in Kolhapur.' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    await expect.poll(counts, { timeout: 2_000, interval: 20 }).toEqual({ submitted: 1 });
  });

  it('an account disabled through one process is refused by the other within a second, not after its 3 s sessions', async () => {
    const member = await createShopper(first.app, 'Soon Disabled');
    const profile = async () =>
      (await second.inject({ url: `${USER_API}/profile`, headers: member.headers })).statusCode;
    expect(await profile()).toBe(200);
    await first.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.id));
    await expect.poll(profile, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it('a killed listener is logged, answers stay fresh within the short expiry, and it listens again', async () => {
    const pid = second.changeNotices.listenerPid;
    expect(pid).toBeTypeOf('number');
    await siteNameOf(second);
    await first.app.db.execute(sql`select pg_terminate_backend(${pid})`);
    await expect
      .poll(() => secondLog.some((line) => line.includes('Lost the database connection that listens')))
      .toBe(true);

    await renameSite(first.app, 'Renamed While Deaf');
    await expect.poll(() => siteNameOf(second), { timeout: 2_000, interval: 20 }).toBe('Renamed While Deaf');

    await expect.poll(() => second.changeNotices.state, { timeout: 10_000 }).toBe('listening');
    expect(second.changeNotices.listenerPid).not.toBe(pid);
    const back = secondLog.filter((line) => line.includes('Listening for change notices'));
    expect(back).toHaveLength(2);
    await renameSite(first.app, 'Renamed Once Back');
    await expect.poll(() => siteNameOf(second), { timeout: 2_000, interval: 20 }).toBe('Renamed Once Back');
  });
});
