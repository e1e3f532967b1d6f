import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  castingApplications,
  castingCalls,
  mailOutbox,
  notifications,
  profilePhotos,
  profiles,
  users,
} from '../../server/src/db/schema.js';
import { indiaTime } from '../../server/src/lib/notify.js';
import { confirmGuardian, mailedGuardianToken } from './guardian-helpers.js';
import { CONFIRMATION_SUBJECT, createShopper, createStaff, type Shopper } from './shop-helpers.js';
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

function send(method: string, url: string, who?: Shopper, body?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(who?.headers ?? {}),
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A member with a profile; a person gets a main photo (a row: uploads are covered by profiles.test.ts). */
async function member(
  kind: 'actor' | 'house' | 'casting' | 'writer',
  change: Record<string, unknown> = {},
  photo = true,
): Promise<Shopper & { handle: string }> {
  const who = await createShopper(app, `Member ${kind}`);
  handles += 1;
  const handle = `${kind}-${handles}`;
  const base =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', display_name: 'Red Kite Films', city: 'Mumbai' }
      : {
          kind: 'person',
          category: 'Artist',
          display_name: `Actor ${handles}`,
          crafts: kind === 'casting' ? ['casting'] : kind === 'writer' ? ['writer'] : ['actor'],
          city: 'Pune',
          languages: [{ language: 'Marathi', level: 'native' }],
          playing_age_min: 22,
          playing_age_max: 30,
          gender: 'female',
          reels: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
        };
  const response = await send('PUT', `${USER}/me/profile`, who, { handle, ...base, ...change });
  expect(response.statusCode, response.body).toBe(200);
  if (photo && base.kind === 'person') {
    const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
    await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
  }
  return { ...who, handle };
}

async function verify(handle: string) {
  await app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, handle));
}

function callBody(change: Record<string, unknown> = {}, role: Record<string, unknown> = {}) {
  return {
    title: 'Monsoon Letters',
    project_type: 'feature',
    description: 'A Marathi feature about letters lost in a flood.',
    city: 'Pune',
    shoot_start: inDays(40),
    shoot_end: inDays(70),
    deadline: inDays(20),
    roles: [
      {
        name: 'Sarita',
        description: 'A schoolteacher in her twenties.',
        genders: ['female'],
        age_min: 20,
        age_max: 30,
        languages: ['Marathi', 'Hindi'],
        paid: true,
        pay_inr: 150000,
        ...role,
      },
      { name: 'Postman', genders: ['male'], age_min: 40, age_max: 60, languages: ['Marathi'], paid: false },
    ],
    ...change,
  };
}

async function postCall(poster: Shopper, change: Record<string, unknown> = {}, role: Record<string, unknown> = {}) {
  const response = await send('POST', `${USER}/casting-calls`, poster, callBody(change, role));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string; roles: { id: number; name: string }[] };
}

const apply = (who: Shopper, callId: number, roleId: number, body: Record<string, unknown> = {}, key?: string) =>
  send(
    'POST',
    `${USER}/casting-calls/${callId}/roles/${roleId}/applications`,
    who,
    { note: 'I grew up in Kolhapur and speak its Marathi.', ...body },
    key ? { 'idempotency-key': key } : {},
  );
const transition = (who: Shopper, id: number, body: Record<string, unknown>) =>
  send('POST', `${USER}/applications/${id}/transition`, who, body);
const listIds = async (query: string) =>
  ((await send('GET', `${PUBLIC}/casting-calls?${query}`)).json().data as { id: number }[]).map((call) => call.id);

describe('posting a casting call', () => {
  it('is for production houses, studios and casting directors only', async () => {
    const writer = await member('writer');
    const refused = await send('POST', `${USER}/casting-calls`, writer, callBody());
    expect(refused.statusCode).toBe(403);
    const noProfile = await createShopper(app);
    expect((await send('POST', `${USER}/casting-calls`, noProfile, callBody())).statusCode).toBe(404);
    expect((await send('POST', `${USER}/casting-calls`, undefined, callBody())).statusCode).toBe(401);
    const director = await member('casting');
    expect((await postCall(director)).status).toBe('pending');
  });

  it('names the field that breaks a rule', async () => {
    const house = await member('house');
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ deadline: '2020-01-01' }, {}, 'deadline'],
      [{}, { age_min: 40, age_max: 30 }, 'roles.0.age_max'],
      [{}, { pay_inr: 0 }, 'roles.0.pay_inr'],
      [{}, { requires: { self_tape: true } }, 'roles.0.self_tape_instructions'],
      [
        {},
        { requires: { self_tape: true }, self_tape_instructions: 'Read', self_tape_max_seconds: 601 },
        'roles.0.self_tape_max_seconds',
      ],
      [{}, { self_tape_max_seconds: 0 }, 'roles.0.self_tape_max_seconds'],
      [{}, { self_tape_max_seconds: 90.5 }, 'roles.0.self_tape_max_seconds'],
      [{ city: '', remote: false }, {}, 'city'],
      [{ content_note: { violence: true } }, {}, 'content_note.details'],
      [{ roles: [] }, {}, 'roles'],
      [{ project_type: 'opera' }, {}, 'project_type'],
    ];
    for (const [change, role, field] of cases) {
      const response = await send('POST', `${USER}/casting-calls`, house, callBody(change, role));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field, JSON.stringify(change)).toBe(field);
    }
  });

  it('publishes a verified poster’s call at once, in India’s time, and lists it', async () => {
    const house = await member('house');
    await verify(house.handle);
    const year = new Date().getUTCFullYear() + 1;
    const call = await postCall(house, { deadline: `${year}-12-10` });
    expect(call.status).toBe('published');
    const page = await send('GET', `${PUBLIC}/casting-calls/${call.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      deadline: `${year}-12-10T23:59:59+05:30`,
      poster: { handle: house.handle, verified: true },
      roles: [
        { name: 'Sarita', pay_inr: 150000, status: 'open' },
        { name: 'Postman', pay_inr: 0 },
      ],
    });
    expect(await listIds('per_page=48')).toContain(call.id);
  });

  it('gives the app each role’s longest self-tape, as its poster set it on the call and on an edit', async () => {
    const house = await member('house');
    await verify(house.handle);
    const taped = { requires: { self_tape: true }, self_tape_instructions: 'Read the letter scene.' };
    const call = await postCall(house, {}, { ...taped, self_tape_max_seconds: 150 });
    const page = await send('GET', `${PUBLIC}/casting-calls/${call.id}`);
    expect(page.json().data.roles).toMatchObject([
      { name: 'Sarita', self_tape_max_seconds: 150 },
      // Not set: the longest any role takes, 10 minutes.
      { name: 'Postman', self_tape_max_seconds: 600 },
    ]);

    const edited = callBody({}, { ...taped, self_tape_max_seconds: 45 });
    edited.roles = edited.roles.map((role, index) => ({ ...role, id: call.roles[index]!.id }));
    const saved = await send('PUT', `${USER}/casting-calls/${call.id}`, house, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await send('GET', `${PUBLIC}/casting-calls/${call.id}`);
    expect(again.json().data.roles[0]).toMatchObject({ name: 'Sarita', self_tape_max_seconds: 45 });
  });

  it('keeps an unverified poster’s call for a moderator, who publishes or unpublishes it in the audit log', async () => {
    const house = await member('house');
    const call = await postCall(house);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`)).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`, house)).statusCode).toBe(200);
    expect(await listIds('per_page=48')).not.toContain(call.id);

    const moderator = await createStaff(app, 'moderator');
    const queue = await send('GET', `${ADMIN}/moderation/casting-calls?queue=pending`, moderator);
    expect(queue.json().data.map((item: { id: number }) => item.id)).toContain(call.id);
    const published = await send('POST', `${ADMIN}/moderation/casting-calls/${call.id}/publish`, moderator, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(await listIds('per_page=48')).toContain(call.id);

    const member2 = await member('actor');
    expect(
      (await send('POST', `${USER}/casting-calls/${call.id}/report`, member2, { reason: 'asks_for_money' })).statusCode,
    ).toBe(201);
    const reported = await send('GET', `${ADMIN}/moderation/casting-calls?queue=reported`, moderator);
    expect(reported.json().data.find((item: { id: number }) => item.id === call.id).reports).toEqual([
      expect.objectContaining({ reason: 'asks_for_money' }),
    ]);
    const noReason = await send('POST', `${ADMIN}/moderation/casting-calls/${call.id}/unpublish`, moderator, {});
    expect(noReason.json().field).toBe('reason');
    const down = await send('POST', `${ADMIN}/moderation/casting-calls/${call.id}/unpublish`, moderator, {
      reason: 'It asks applicants for a registration fee',
    });
    expect(down.statusCode).toBe(200);
    expect(await listIds('per_page=48')).not.toContain(call.id);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'casting_call'));
    expect(audit.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['publish', String(call.id)],
      ['unpublish', String(call.id)],
    ]);
    const mine = await send('GET', `${USER}/me/casting-calls`, house);
    expect(mine.json().data[0]).toMatchObject({
      id: call.id,
      status: 'unpublished',
      unpublished_reason: 'It asks applicants for a registration fee',
    });
    const [owner] = await app.db.select().from(profiles).where(eq(profiles.handle, house.handle));
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, owner!.userId));
    expect(told.map((item) => item.title)).toEqual([
      'Your casting call is published',
      'Your casting call was unpublished',
    ]);
    // Edited, it goes back to the moderators.
    const edited = await send(
      'PUT',
      `${USER}/casting-calls/${call.id}`,
      house,
      callBody({ title: 'Monsoon Letters II' }),
    );
    expect(edited.json().data.status).toBe('pending');
  });

  it('lets only its poster edit it, and keeps a role that has applications', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const other = await member('house');
    expect((await send('PUT', `${USER}/casting-calls/${call.id}`, other, callBody())).statusCode).toBe(404);
    const actor = await member('actor');
    expect((await apply(actor, call.id, call.roles[0]!.id)).statusCode).toBe(201);
    const withoutFirst = callBody({ roles: [{ ...callBody().roles[1], id: call.roles[1]!.id }] });
    const refused = await send('PUT', `${USER}/casting-calls/${call.id}`, house, withoutFirst);
    expect(refused.statusCode).toBe(409);
    const renamed = callBody();
    renamed.roles = renamed.roles.map((role, index) => ({ ...role, id: call.roles[index]!.id }));
    renamed.roles[0] = { ...renamed.roles[0]!, name: 'Sarita Deshmukh' };
    const saved = await send('PUT', `${USER}/casting-calls/${call.id}`, house, renamed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      status: 'published',
      roles: [{ id: call.roles[0]!.id, name: 'Sarita Deshmukh' }, {}],
    });
  });
});

describe('finding calls', () => {
  it('filters by city (remote calls suit any city), language, gender, playing age, pay, type and closing soon', async () => {
    const house = await member('house');
    await verify(house.handle);
    const pune = await postCall(house, { city: 'Pune', deadline: inDays(30) });
    const remote = await postCall(
      house,
      { city: '', remote: true, project_type: 'ad', deadline: inDays(3) },
      { languages: ['Tamil'], paid: false, pay_inr: 0, genders: [] },
    );
    const chennai = await postCall(house, { city: 'Chennai', project_type: 'web_series' }, { languages: ['Tamil'] });
    const ids = (query: string) => listIds(`${query}&per_page=48`);
    expect(await ids('city=pune')).toEqual(expect.arrayContaining([pune.id, remote.id]));
    expect(await ids('city=pune')).not.toContain(chennai.id);
    expect(await ids('language=tamil')).toEqual(expect.arrayContaining([remote.id, chennai.id]));
    expect(await ids('language=tamil')).not.toContain(pune.id);
    // The remote call's role is open to any gender; the Postman is the only male role of the others.
    expect(await ids('gender=male&language=tamil')).toEqual([remote.id]);
    expect(await ids('age=50&type=feature')).toContain(pune.id);
    expect(await ids('age=25&type=ad')).toEqual([remote.id]);
    expect(await ids('age=70&type=ad')).toEqual([]);
    expect(await ids('paid=true&language=tamil')).toEqual([chennai.id]);
    expect(await ids('closing_soon=true')).toContain(remote.id);
    expect(await ids('closing_soon=true')).not.toContain(pune.id);
    expect((await send('GET', `${PUBLIC}/casting-calls?type=opera`)).json().field).toBe('type');
  });

  it('saves calls for a member', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const actor = await member('actor');
    expect((await send('PUT', `${USER}/me/saved-calls/${call.id}`, actor, {})).statusCode).toBe(200);
    expect((await send('PUT', `${USER}/me/saved-calls/${call.id}`, actor, {})).statusCode).toBe(200);
    expect(
      (await send('GET', `${USER}/me/saved-calls`, actor)).json().data.map((item: { id: number }) => item.id),
    ).toEqual([call.id]);
    await send('DELETE', `${USER}/me/saved-calls/${call.id}`, actor);
    expect((await send('GET', `${USER}/me/saved-calls`, actor)).json().data).toEqual([]);
  });
});

describe('applying', () => {
  let house: Shopper & { handle: string };
  let call: Awaited<ReturnType<typeof postCall>>;

  beforeAll(async () => {
    house = await member('house');
    await verify(house.handle);
    call = await postCall(house);
  });

  it('takes one application per role, with the main photo, and never from the poster', async () => {
    const actor = await member('actor');
    const first = await apply(actor, call.id, call.roles[0]!.id, {}, 'apply-once');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'submitted', photo_ids: [expect.any(Number)], callback: null });
    const replayed = await apply(actor, call.id, call.roles[0]!.id, {}, 'apply-once');
    expect(replayed.json()).toEqual(first.json());
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const again = await apply(actor, call.id, call.roles[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied to this role');
    // Another role of the same call is another application.
    expect((await apply(actor, call.id, call.roles[1]!.id)).statusCode).toBe(201);
    expect((await apply(house, call.id, call.roles[0]!.id)).statusCode).toBe(403);
  });

  it('needs a profile with a main photo, and what the role asks for', async () => {
    const noProfile = await createShopper(app);
    expect((await apply(noProfile, call.id, call.roles[0]!.id)).statusCode).toBe(404);
    const noPhoto = await member('actor', {}, false);
    const refused = await apply(noPhoto, call.id, call.roles[0]!.id);
    expect([refused.statusCode, refused.json().field]).toEqual([422, 'photo_ids']);
    const actor = await member('actor');
    const strangeReel = await apply(actor, call.id, call.roles[0]!.id, {
      reel: 'https://www.youtube.com/watch?v=other',
    });
    expect([strangeReel.statusCode, strangeReel.json().field]).toEqual([400, 'reel']);
    const strangePhoto = await apply(actor, call.id, call.roles[0]!.id, { photo_ids: [987654] });
    expect([strangePhoto.statusCode, strangePhoto.json().field]).toEqual([400, 'photo_ids.0']);
    const long = await apply(actor, call.id, call.roles[0]!.id, { note: 'x'.repeat(1001) });
    expect([long.statusCode, long.json().field]).toEqual([400, 'note']);
    const tapeCall = await postCall(
      house,
      {},
      { requires: { photo: true, self_tape: true }, self_tape_instructions: 'Read scene 4' },
    );
    const noTape = await apply(actor, tapeCall.id, tapeCall.roles[0]!.id);
    expect([noTape.statusCode, noTape.json().field]).toEqual([400, 'self_tape_url']);
    const withTape = await apply(actor, tapeCall.id, tapeCall.roles[0]!.id, {
      self_tape_url: 'https://drive.example.in/tape',
      reel: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(withTape.statusCode, withTape.body).toBe(201);
    expect((await apply(actor, call.id, 999_999)).statusCode).toBe(404);
  });

  it('takes none after the deadline (422), decided by the server', async () => {
    const late = await postCall(house);
    await app.db
      .update(castingCalls)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(castingCalls.id, late.id));
    const actor = await member('actor');
    const refused = await apply(actor, late.id, late.roles[0]!.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The deadline for this call has passed: applications are closed');
    expect(await listIds('per_page=48')).not.toContain(late.id);
  });

  it('says how many openings of a role are filled, and takes no application once all are (422), decided by the server', async () => {
    const filling = await postCall(house, {}, { openings: 2 });
    const role = filling.roles[0]!;
    const openingsOf = async () =>
      ((await send('GET', `${PUBLIC}/casting-calls/${filling.id}`)).json().data.roles as Record<string, unknown>[])[0];
    expect(await openingsOf()).toMatchObject({ openings: 2, openings_filled: 0 });
    const chosen: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const actor = await member('actor');
      const applied = await apply(actor, filling.id, role.id);
      expect(applied.statusCode, applied.body).toBe(201);
      chosen.push((applied.json().data as { id: number }).id);
    }
    // One selected of two: the role still takes applications.
    expect((await transition(house, chosen[0]!, { to: 'selected' })).statusCode).toBe(200);
    // Counted once told.
    await app.tellDueDecisions(new Date(Date.now() + 11_000));
    expect(await openingsOf()).toMatchObject({ openings: 2, openings_filled: 1 });
    expect((await apply(await member('actor'), filling.id, role.id)).statusCode).toBe(201);
    // Both filled: nobody else may apply, whatever the page they have open says.
    expect((await transition(house, chosen[1]!, { to: 'selected' })).statusCode).toBe(200);
    await app.tellDueDecisions(new Date(Date.now() + 11_000));
    expect(await openingsOf()).toMatchObject({ openings: 2, openings_filled: 2, status: 'open' });
    const refused = await apply(await member('actor'), filling.id, role.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('All 2 openings are filled: applications are no longer taken');
    // The other role of the call is not filled.
    expect((await apply(await member('actor'), filling.id, filling.roles[1]!.id)).statusCode).toBe(201);
  });

  it('mails the poster of new applicants at most once an hour per call', async () => {
    const quiet = await member('house');
    await verify(quiet.handle);
    const fresh = await postCall(quiet, { title: 'Hourly mail check' });
    for (let index = 0; index < 3; index += 1) {
      expect((await apply(await member('actor'), fresh.id, fresh.roles[0]!.id)).statusCode).toBe(201);
    }
    const mails = await app.db.select().from(mailOutbox).where(like(mailOutbox.text, '%Hourly mail check%'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New applicants for your casting call');
  });
});

describe('managing applicants and following an application', () => {
  it('moves an application through every step the poster and applicant may take, and refuses the rest', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const actor = await member('actor');
    const application = (await apply(actor, call.id, call.roles[0]!.id)).json().data as { id: number };
    const stranger = await member('house');

    // Only the poster sees and moves it; only the applicant answers and withdraws it.
    expect((await send('GET', `${USER}/casting-calls/${call.id}/applications`, stranger)).statusCode).toBe(404);
    expect((await transition(stranger, application.id, { to: 'shortlisted' })).statusCode).toBe(404);
    expect((await transition(actor, application.id, { to: 'shortlisted' })).statusCode).toBe(404);
    expect((await send('POST', `${USER}/applications/${application.id}/withdraw`, stranger)).statusCode).toBe(404);

    const list = await send('GET', `${USER}/casting-calls/${call.id}/applications?role=${call.roles[0]!.id}`, house);
    expect(list.json().data[0]).toMatchObject({
      id: application.id,
      status: 'submitted',
      note: 'I grew up in Kolhapur and speak its Marathi.',
      applicant: { handle: actor.handle, city: 'Pune', languages: ['Marathi'], playing_age_min: 22, verified: false },
      poster_note: '',
    });
    expect(list.json().data[0].applicant.photo).toMatch(/^\/backend\/uploads\/profile\//);
    expect(list.json().meta.counts).toEqual({ submitted: 1 });

    expect((await transition(house, application.id, { to: 'viewed' })).json().data.status).toBe('viewed');
    expect((await transition(house, application.id, { to: 'viewed' })).statusCode).toBe(409);
    expect((await transition(house, application.id, { to: 'shortlisted' })).json().data.status).toBe('shortlisted');
    const noPlace = await transition(house, application.id, {
      to: 'callback',
      callback_at: '2099-01-05T11:00:00+05:30',
    });
    expect(noPlace.json().field).toBe('callback_place');
    const past = await transition(house, application.id, {
      to: 'callback',
      callback_at: '2020-01-05T11:00',
      callback_place: 'Studio 3',
    });
    expect(past.json().field).toBe('callback_at');
    const callback = await transition(house, application.id, {
      to: 'callback',
      callback_at: '2099-01-05T11:00',
      callback_place: 'Red Kite Films, Andheri West',
    });
    expect(callback.json().data.callback).toEqual({
      at: '2099-01-05T11:00:00+05:30',
      place: 'Red Kite Films, Andheri West',
      answer: null,
    });
    expect((await transition(house, application.id, { callback_answer: 'accepted' })).statusCode).toBe(404);
    const accepted = await transition(actor, application.id, { callback_answer: 'accepted' });
    expect(accepted.json().data.callback.answer).toBe('accepted');
    expect(
      (await send('PUT', `${USER}/applications/${application.id}/poster-note`, house, { note: 'Strong read' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `${USER}/applications/${application.id}/poster-note`, actor, { note: 'mine' })).statusCode,
    ).toBe(404);
    expect((await transition(house, application.id, { to: 'selected' })).json().data.status).toBe('selected');
    // A selection is told once its 10 s to undo have passed.
    await app.tellDueDecisions(new Date(Date.now() + 11_000));
    const final = await transition(house, application.id, { to: 'shortlisted' });
    expect([final.statusCode, final.json().message]).toEqual([
      409,
      'This application is selected: it cannot change any more',
    ]);
    expect((await send('POST', `${USER}/applications/${application.id}/withdraw`, actor)).statusCode).toBe(409);

    // The applicant follows it: their own applications only, never the poster's note.
    const mine = await send('GET', `${USER}/me/applications`, actor);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        id: application.id,
        status: 'selected',
        call_title: 'Monsoon Letters',
        role_name: 'Sarita',
      }),
    ]);
    expect(mine.body).not.toContain('Strong read');
    expect((await send('GET', `${USER}/me/applications`, stranger)).json().data).toEqual([]);
    const told = (await send('GET', `${USER}/notifications`, actor)).json();
    expect(told.data.map((item: { title: string }) => item.title)).toEqual([
      'You are selected',
      'You have a callback',
      'You are shortlisted',
      'Your application was viewed',
    ]);
    expect(told.meta.unread).toBe(4);
    const read = await send('POST', `${USER}/notifications/read`, actor, {});
    expect(read.json().meta.unread).toBe(0);
    const [account] = await app.db.select().from(users).where(eq(users.id, actor.id));
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!));
    // Being viewed is told in the centre, not by mail.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      CONFIRMATION_SUBJECT,
      'You are selected',
      'You are shortlisted',
      'You have a callback',
    ]);
  });

  it('tells an applicant under 18 in their centre, and by mail through their guardian', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, {}, { name: 'Young Sarita', age_min: 10, age_max: 16 });
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 14);
    const guardianEmail = `guardian-${Date.now()}@example.in`;
    const young = await member('actor', {
      display_name: 'Aarav Menon',
      date_of_birth: birth.toISOString().slice(0, 10),
      guardian: { name: 'Latha Menon', contact: guardianEmail },
      playing_age_min: 12,
      playing_age_max: 16,
    });
    await confirmGuardian(app, guardianEmail);
    const applied = await apply(young, call.id, call.roles[0]!.id);
    expect(applied.statusCode, applied.body).toBe(201);
    const application = applied.json().data as { id: number };
    expect((await transition(house, application.id, { to: 'shortlisted' })).statusCode).toBe(200);

    const told = (await send('GET', `${USER}/notifications`, young)).json();
    expect(told.data.map((item: { title: string }) => item.title)).toContain('You are shortlisted');
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, guardianEmail), like(mailOutbox.subject, 'Aarav Menon: %')));
    expect(mails.map((mail) => mail.subject)).toEqual(['Aarav Menon: You are shortlisted']);
    expect(mails[0]!.text).toMatch(
      /^Hello Latha Menon,\n\nFor Aarav Menon, whose guardian you are: You are shortlisted\./,
    );
    const [account] = await app.db.select().from(users).where(eq(users.id, young.id));
    // Only the link that confirms the account's own email goes to it.
    const own = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!));
    expect(own.map((mail) => mail.subject)).toEqual([CONFIRMATION_SUBJECT]);
  });

  it('lets the applicant withdraw until a decision', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const actor = await member('actor');
    const application = (await apply(actor, call.id, call.roles[0]!.id)).json().data as { id: number };
    const withdrawn = await send('POST', `${USER}/applications/${application.id}/withdraw`, actor);
    expect(withdrawn.json().data.status).toBe('withdrawn');
    expect((await transition(house, application.id, { to: 'shortlisted' })).statusCode).toBe(409);
  });

  it('tells every applicant not selected when the poster closes a role, and closes the call with its last role', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Closing call' });
    const [sarita, postman] = call.roles;
    const applicants = await Promise.all([member('actor'), member('actor'), member('actor'), member('actor')]);
    const ids: number[] = [];
    for (const actor of applicants) ids.push((await apply(actor, call.id, sarita!.id)).json().data.id);
    await transition(house, ids[0]!, { to: 'selected' });
    const bulk = await send('POST', `${USER}/casting-calls/${call.id}/applications/transition`, house, {
      ids: [ids[1], ids[2]],
      to: 'shortlisted',
    });
    expect(bulk.json()).toMatchObject({ moved: 2 });
    await send('POST', `${USER}/applications/${ids[3]}/withdraw`, applicants[3]);

    expect(
      (await send('POST', `${USER}/casting-calls/${call.id}/roles/${sarita!.id}/close`, applicants[0])).statusCode,
    ).toBe(404);
    const closed = await send('POST', `${USER}/casting-calls/${call.id}/roles/${sarita!.id}/close`, house);
    expect(closed.statusCode, closed.body).toBe(200);
    const statuses = await app.db
      .select({ id: castingApplications.id, status: castingApplications.status })
      .from(castingApplications)
      .where(eq(castingApplications.roleId, sarita!.id));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [ids[0]!]: 'selected',
      [ids[1]!]: 'not_selected',
      [ids[2]!]: 'not_selected',
      [ids[3]!]: 'withdrawn',
    });
    for (const actor of applicants.slice(1, 3)) {
      const titles = (await send('GET', `${USER}/notifications`, actor))
        .json()
        .data.map((item: { title: string }) => item.title);
      expect(titles[0]).toBe('Not selected this time');
    }
    expect((await apply(await member('actor'), call.id, sarita!.id)).statusCode).toBe(422);
    expect((await transition(house, ids[1]!, { to: 'selected' })).statusCode).toBe(409);
    expect((await send('POST', `${USER}/casting-calls/${call.id}/roles/${sarita!.id}/close`, house)).statusCode).toBe(
      409,
    );
    const last = await send('POST', `${USER}/casting-calls/${call.id}/roles/${postman!.id}/close`, house);
    expect(last.json().data.status).toBe('closed');
  });

  it('closes a call left open 30 days after its deadline, telling everyone still waiting and the poster', async () => {
    const house = await member('house');
    await verify(house.handle);
    const lapsed = await postCall(house, { title: 'Lapsed call' });
    const recent = await postCall(house, { title: 'Recent call' });
    const [sarita, postman] = lapsed.roles;
    const [chosen, shortlisted, waiting] = await Promise.all([member('actor'), member('actor'), member('actor')]);
    const ids: number[] = [];
    for (const actor of [chosen, shortlisted, waiting])
      ids.push((await apply(actor, lapsed.id, sarita!.id)).json().data.id);
    const onRecent = (await apply(waiting, recent.id, recent.roles[0]!.id)).json().data.id as number;
    const takenDown = await postCall(house, { title: 'Taken down call' });
    const onTakenDown = (await apply(waiting, takenDown.id, takenDown.roles[0]!.id)).json().data.id as number;
    await app.db.update(castingCalls).set({ status: 'unpublished' }).where(eq(castingCalls.id, takenDown.id));
    await transition(house, ids[0]!, { to: 'selected' });
    await transition(house, ids[1]!, { to: 'shortlisted' });
    // Deadlines cannot be set in the past: moved back as time would move them.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await app.db
      .update(castingCalls)
      .set({ deadline: daysAgo(31) })
      .where(inArray(castingCalls.id, [lapsed.id, takenDown.id]));
    await app.db
      .update(castingCalls)
      .set({ deadline: daysAgo(29) })
      .where(eq(castingCalls.id, recent.id));

    await app.runUpkeep();

    const statuses = await app.db
      .select({ id: castingApplications.id, status: castingApplications.status })
      .from(castingApplications)
      .where(eq(castingApplications.callId, lapsed.id));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [ids[0]!]: 'selected',
      [ids[1]!]: 'not_selected',
      [ids[2]!]: 'not_selected',
    });
    const call = (await send('GET', `${PUBLIC}/casting-calls/${lapsed.id}`)).json().data as {
      status: string;
      roles: { id: number; status: string }[];
    };
    expect(call.status).toBe('closed');
    expect(call.roles.map((role) => role.status)).toEqual(['closed', 'closed']);
    expect(postman).toBeDefined();
    const titlesOf = async (who: Shopper) =>
      (await send('GET', `${USER}/notifications`, who)).json().data.map((item: { title: string }) => item.title);
    expect(await titlesOf(shortlisted)).toContain('Not selected this time');
    expect(await titlesOf(waiting)).toContain('Not selected this time');
    expect(await titlesOf(chosen)).not.toContain('Not selected this time');
    const posterNotices = (await send('GET', `${USER}/notifications`, house)).json().data as {
      title: string;
      body: string;
      link: string;
    }[];
    expect(posterNotices.filter((item) => item.title === 'Your casting call is closed')).toEqual([
      expect.objectContaining({ body: expect.stringMatching(/^Taken down call: /) }),
      expect.objectContaining({
        body: 'Lapsed call: its deadline passed 30 days ago, so its open roles were closed and everyone still waiting was told "not selected"',
        link: `/me/casting-calls/${lapsed.id}`,
      }),
    ]);
    const [poster] = await app.db.select().from(users).where(eq(users.id, house.id));
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, poster!.email!));
    expect(mails.map((mail) => mail.subject)).toContain('Your casting call is closed');

    // A call a moderator took down: its applicant is told, and it stays out of sight (a closed call is public).
    const [takenDownApplication] = await app.db
      .select({ status: castingApplications.status })
      .from(castingApplications)
      .where(eq(castingApplications.id, onTakenDown));
    expect(takenDownApplication!.status).toBe('not_selected');
    expect((await send('GET', `${PUBLIC}/casting-calls/${takenDown.id}`)).statusCode).toBe(404);
    // A call whose deadline passed less than 30 days ago is still the poster's to decide.
    const stillOpen = (await send('GET', `${PUBLIC}/casting-calls/${recent.id}`)).json().data as { status: string };
    expect(stillOpen.status).toBe('published');
    expect((await transition(house, onRecent, { to: 'shortlisted' })).statusCode).toBe(200);
    // The next hour tells nobody twice.
    await app.runUpkeep();
    const again = (await send('GET', `${USER}/notifications`, house)).json().data as { title: string }[];
    expect(again.filter((item) => item.title === 'Your casting call is closed')).toHaveLength(2);
  });

  it('reminds a poster once, a week before the close, while someone still waits; again for a later deadline', async () => {
    const house = await member('house');
    await verify(house.handle);
    const closing = await postCall(house, { title: 'Closing call' });
    const decided = await postCall(house, { title: 'Decided call' });
    const later = await postCall(house, { title: 'Later call' });
    const [waiting, shortlisted, chosen] = await Promise.all([member('actor'), member('actor'), member('actor')]);
    await apply(waiting, closing.id, closing.roles[0]!.id);
    const onShortlist = (await apply(shortlisted, closing.id, closing.roles[0]!.id)).json().data.id as number;
    await transition(house, onShortlist, { to: 'shortlisted' });
    const onDecided = (await apply(chosen, decided.id, decided.roles[0]!.id)).json().data.id as number;
    await transition(house, onDecided, { to: 'selected' });
    await apply(waiting, later.id, later.roles[0]!.id);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const deadline = daysAgo(24);
    await app.db
      .update(castingCalls)
      .set({ deadline })
      .where(inArray(castingCalls.id, [closing.id, decided.id]));
    await app.db
      .update(castingCalls)
      .set({ deadline: daysAgo(22) })
      .where(eq(castingCalls.id, later.id));
    const reminders = async () =>
      ((await send('GET', `${USER}/notifications`, house)).json().data as { title: string; body: string }[]).filter(
        (item) => item.title === 'Your casting call closes soon',
      );

    await app.runUpkeep();

    const closesOn = indiaTime(new Date(deadline.getTime() + 30 * 86_400_000));
    expect(await reminders()).toEqual([
      expect.objectContaining({
        body: `Closing call: 2 applicants are still waiting. Decide by ${closesOn}, or set a later deadline: then its open roles are closed and everyone still waiting is told "not selected"`,
        link: `/me/casting-calls/${closing.id}`,
      }),
    ]);
    const [poster] = await app.db.select().from(users).where(eq(users.id, house.id));
    const subjects = async () =>
      (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, poster!.email!))).map((mail) => mail.subject);
    expect((await subjects()).filter((subject) => subject === 'Your casting call closes soon')).toHaveLength(1);
    // Nothing is closed yet, and the applicants hear nothing.
    expect(
      ((await send('GET', `${PUBLIC}/casting-calls/${closing.id}`)).json().data as { status: string }).status,
    ).toBe('published');
    const told = (await send('GET', `${USER}/notifications`, waiting)).json().data as { title: string }[];
    expect(told.map((item) => item.title)).not.toContain('Not selected this time');

    // The next hour reminds nobody twice; a later deadline, once it comes within a week of its close, once more.
    await app.runUpkeep();
    expect(await reminders()).toHaveLength(1);
    await app.db
      .update(castingCalls)
      .set({ deadline: daysAgo(23.5) })
      .where(eq(castingCalls.id, closing.id));
    await app.runUpkeep();
    expect((await reminders()).map((item) => item.body.split(':')[0])).toEqual(['Closing call', 'Closing call']);
  });

  it('reminds a member of a call they saved two days before its deadline, unless they applied or it closed', async () => {
    const house = await member('house');
    await verify(house.handle);
    const [soon, later, applied, rolesClosed] = [
      await postCall(house, { title: 'Saved and closing' }),
      await postCall(house, { title: 'Saved, closing later' }),
      await postCall(house, { title: 'Saved and answered' }),
      await postCall(house, { title: 'Saved, then closed' }),
    ];
    const saver = await member('actor');
    for (const call of [soon, later, applied, rolesClosed])
      expect((await send('PUT', `${USER}/me/saved-calls/${call.id}`, saver)).statusCode).toBe(200);
    // The poster keeps their own call saved too: they are not asked to apply to it.
    expect((await send('PUT', `${USER}/me/saved-calls/${soon.id}`, house)).statusCode).toBe(200);
    expect((await apply(saver, applied.id, applied.roles[0]!.id)).statusCode).toBe(201);
    for (const role of rolesClosed.roles)
      await send('POST', `${USER}/casting-calls/${rolesClosed.id}/roles/${role.id}/close`, house);
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const deadline = inHours(30);
    await app.db
      .update(castingCalls)
      .set({ deadline })
      .where(inArray(castingCalls.id, [soon.id, applied.id, rolesClosed.id]));
    await app.db
      .update(castingCalls)
      .set({ deadline: inHours(50) })
      .where(eq(castingCalls.id, later.id));
    const reminders = async () =>
      ((await send('GET', `${USER}/notifications`, saver)).json().data as { title: string; body: string }[]).filter(
        (item) => item.title === 'A call you saved closes soon',
      );

    await app.runUpkeep();

    expect(await reminders()).toEqual([
      expect.objectContaining({
        body: `Saved and closing: applications close on ${indiaTime(deadline)}, and you have not applied`,
        link: `/auditions/${soon.id}`,
      }),
    ]);
    const [account] = await app.db.select().from(users).where(eq(users.id, saver.id));
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!));
    expect(mails.filter((mail) => mail.subject === 'A call you saved closes soon')).toHaveLength(1);
    const toPoster = (await send('GET', `${USER}/notifications`, house)).json().data as { title: string }[];
    expect(toPoster.map((item) => item.title)).not.toContain('A call you saved closes soon');

    // Once for each deadline: the next hour is quiet; a later deadline, once it is two days away, is told again.
    await app.runUpkeep();
    expect(await reminders()).toHaveLength(1);
    await app.db
      .update(castingCalls)
      .set({ deadline: inHours(40) })
      .where(eq(castingCalls.id, soon.id));
    await app.runUpkeep();
    expect((await reminders()).map((item) => item.body.split(':')[0])).toEqual([
      'Saved and closing',
      'Saved and closing',
    ]);
  });

  it('filters, sorts and exports the applicants as CSV, and leaves out a profile a moderator hid', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const role = call.roles[0]!.id;
    const zara = await member('actor', { display_name: 'Zara Khan', city: 'Mumbai' });
    const anu = await member('actor', {
      display_name: '=Anu Menon',
      languages: [{ language: 'Malayalam', level: 'native' }],
    });
    const hidden = await member('actor', { display_name: 'Hidden Member' });
    for (const who of [zara, anu, hidden]) expect((await apply(who, call.id, role)).statusCode).toBe(201);
    // A moderator's decisions reach the applications made before them.
    const moderator = await createStaff(app, 'moderator');
    for (const [handle, action] of [
      [zara.handle, 'verify'],
      [hidden.handle, 'hide'],
    ] as const) {
      const decided = await send('POST', `${ADMIN}/moderation/profiles/${handle}/${action}`, moderator, {
        reason: 'Checked by the moderation team',
      });
      expect(decided.statusCode).toBe(200);
    }
    const names = async (query: string) =>
      (await send('GET', `${USER}/casting-calls/${call.id}/applications?${query}`, house))
        .json()
        .data.map((item: { applicant: { display_name: string } }) => item.applicant.display_name);
    expect(await names('sort=name')).toEqual(['=Anu Menon', 'Zara Khan']);
    // Someone else's look at a filtered list is refused, and leaves the poster's count of it as it is.
    const stranger = await send('GET', `${USER}/casting-calls/${call.id}/applications?city=mumbai`, zara);
    expect(stranger.statusCode).toBe(404);
    expect(await names('city=mumbai')).toEqual(['Zara Khan']);
    expect(await names('language=malayalam')).toEqual(['=Anu Menon']);
    expect(await names('verified=true')).toEqual(['Zara Khan']);
    expect(await names('status=shortlisted')).toEqual([]);
    // The totals say how many match, on the page that lists them and past the last page alike.
    const listed = async (query: string) =>
      (await send('GET', `${USER}/casting-calls/${call.id}/applications?${query}`, house)).json() as {
        data: unknown[];
        meta: { total: number };
      };
    for (const [query, shown, total] of [
      ['city=mumbai', 1, 1],
      ['city=mumbai&page=4', 0, 1],
      ['page=4', 0, 2],
      ['', 2, 2],
      ['language=tamil', 0, 0],
    ] as const) {
      const answer = await listed(query);
      expect([answer.data.length, answer.meta.total], query).toEqual([shown, total]);
    }
    // An applicant who moves is found in their new city.
    const moved = await send('PUT', `${USER}/me/profile`, anu, {
      kind: 'person',
      handle: anu.handle,
      display_name: '=Anu Menon',
      category: 'Artist',
      crafts: ['actor'],
      city: 'Mumbai',
    });
    expect(moved.statusCode).toBe(200);
    expect(await names('city=mumbai&sort=name')).toEqual(['=Anu Menon', 'Zara Khan']);
    const csv = await send('GET', `${USER}/casting-calls/${call.id}/applications.csv?sort=name`, house);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Name","Profile","Role","Status"/);
    expect(lines).toHaveLength(3);
    // A name that starts like a formula is kept as text.
    expect(lines[1]).toMatch(/^"'=Anu Menon","https:\/\/cineverse\.test\/profiles\/actor-\d+","Sarita","submitted"/);
    expect(csv.body).not.toContain('Hidden Member');
    expect((await send('GET', `${USER}/casting-calls/${call.id}/applications.csv`, zara)).statusCode).toBe(404);
  });

  it('removes a deleted member’s applications with their profile', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const actor = await member('actor');
    expect((await apply(actor, call.id, call.roles[0]!.id)).statusCode).toBe(201);
    await app.db.delete(users).where(eq(users.id, actor.id));
    const left = await app.db
      .select()
      .from(castingApplications)
      .where(and(eq(castingApplications.callId, call.id)));
    expect(left).toEqual([]);
  });

  it('a member’s export holds their applications without the poster’s note; a poster who leaves tells who waits', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Leaving poster' });
    const actor = await member('actor');
    const application = (await apply(actor, call.id, call.roles[0]!.id)).json().data as { id: number };
    await send('PUT', `${USER}/applications/${application.id}/poster-note`, house, { note: 'Too theatrical' });
    await send('PUT', `${USER}/me/saved-calls/${call.id}`, actor, {});
    const exported = await app.memberData.exportAll(actor.id);
    expect(exported.casting_applications).toEqual([
      expect.objectContaining({ id: application.id, status: 'submitted' }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('Too theatrical');
    expect(exported.saved_calls).toEqual([expect.objectContaining({ call_id: call.id })]);
    const posterExport = await app.memberData.exportAll(house.id);
    expect(posterExport.casting_calls_posted).toEqual([
      expect.objectContaining({ title: 'Leaving poster', roles: [expect.any(Object), expect.any(Object)] }),
    ]);

    await app.memberData.deleteAccount(house.id);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`)).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/casting-calls`)).json().data).not.toContainEqual(
      expect.objectContaining({ id: call.id }),
    );
    const told = (await send('GET', `${USER}/notifications`, actor)).json().data;
    expect(told[0]).toMatchObject({ title: 'A casting call you applied to was withdrawn' });
    // What the actor wrote stays theirs: the application, answered, under a call without a poster.
    expect((await send('GET', `${USER}/me/applications`, actor)).json().data).toEqual([
      expect.objectContaining({ id: application.id, status: 'withdrawn', call_title: 'Leaving poster', poster: null }),
    ]);
    expect((await app.memberData.exportAll(actor.id)).casting_applications).toEqual([
      expect.objectContaining({ id: application.id, status: 'withdrawn' }),
    ]);
  });
});

describe('decisions told after 10 seconds', () => {
  const later = () => new Date(Date.now() + 11_000);
  const titles = async (who: Shopper) =>
    (await send('GET', `${USER}/notifications`, who)).json().data.map((item: { title: string }) => item.title);
  const mailsTo = async (who: Shopper, subject: string) => {
    const [account] = await app.db.select().from(users).where(eq(users.id, who.id));
    return (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, account!.email!))).filter(
      (mail) => mail.subject === subject,
    );
  };
  /** Whether the application still waits to be told (other tests' decisions are told by the same calls). */
  const untold = async (id: number) =>
    (
      await app.db
        .select({ tellAt: castingApplications.tellAt })
        .from(castingApplications)
        .where(eq(castingApplications.id, id))
    )[0]!.tellAt !== null;
  const undo = (who: Shopper, callId: number, ids: number[]) =>
    send('POST', `${USER}/casting-calls/${callId}/applications/undo`, who, { ids });

  it('tells a selection once, after 10 s and never before, and the applicant sees it only then', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house);
    const actor = await member('actor');
    const application = (await apply(actor, call.id, call.roles[0]!.id)).json().data as { id: number };

    const before = Date.now();
    expect((await transition(house, application.id, { to: 'selected' })).json().data.status).toBe('selected');
    const listed = (await send('GET', `${USER}/casting-calls/${call.id}/applications`, house)).json().data[0];
    expect(listed.status).toBe('selected');
    const until = Date.parse(listed.undo_until);
    expect(until - before).toBeGreaterThanOrEqual(10_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10_000);

    // Within the 10 s: nobody is told, and the applicant still sees what they were told last.
    await app.tellDueDecisions(new Date(until - 1));
    expect(await untold(application.id)).toBe(true);
    expect(await titles(actor)).not.toContain('You are selected');
    expect(await mailsTo(actor, 'You are selected')).toEqual([]);
    expect((await send('GET', `${USER}/me/applications`, actor)).json().data[0].status).toBe('submitted');

    // At its time: told in the centre and by mail, once.
    await app.tellDueDecisions(new Date(until));
    expect(await untold(application.id)).toBe(false);
    await app.tellDueDecisions(later());
    expect((await titles(actor)).filter((title: string) => title === 'You are selected')).toHaveLength(1);
    expect(await mailsTo(actor, 'You are selected')).toHaveLength(1);
    expect((await send('GET', `${USER}/me/applications`, actor)).json().data[0].status).toBe('selected');
    expect(
      (await send('GET', `${USER}/casting-calls/${call.id}/applications`, house)).json().data[0].undo_until,
    ).toBeNull();
    // Told: too late to undo.
    const late = await undo(house, call.id, [application.id]);
    expect([late.statusCode, late.json().field]).toEqual([409, 'ids']);
  });

  it('undoes a bulk move and a selection within 10 s: back to what each was told, and nobody is told', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Undo call' });
    const role = call.roles[0]!.id;
    const actors = [await member('actor'), await member('actor')];
    const ids: number[] = [];
    for (const actor of actors) ids.push((await apply(actor, call.id, role)).json().data.id);
    expect((await transition(house, ids[0]!, { to: 'viewed' })).statusCode).toBe(200);

    const bulk = await send('POST', `${USER}/casting-calls/${call.id}/applications/transition`, house, {
      ids,
      to: 'shortlisted',
    });
    expect(bulk.json()).toEqual({ moved: 2, undo_until: expect.any(String) });
    // A second decision before the first is told: an undo still goes back to what the applicant was told.
    expect((await transition(house, ids[0]!, { to: 'not_selected' })).statusCode).toBe(200);

    // Only the poster undoes, and all or none.
    expect((await undo(actors[0]!, call.id, ids)).statusCode).toBe(404);
    expect((await undo(house, call.id, [...ids, 2_000_000_000])).statusCode).toBe(404);
    const undone = await undo(house, call.id, ids);
    expect(undone.json()).toEqual({ undone: 2 });
    const statuses = await app.db
      .select({ id: castingApplications.id, status: castingApplications.status })
      .from(castingApplications)
      .where(inArray(castingApplications.id, ids));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [ids[0]!]: 'viewed',
      [ids[1]!]: 'submitted',
    });
    await app.tellDueDecisions(later());
    expect(await titles(actors[0]!)).toEqual(['Your application was viewed']);
    expect(await titles(actors[1]!)).toEqual([]);
    // Nothing left to undo.
    expect((await undo(house, call.id, ids)).statusCode).toBe(409);

    // An applicant who withdraws before a decision is told is never told it.
    await transition(house, ids[1]!, { to: 'selected' });
    const withdrawn = await send('POST', `${USER}/applications/${ids[1]}/withdraw`, actors[1]);
    expect(withdrawn.json().data.status).toBe('withdrawn');
    await app.tellDueDecisions(later());
    expect(await titles(actors[1]!)).toEqual([]);
  });

  it('refuses an undo once the 10 s have passed, told or not yet, and once the role is closed', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Late undo call' });
    const role = call.roles[0]!.id;
    const [first, second] = [await member('actor'), await member('actor')];
    const a = (await apply(first, call.id, role)).json().data.id as number;
    const b = (await apply(second, call.id, role)).json().data.id as number;
    await transition(house, a, { to: 'selected' });
    const late = app.db.transaction((tx) =>
      app.applicationRepository.undoDecisions(tx, house.id, call.id, [a], later()),
    );
    await expect(late).rejects.toMatchObject({ statusCode: 409 });

    // Closing the role tells everyone still waiting at once, and makes the untold selection final.
    await send('POST', `${USER}/casting-calls/${call.id}/applications/transition`, house, {
      ids: [b],
      to: 'shortlisted',
    });
    expect((await send('POST', `${USER}/casting-calls/${call.id}/roles/${role}/close`, house)).statusCode).toBe(200);
    // Its untold shortlisting gives way: one notice.
    expect(await titles(second)).toEqual(['Not selected this time']);
    expect((await undo(house, call.id, [a])).json().message).toBe('This role is closed: its decisions are final');
    await app.tellDueDecisions(later());
    expect(await titles(first)).toEqual(['You are selected']);
  });

  it('drops an untold decision when a guardian withdraws consent: withdrawn, never told, not undone', async () => {
    const house = await member('house');
    await verify(house.handle);
    const shortlisting = await postCall(house, { title: 'Bulk call' }, { age_min: 10, age_max: 30 });
    const selecting = await postCall(house, { title: 'Select call' }, { age_min: 10, age_max: 30 });
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 14);
    const guardianEmail = `guardian-untold-${Date.now()}@example.in`;
    const young = await member('actor', {
      display_name: 'Ira Nair',
      date_of_birth: birth.toISOString().slice(0, 10),
      guardian: { name: 'Meera Nair', contact: guardianEmail },
      playing_age_min: 12,
      playing_age_max: 16,
    });
    await confirmGuardian(app, guardianEmail);
    const a = (await apply(young, shortlisting.id, shortlisting.roles[0]!.id)).json().data.id as number;
    const b = (await apply(young, selecting.id, selecting.roles[0]!.id)).json().data.id as number;
    await send('POST', `${USER}/casting-calls/${shortlisting.id}/applications/transition`, house, {
      ids: [a],
      to: 'shortlisted',
    });
    expect((await transition(house, b, { to: 'selected' })).statusCode).toBe(200);

    const token = await mailedGuardianToken(app, guardianEmail);
    expect((await send('POST', `${PUBLIC}/guardian/consent/withdraw`, undefined, { token })).statusCode).toBe(200);
    const rows = await app.db
      .select({ status: castingApplications.status, untoldFrom: castingApplications.untoldFrom })
      .from(castingApplications)
      .where(inArray(castingApplications.id, [a, b]));
    expect(rows).toEqual([
      { status: 'withdrawn', untoldFrom: null },
      { status: 'withdrawn', untoldFrom: null },
    ]);
    for (const [callId, id] of [
      [shortlisting.id, a],
      [selecting.id, b],
    ] as const) {
      const refused = await undo(house, callId, [id]);
      expect([refused.statusCode, refused.json().field]).toEqual([409, 'ids']);
    }
    await app.tellDueDecisions(later());
    expect(await titles(young)).toEqual([]);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, guardianEmail), like(mailOutbox.subject, 'Ira Nair: %')));
    expect(mails).toEqual([]);
  });

  it('drops an untold decision when its poster is hidden: the call is withdrawn, the decision never told', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Hidden poster call' });
    const actor = await member('actor');
    const id = (await apply(actor, call.id, call.roles[0]!.id)).json().data.id as number;
    expect((await transition(house, id, { to: 'selected' })).statusCode).toBe(200);
    const moderator = await createStaff(app, 'moderator');
    const hidden = await send('POST', `${ADMIN}/moderation/profiles/${house.handle}/hide`, moderator, {
      reason: 'Checked by the moderation team',
    });
    expect(hidden.statusCode).toBe(200);
    const [row] = await app.db.select().from(castingApplications).where(eq(castingApplications.id, id));
    expect([row!.status, row!.untoldFrom, row!.tellAt]).toEqual(['withdrawn', null, null]);
    await app.tellDueDecisions(later());
    expect(await titles(actor)).toEqual(['A casting call you applied to was withdrawn']);
    expect(await mailsTo(actor, 'You are selected')).toEqual([]);
  });

  it('takes the answer to a callback while a decision on it is untold, without showing that decision', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Callback call' });
    const actor = await member('actor');
    const id = (await apply(actor, call.id, call.roles[0]!.id)).json().data.id as number;
    const callback = { to: 'callback', callback_at: '2099-01-05T11:00', callback_place: 'Studio 3, Goregaon' };
    expect((await transition(house, id, callback)).statusCode).toBe(200);
    expect((await transition(house, id, { to: 'not_selected' })).statusCode).toBe(200);

    const answered = await transition(actor, id, { callback_answer: 'accepted' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'callback', callback: { answer: 'accepted' } });
    expect(await titles(house)).toContain('Callback accepted');
    // Undone: back to the callback, its answer kept.
    expect((await undo(house, call.id, [id])).statusCode).toBe(200);
    const [row] = await app.db.select().from(castingApplications).where(eq(castingApplications.id, id));
    expect([row!.status, row!.callbackAnswer]).toEqual(['callback', 'accepted']);
    await app.tellDueDecisions(later());
    expect(await titles(actor)).not.toContain('Not selected this time');
  });

  it('counts an opening filled, and refuses applicants for it, only once the selection is told', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'One opening call' }, { openings: 1 });
    const role = call.roles[0]!.id;
    const filled = async () =>
      ((await send('GET', `${PUBLIC}/casting-calls/${call.id}`)).json().data.roles[0] as { openings_filled: number })
        .openings_filled;
    const id = (await apply(await member('actor'), call.id, role)).json().data.id as number;
    expect((await transition(house, id, { to: 'selected' })).statusCode).toBe(200);

    // Within the 10 s: not filled, and others still apply.
    expect(await filled()).toBe(0);
    expect((await apply(await member('actor'), call.id, role)).statusCode).toBe(201);
    await app.tellDueDecisions(later());
    expect(await filled()).toBe(1);
    const refused = await apply(await member('actor'), call.id, role);
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'Its opening is filled: applications are no longer taken',
    ]);
  });
});

describe('who is off the brief', () => {
  it('flags an applicant whose gender or playing age is outside the role’s, and filters on it', async () => {
    const house = await member('house');
    await verify(house.handle);
    // Sarita: female, 20 to 30.
    const call = await postCall(house, { title: 'Brief call' });
    const role = call.roles[0]!.id;
    const people = {
      fits: await member('actor', { display_name: 'Fits Brief' }),
      man: await member('actor', { display_name: 'Gender Off', gender: 'male' }),
      older: await member('actor', { display_name: 'Age Off', playing_age_min: 40, playing_age_max: 50 }),
      both: await member('actor', {
        display_name: 'Both Off',
        gender: 'male',
        playing_age_min: 8,
        playing_age_max: 12,
      }),
      unsaid: await member('actor', {
        display_name: 'Unsaid',
        gender: 'prefer_not_to_say',
        playing_age_min: null,
        playing_age_max: null,
      }),
      edge: await member('actor', { display_name: 'Edge Overlap', playing_age_min: 28, playing_age_max: 36 }),
    };
    for (const who of Object.values(people)) expect((await apply(who, call.id, role)).statusCode).toBe(201);
    const list = async (query: string) =>
      (
        await send('GET', `${USER}/casting-calls/${call.id}/applications?role=${role}&sort=name&${query}`, house)
      ).json();
    const flags = Object.fromEntries(
      (await list('')).data.map((item: { applicant: { display_name: string }; off_brief: string[] }) => [
        item.applicant.display_name,
        item.off_brief,
      ]),
    );
    expect(flags).toEqual({
      'Age Off': ['age'],
      'Both Off': ['gender', 'age'],
      'Edge Overlap': [],
      'Fits Brief': [],
      'Gender Off': ['gender'],
      Unsaid: [],
    });
    const names = (answer: { data: { applicant: { display_name: string } }[] }) =>
      answer.data.map((item) => item.applicant.display_name);
    const off = await list('brief=off');
    expect([names(off), off.meta.total]).toEqual([['Age Off', 'Both Off', 'Gender Off'], 3]);
    const on = await list('brief=on');
    expect([names(on), on.meta.total]).toEqual([['Edge Overlap', 'Fits Brief', 'Unsaid'], 3]);
    expect((await list('brief=off&status=shortlisted')).meta.total).toBe(0);
    const wrong = await send('GET', `${USER}/casting-calls/${call.id}/applications?brief=maybe`, house);
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'brief']);
  });
});

describe('the applicants as a spreadsheet file', () => {
  it('is one UTF-8 file per call with a byte-order mark, a role column, India’s times and links only to open profiles', async () => {
    const house = await member('house');
    await verify(house.handle);
    const call = await postCall(house, { title: 'Monsoon Letters: Part 2!' }, { age_min: 10, age_max: 30 });
    const [sarita, postman] = call.roles;
    const hindi = await member('actor', { display_name: 'आरव शर्मा' });
    const elder = await member('actor', {
      display_name: 'Dinesh Rao',
      gender: 'male',
      playing_age_min: 20,
      playing_age_max: 25,
    });
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 14);
    const guardianEmail = `guardian-csv-${Date.now()}@example.in`;
    const young = await member('actor', {
      display_name: 'Young Applicant',
      date_of_birth: birth.toISOString().slice(0, 10),
      guardian: { name: 'Latha Menon', contact: guardianEmail },
      playing_age_min: 12,
      playing_age_max: 16,
    });
    await confirmGuardian(app, guardianEmail);
    expect((await apply(hindi, call.id, sarita!.id)).statusCode).toBe(201);
    expect((await apply(young, call.id, sarita!.id)).statusCode).toBe(201);
    expect((await apply(elder, call.id, postman!.id)).statusCode).toBe(201);
    await app.db
      .update(castingApplications)
      .set({ createdAt: new Date('2026-11-28T05:39:00Z') })
      .where(eq(castingApplications.callId, call.id));

    // Whatever role the screen shows, the file holds the whole call.
    const csv = await send(
      'GET',
      `${USER}/casting-calls/${call.id}/applications.csv?role=${sarita!.id}&sort=name`,
      house,
    );
    expect(csv.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    })
      .format(new Date())
      .replace('Sept', 'Sep')
      .replace(/ /g, '-');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="monsoon-letters-part-2-applicants-${today}.csv"`,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    expect(rows[0]!.slice(0, 5)).toEqual(['Name', 'Profile', 'Role', 'Status', 'Off the brief']);
    const applied = rows[0]!.indexOf('Applied');
    expect(rows.slice(1).map((row) => [row[0], row[2], row[4], row[applied]])).toEqual([
      ['Young Applicant', 'Sarita', '', '28 Nov 2026 11:09'],
      ['आरव शर्मा', 'Sarita', '', '28 Nov 2026 11:09'],
      ['Dinesh Rao', 'Postman', 'playing age', '28 Nov 2026 11:09'],
    ]);
    // A minor's profile answers 404 to the poster: no link to it.
    expect(rows[1]![1]).toBe('');
    expect(rows[2]![1]).toBe(`https://cineverse.test/profiles/${hindi.handle}`);
    expect((await send('GET', `${PUBLIC}/profiles/${young.handle}`, house)).statusCode).toBe(404);
  });
});
