import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  castingApplications,
  mailOutbox,
  profilePhotos,
  profiles,
  users,
} from '../../server/src/db/schema.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';
const PUBLIC = '/backend/api/api/v1';
const ADMIN = '/backend/api/api/admin/v1';

let testApp: TestApp;
let app: FastifyInstance;
let handles = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
});
afterAll(() => testApp.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

type Member = Shopper & { handle: string; email: string };

/** A member with a profile: a verified production house, or an actor with a main photo. */
async function member(kind: 'house' | 'actor', who?: Shopper): Promise<Member> {
  const account = who ?? (await createShopper(app, kind === 'house' ? 'Red Kite Films' : 'Actor'));
  handles += 1;
  const handle = `mod-${kind}-${handles}`;
  const base =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', display_name: 'Red Kite Films', city: 'Mumbai' }
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
  const response = await send('PUT', `${USER}/me/profile`, account, { handle, ...base });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
  if (kind === 'actor') {
    await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
  } else {
    await app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, row!.id));
  }
  const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, account.id));
  return { ...account, handle, email: user!.email! };
}

async function postCall(poster: Shopper) {
  const response = await send('POST', `${USER}/casting-calls`, poster, {
    title: `Monsoon Letters ${handles}`,
    project_type: 'feature',
    description: 'A Marathi feature about letters lost in a flood.',
    city: 'Pune',
    shoot_start: inDays(40),
    shoot_end: inDays(70),
    deadline: inDays(20),
    roles: [
      { name: 'Sarita', genders: ['female'], age_min: 20, age_max: 30, languages: ['Marathi'], paid: false },
      { name: 'Postman', genders: [], age_min: 20, age_max: 60, languages: ['Marathi'], paid: false },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string; roles: { id: number }[] };
}
const apply = (who: Shopper, callId: number, roleId: number) =>
  send('POST', `${USER}/casting-calls/${callId}/roles/${roleId}/applications`, who, {
    note: 'I grew up in Kolhapur and speak its Marathi.',
  });

const decide = (who: Shopper, handle: string, action: string, reason = 'Checked by the moderation team') =>
  send('POST', `${ADMIN}/moderation/profiles/${handle}/${action}`, who, { reason });
const moderateCall = (who: Shopper, id: number, action: 'publish' | 'unpublish') =>
  send(
    'POST',
    `${ADMIN}/moderation/casting-calls/${id}/${action}`,
    who,
    action === 'unpublish' ? { reason: 'Asks for a fee to audition' } : undefined,
  );

const mailsTo = (to: string, subject: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)));

describe('a moderation decision applies once', () => {
  it('of two verifications sent at once, one applies and one answers 409: one mail', async () => {
    const actor = await member('actor');
    expect(
      (await send('POST', `${USER}/me/verification-request`, actor, { note: 'CINTAA card 40123' })).statusCode,
    ).toBe(202);
    const [first, second] = [await createStaff(app, 'moderator'), await createStaff(app, 'moderator')];
    const answers = await Promise.all([decide(first, actor.handle, 'verify'), decide(second, actor.handle, 'verify')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toHaveProperty('message');
    expect(await mailsTo(actor.email, 'verified')).toHaveLength(1);
  });

  it('of two refusals sent at once, one applies and one answers 409: one mail', async () => {
    const actor = await member('actor');
    await send('POST', `${USER}/me/verification-request`, actor, { note: 'CINTAA card 40124' });
    const [first, second] = [await createStaff(app, 'moderator'), await createStaff(app, 'moderator')];
    const answers = await Promise.all([decide(first, actor.handle, 'refuse'), decide(second, actor.handle, 'refuse')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo(actor.email, 'verification')).toHaveLength(1);
    // Refusing with no request waiting is no decision at all.
    expect((await decide(first, actor.handle, 'refuse')).statusCode).toBe(409);
  });

  it('of two hides sent at once, one applies: one mail', async () => {
    const actor = await member('actor');
    const [first, second] = [await createStaff(app, 'moderator'), await createStaff(app, 'moderator')];
    const answers = await Promise.all([decide(first, actor.handle, 'hide'), decide(second, actor.handle, 'hide')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo(actor.email, 'hidden')).toHaveLength(1);
  });

  it('of two publications (or unpublications) of a call sent at once, one applies: one mail', async () => {
    const director = await member('house');
    await app.db.update(profiles).set({ verified: false }).where(eq(profiles.handle, director.handle));
    const call = await postCall(director);
    expect(call.status).toBe('pending');
    const [first, second] = [await createStaff(app, 'moderator'), await createStaff(app, 'moderator')];
    const published = await Promise.all([
      moderateCall(first, call.id, 'publish'),
      moderateCall(second, call.id, 'publish'),
    ]);
    expect(published.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo(director.email, 'Your casting call is published')).toHaveLength(1);
    const unpublished = await Promise.all([
      moderateCall(first, call.id, 'unpublish'),
      moderateCall(second, call.id, 'unpublish'),
    ]);
    expect(unpublished.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo(director.email, 'Your casting call was unpublished')).toHaveLength(1);
  });

  it('a moderator cannot decide on their own profile or call (403)', async () => {
    const moderator = await createStaff(app, 'moderator');
    const own = await member('house', moderator);
    await app.db.update(profiles).set({ verified: false }).where(eq(profiles.handle, own.handle));
    const call = await postCall(moderator);
    await send('POST', `${USER}/me/verification-request`, moderator, { note: 'Company registration 1234' });
    for (const action of ['verify', 'refuse', 'hide']) {
      expect((await decide(moderator, own.handle, action)).statusCode, action).toBe(403);
    }
    expect((await moderateCall(moderator, call.id, 'publish')).statusCode).toBe(403);
    expect((await moderateCall(moderator, call.id, 'unpublish')).statusCode).toBe(403);
    // Another moderator may.
    expect((await moderateCall(await createStaff(app, 'moderator'), call.id, 'publish')).statusCode).toBe(200);
  });

  it('records the reason of every decision in the audit log', async () => {
    const actor = await member('actor');
    const house = await member('house');
    const call = await postCall(house);
    const moderator = await createStaff(app, 'moderator');
    expect((await decide(moderator, actor.handle, 'verify', 'Union card seen')).statusCode).toBe(200);
    expect((await moderateCall(moderator, call.id, 'unpublish')).statusCode).toBe(200);
    const records = await app.db.select().from(auditLog).where(eq(auditLog.actorId, moderator.id));
    expect(records.map((record) => [record.action, (record.after as { reason?: string }).reason])).toEqual([
      ['verify', 'Union card seen'],
      ['unpublish', 'Asks for a fee to audition'],
    ]);
  });
});

describe('a profile a moderator hides takes its casting calls with it', () => {
  it('out of every list and page, closed to applications; its applicants are told and mailed', async () => {
    const house = await member('house');
    const call = await postCall(house);
    expect(call.status).toBe('published');
    const applicant = await member('actor');
    expect((await apply(applicant, call.id, call.roles[0]!.id)).statusCode).toBe(201);
    expect((await apply(applicant, call.id, call.roles[1]!.id)).statusCode).toBe(201);
    // A call a moderator already took down, whose applicant still waits.
    const earlier = await postCall(house);
    const waiting = await member('actor');
    expect((await apply(waiting, earlier.id, earlier.roles[0]!.id)).statusCode).toBe(201);
    expect((await moderateCall(await createStaff(app, 'moderator'), earlier.id, 'unpublish')).statusCode).toBe(200);
    const saver = await member('actor');
    expect((await send('PUT', `${USER}/me/saved-calls/${call.id}`, saver)).statusCode).toBe(200);
    const listed = async (query = '') => {
      const page = (await send('GET', `${PUBLIC}/casting-calls?per_page=48${query}`)).json();
      expect(page.meta.total, JSON.stringify(page)).toBe(page.data.length);
      return (page.data as { id: number }[]).map((item) => item.id);
    };
    expect(await listed()).toContain(call.id);

    const moderator = await createStaff(app, 'moderator');
    expect((await decide(moderator, house.handle, 'hide', 'Asks applicants for money')).statusCode).toBe(200);

    expect(await listed()).not.toContain(call.id);
    expect(await listed('&city=Pune')).not.toContain(call.id);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`)).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`, applicant)).statusCode).toBe(404);
    expect((await send('GET', `${USER}/me/saved-calls`, saver)).json().data).toEqual([]);
    expect((await send('PUT', `${USER}/me/saved-calls/${call.id}`, saver)).statusCode).toBe(404);
    const late = await member('actor');
    expect((await apply(late, call.id, call.roles[0]!.id)).statusCode).toBe(404);
    // Its poster still sees it, with the reason, as staff do.
    const own = await send('GET', `${PUBLIC}/casting-calls/${call.id}`, house);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.status).toBe('unpublished');
    // It stays down with its poster: publishing it again is refused.
    expect((await moderateCall(moderator, call.id, 'publish')).statusCode).toBe(409);

    const applications = await app.db
      .select({ status: castingApplications.status })
      .from(castingApplications)
      .where(eq(castingApplications.callId, call.id));
    expect(applications.map((row) => row.status)).toEqual(['withdrawn', 'withdrawn']);
    const centre = (await send('GET', `${USER}/notifications`, applicant)).json().data as { title: string }[];
    expect(centre.filter((item) => item.title === 'A casting call you applied to was withdrawn')).toHaveLength(1);
    expect(await mailsTo(applicant.email, 'A casting call you applied to was withdrawn')).toHaveLength(1);
    expect(await mailsTo(waiting.email, 'A casting call you applied to was withdrawn')).toHaveLength(1);
    const hidden = await app.db.select().from(auditLog).where(eq(auditLog.entityId, house.handle));
    expect(hidden[0]!.after).toMatchObject({ reason: 'Asks applicants for money', calls_withdrawn: 1 });
  });
});
