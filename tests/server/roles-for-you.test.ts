import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_CRON, MAX_SAVED_SEARCHES } from '../../src/contract/roles-for-you.js';
import { rowsOf } from '../../server/src/db/client.js';
import {
  castingCalls,
  mailOutbox,
  notifications,
  profilePhotos,
  profiles,
  rolesTold,
  savedSearches,
  users,
} from '../../server/src/db/schema.js';
import { QUEUES } from '../../server/src/lib/jobs.js';
import { formatIndianDate } from '../../server/src/lib/money.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * "Roles for you": a member keeps the auditions filters; each morning a job tells them, once, of the calls published
 * since that match, in one digest a day at most (centre and mail).
 */

const USER = '/backend/api/api/user/v1';
const DAY_MS = 86_400_000;

let testApp: TestApp;
let app: FastifyInstance;
let handles = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
});
afterAll(() => testApp.close());

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url: `${USER}${url}`,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A member with a profile: an actor (with a main photo), or a verified production house that posts calls. */
async function member(kind: 'actor' | 'house', language: 'en' | 'hi' = 'en'): Promise<Shopper & { handle: string }> {
  const who = await createShopper(app, `Member ${kind}`);
  handles += 1;
  const handle = `${kind}-${handles}`;
  const body =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', display_name: `House ${handles}`, city: 'Mumbai' }
      : {
          kind: 'person',
          category: 'Artist',
          display_name: `Actor ${handles}`,
          crafts: ['actor'],
          city: 'Pune',
          languages: [{ language: 'Marathi', level: 'native' }],
          playing_age_min: 22,
          playing_age_max: 30,
          gender: 'female',
        };
  const response = await send('PUT', '/me/profile', who, { handle, ...body });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
  if (kind === 'house') await app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, row!.id));
  else await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
  if (language === 'hi') await app.db.update(users).set({ language: 'hi' }).where(eq(users.id, who.id));
  return { ...who, handle };
}

/** A call of `house` (published at once: the house is verified), with one role. */
async function postCall(house: Shopper, title: string, change: Record<string, unknown> = {}, role = {}) {
  const response = await send('POST', '/casting-calls', house, {
    title,
    project_type: 'feature',
    description: 'A Marathi feature about letters lost in a flood.',
    city: 'Pune',
    deadline: inDays(20),
    roles: [
      {
        name: 'Sarita',
        genders: ['female'],
        age_min: 20,
        age_max: 30,
        languages: ['Marathi', 'Hindi'],
        paid: true,
        pay_inr: 150000,
        ...role,
      },
    ],
    ...change,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string; deadline: string; roles: { id: number }[] };
}

async function save(who: Shopper, filters: Record<string, unknown>) {
  const response = await send('POST', '/me/roles-for-you', who, filters);
  expect(response.statusCode, response.body).toBe(201);
  const search = response.json().data as { id: number };
  // Kept just after the latest call of the file's earlier tests was published: only the calls posted next are new.
  const [latest] = rowsOf<{ at: Date | string | null }>(
    await app.db.execute(sql`select max(coalesce(published_at, created_at)) as at from casting_calls`),
  );
  await app.db
    .update(savedSearches)
    .set({ createdAt: latest?.at ? new Date(latest.at) : new Date(Date.now() - 60 * 60 * 1000) })
    .where(eq(savedSearches.id, search.id));
  return search;
}

/** Published before any filters were kept: never "new". */
async function publishedLongAgo(callId: number) {
  const ago = new Date(Date.now() - 2 * DAY_MS);
  await app.db.update(castingCalls).set({ publishedAt: ago, createdAt: ago }).where(eq(castingCalls.id, callId));
}

type Notice = { kind: string; title: string; body: string; link: string };
const digests = async (who: Shopper) =>
  ((await send('GET', '/notifications', who)).json().data as Notice[]).filter((item) => item.kind === 'roles');

async function mailsTo(who: Shopper, subject: string) {
  const [account] = await app.db.select().from(users).where(eq(users.id, who.id));
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, account!.email!), eq(mailOutbox.subject, subject)));
}

describe('keeping the auditions filters', () => {
  it('keeps, lists and deletes a member’s own sets; the same filters twice are one set', async () => {
    const actor = await member('actor');
    const other = await member('actor');
    expect((await send('POST', '/me/roles-for-you', undefined, { city: 'Pune' })).statusCode).toBe(401);

    const first = await send('POST', '/me/roles-for-you', actor, { city: ' Pune ', paid: 'true', age: '25' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ filters: { city: 'Pune', paid: 'true', age: 25 } });
    // The same filters, written in another order: the set kept already.
    const again = await send('POST', '/me/roles-for-you', actor, { age: 25, paid: 'true', city: 'Pune' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    await send('POST', '/me/roles-for-you', actor, { language: 'Hindi', gender: 'male' });
    const listed = (await send('GET', '/me/roles-for-you', actor)).json().data as { filters: object }[];
    expect(listed.map((item) => item.filters)).toEqual([
      { language: 'Hindi', gender: 'male' },
      { city: 'Pune', age: 25, paid: 'true' },
    ]);

    // Nobody reads or deletes another member's sets.
    expect((await send('GET', '/me/roles-for-you', other)).json().data).toEqual([]);
    const foreign = await send('DELETE', `/me/roles-for-you/${first.json().data.id}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'no_such_saved_filters' });
    expect((await send('DELETE', `/me/roles-for-you/${first.json().data.id}`, actor)).statusCode).toBe(200);
    expect((await send('GET', '/me/roles-for-you', actor)).json().data).toHaveLength(1);
  });

  it('refuses a filter the list refuses, naming it, and more than the most sets a member keeps', async () => {
    const actor = await member('actor');
    const wrong = await send('POST', '/me/roles-for-you', actor, { gender: 'robot' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'gender' });
    for (let age = 1; age <= MAX_SAVED_SEARCHES; age += 1) {
      expect((await send('POST', '/me/roles-for-you', actor, { age })).statusCode).toBe(201);
    }
    const over = await send('POST', '/me/roles-for-you', actor, { age: 99 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'saved_filters_limit', params: { max: String(MAX_SAVED_SEARCHES) } });
  });
});

describe('the daily digest of roles for you', () => {
  it('tells new matching calls once, in one digest a day, never the same call twice, across runs', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const before = await postCall(house, 'Before the filters');
    await publishedLongAgo(before.id);
    await save(actor, { city: 'Pune', language: 'marathi', gender: 'female', paid: 'true' });

    const first = await postCall(house, 'Monsoon Letters', { deadline: inDays(12) });
    const second = await postCall(house, 'Remote Reading', { city: '', remote: true, deadline: inDays(9) });
    await postCall(house, 'Chennai Nights', { city: 'Chennai' });
    await postCall(house, 'Unpaid Short', {}, { paid: false, pay_inr: 0 });
    await postCall(house, 'Tamil Only', {}, { languages: ['Tamil'] });
    const applied = await postCall(house, 'Applied Already');
    const application = await send(
      'POST',
      `/casting-calls/${applied.id}/roles/${applied.roles[0]!.id}/applications`,
      actor,
      {
        note: 'I speak Kolhapur Marathi.',
      },
    );
    expect(application.statusCode, application.body).toBe(201);

    const today = new Date();
    expect(await app.rolesForYou.tellDigests(today)).toBeGreaterThanOrEqual(1);
    const told = await digests(actor);
    expect(told).toHaveLength(1);
    // Soonest deadline first.
    expect(told[0]).toMatchObject({
      title: '2 new casting calls for you',
      link: '/auditions?city=Pune&language=marathi&gender=female&paid=true',
    });
    expect(told[0]!.body).toBe(
      `Remote Reading (apply by ${formatIndianDate(new Date(second.deadline))}); Monsoon Letters (apply by ${formatIndianDate(new Date(first.deadline))}). They match the filters you saved on the auditions page, where you can change or delete them`,
    );
    expect(await mailsTo(actor, '2 new casting calls for you')).toHaveLength(1);

    // A second run the same day tells nothing, though a new call matches: one digest a day.
    const later = await postCall(house, 'Kolhapur Diaries');
    await app.rolesForYou.tellDigests(today);
    expect(await digests(actor)).toHaveLength(1);

    // The next day: the new call alone, never the two told already.
    const tomorrow = new Date(today.getTime() + DAY_MS);
    await app.rolesForYou.tellDigests(tomorrow);
    const next = await digests(actor);
    expect(next).toHaveLength(2);
    expect(next[0]).toMatchObject({ title: 'A new casting call for you', link: `/auditions/${later.id}` });
    expect(next[0]!.body).toMatch(/^Kolhapur Diaries \(apply by /);
    expect(await mailsTo(actor, 'A new casting call for you')).toHaveLength(1);

    // And nothing more, that day or the next, with nothing new.
    await app.rolesForYou.tellDigests(tomorrow);
    await app.rolesForYou.tellDigests(new Date(today.getTime() + 2 * DAY_MS));
    expect(await digests(actor)).toHaveLength(2);
  });

  it('tells a member with several sets one digest, each call once, and leaves out their own calls', async () => {
    const house = await member('house');
    const actor = await member('actor', 'hi');
    await save(actor, { city: 'Pune' });
    await save(actor, { language: 'Marathi' });
    await save(house, {});
    const both = await postCall(house, 'Both Sets');
    await postCall(house, 'Only Pune', {}, { languages: ['Tamil'] });
    const today = new Date();
    await app.rolesForYou.tellDigests(today);

    const told = await digests(actor);
    expect(told).toHaveLength(1);
    // In the member's language, each call named once; the two sets found them, so the link opens every call.
    expect(told[0]).toMatchObject({ title: 'आपके लिए 2 नई कास्टिंग कॉल', link: '/auditions' });
    expect(told[0]!.body.match(/Both Sets/g)).toHaveLength(1);
    expect(told[0]!.body).toContain('Only Pune');
    // The poster, who keeps filters that match everything, is not told of their own calls.
    expect(await digests(house)).toEqual([]);
    expect(both.status).toBe('published');
  });

  it('tells a pending call once a moderator publishes it, and nothing once the filters are deleted', async () => {
    const house = await member('house');
    const actor = await member('actor');
    // A call posted before the filters were kept, waiting for a moderator (its poster is not verified): it is new
    // when it is published, not when it was written.
    await app.db.update(profiles).set({ verified: false }).where(eq(profiles.handle, house.handle));
    const pending = await postCall(house, 'Waiting Short', { project_type: 'short' });
    expect(pending.status).toBe('pending');
    const search = await save(actor, { city: 'Pune', type: 'short' });
    const today = new Date();
    await app.rolesForYou.tellDigests(today);
    expect(await digests(actor)).toEqual([]);
    const moderator = await createStaff(app, 'moderator');
    const published = await app.inject({
      method: 'POST',
      url: `/backend/api/api/admin/v1/moderation/casting-calls/${pending.id}/publish`,
      headers: { ...moderator.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(published.statusCode, published.body).toBe(200);
    await app.rolesForYou.tellDigests(today);
    expect(await digests(actor)).toEqual([expect.objectContaining({ link: `/auditions/${pending.id}` })]);

    expect((await send('DELETE', `/me/roles-for-you/${search.id}`, actor)).statusCode).toBe(200);
    await app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, house.handle));
    await postCall(house, 'Another Short', { project_type: 'short' });
    await app.rolesForYou.tellDigests(new Date(today.getTime() + DAY_MS));
    expect(await digests(actor)).toHaveLength(1);
  });

  it('is in the member’s export, tells a disabled account nothing, and goes with a deleted account', async () => {
    const house = await member('house');
    const [keeper, disabled] = [await member('actor'), await member('actor')];
    await save(keeper, { city: 'Nagpur', gender: 'female' });
    await save(disabled, { city: 'Nagpur' });
    expect((await app.memberData.exportAll(keeper.id)).saved_filters).toEqual([
      expect.objectContaining({ filters: { city: 'Nagpur', gender: 'female' } }),
    ]);
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    await app.memberData.deleteAccount(keeper.id);
    expect(await app.db.select().from(savedSearches).where(eq(savedSearches.userId, keeper.id))).toEqual([]);
    await postCall(house, 'Nagpur Nights', { city: 'Nagpur' });
    await app.rolesForYou.tellDigests(new Date());
    expect(
      await app.db
        .select()
        .from(rolesTold)
        .where(inArray(rolesTold.userId, [keeper.id, disabled.id])),
    ).toEqual([]);
    // A disabled account cannot sign in to read its centre: its rows say it.
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, disabled.id))).toEqual([]);
  });

  it('is a job of the queue, run each morning in India, that tells each member once however often it runs', async () => {
    const house = await member('house');
    const actor = await member('actor');
    await save(actor, { city: 'Pune', age: 26 });
    const call = await postCall(house, 'Queued Morning');
    const schedules = rowsOf<{ cron: string }>(
      await app.db.execute(sql`select cron from pgboss.schedule where name = ${QUEUES.roles}`),
    );
    expect(schedules).toEqual([{ cron: DIGEST_CRON }]);
    const completed = async () =>
      rowsOf<{ n: number }>(
        await app.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.roles} and state = 'completed'`,
        ),
      )[0]!.n;
    const done = await completed();
    await app.jobs.send(QUEUES.roles, {});
    await expect
      .poll(async () => (await digests(actor)).map((item) => item.link), { timeout: 20_000 })
      .toEqual([`/auditions/${call.id}`]);
    // A second run the same morning (a retry, a second schedule) finds the member told today.
    await postCall(house, 'Queued Again');
    await app.jobs.send(QUEUES.roles, {});
    await expect.poll(completed, { timeout: 20_000 }).toBe(done + 2);
    expect(await digests(actor)).toHaveLength(1);
  });
});
