import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, profiles } from '../../server/src/db/schema.js';
import { heldWordsIn } from '../../server/src/lib/held-words.js';
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

type Member = Shopper & { handle: string };

/** A member with an organisation profile (not verified unless asked), or an actor's. */
async function member(
  kind: 'house' | 'actor',
  { name = 'Red Kite Films', bio = '', verified = false }: { name?: string; bio?: string; verified?: boolean } = {},
): Promise<Member> {
  const account = await createShopper(app, kind === 'house' ? name : 'Actor');
  handles += 1;
  const handle = `queue-${kind}-${handles}`;
  const base =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', display_name: name, city: 'Mumbai', bio }
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
  if (verified) await app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, handle));
  return { ...account, handle };
}

const callInput = (title: string) => ({
  title,
  project_type: 'feature',
  description: 'A Marathi feature about letters lost in a flood.',
  city: 'Pune',
  shoot_start: inDays(40),
  shoot_end: inDays(70),
  deadline: inDays(20),
  roles: [{ name: 'Sarita', genders: ['female'], age_min: 20, age_max: 30, languages: ['Marathi'], paid: false }],
});

async function postCall(poster: Shopper, title: string) {
  const response = await send('POST', `${USER}/casting-calls`, poster, callInput(title));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string };
}

const decide = (who: Shopper, handle: string, action: string, reason = 'Checked by the moderation team') =>
  send('POST', `${ADMIN}/moderation/profiles/${handle}/${action}`, who, { reason });

/** The notices of `who` about the moderation queue whose body names `what`. */
async function noticesAbout(who: Shopper, what: string) {
  const rows = await app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'moderation')));
  return rows.filter((row) => row.body.includes(what));
}

describe('the moderation queue', () => {
  it('counts every tab, and "all" counts the calls waiting to be published', async () => {
    const moderator = await createStaff(app, 'moderator');
    const before = (await send('GET', `${ADMIN}/moderation/counts`, moderator)).json();
    const house = await member('house');
    await postCall(house, 'Counted Call');
    const actor = await member('actor');
    expect((await send('POST', `${USER}/me/verification-request`, actor, { note: 'CINTAA 1' })).statusCode).toBe(202);
    const after = await send('GET', `${ADMIN}/moderation/counts`, moderator);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      calls: before.calls + 1,
      verification: before.verification + 1,
      all: before.all + 2,
    });
    const shopper = await createShopper(app);
    expect((await send('GET', `${ADMIN}/moderation/counts`, shopper)).statusCode).toBe(403);
  });

  it('tells each moderator once per item that starts to wait, and nobody else', async () => {
    const moderators = [await createStaff(app, 'moderator'), await createStaff(app, 'moderator')];
    const admin = await createStaff(app, 'admin');
    const house = await member('house', { name: 'Told Pictures' });
    const call = await postCall(house, 'Told Once');
    // An edit while it waits tells nobody again.
    expect((await send('PUT', `${USER}/casting-calls/${call.id}`, house, callInput('Told Once'))).statusCode).toBe(200);
    const actor = await member('actor');
    expect(
      (await send('POST', `${PUBLIC}/profiles/${house.handle}/report`, actor, { reason: 'fake' })).statusCode,
    ).toBe(201);
    for (const moderator of moderators) {
      const notices = await noticesAbout(moderator, 'Told');
      expect(notices.map((notice) => [notice.title, notice.link]).sort()).toEqual([
        ['A casting call waits to be published', '/admin/moderation?type=calls'],
        ['A profile was reported', '/admin/moderation?type=report'],
      ]);
    }
    expect(await noticesAbout(admin, 'Told')).toEqual([]);
  });

  it('dismisses a report only with a reason, which the history shows; the profile stays', async () => {
    const moderator = await createStaff(app, 'moderator');
    const house = await member('house', { name: 'Dismissed Films' });
    const actor = await member('actor');
    await send('POST', `${PUBLIC}/profiles/${house.handle}/report`, actor, { reason: 'fake', details: 'Not sure' });
    const queue = (await send('GET', `${ADMIN}/moderation/queue?kind=report&per_page=100`, moderator)).json();
    const report = (queue.data as { id: number; handle: string }[]).find((item) => item.handle === house.handle)!;

    const missing = await send('POST', `${ADMIN}/moderation/reports/${report.id}/dismiss`, moderator, { reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'reason' });
    const url = `${ADMIN}/moderation/reports/${report.id}/dismiss`;
    expect((await send('POST', url, await createShopper(app), { reason: 'No' })).statusCode).toBe(403);
    expect((await send('POST', url, moderator, { reason: 'The company is registered' })).statusCode).toBe(200);
    expect((await send('POST', url, moderator, { reason: 'Again' })).statusCode).toBe(409);

    const open = (await send('GET', `${ADMIN}/moderation/queue?kind=report&per_page=100`, moderator)).json();
    expect((open.data as { id: number }[]).map((item) => item.id)).not.toContain(report.id);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`)).statusCode).toBe(200);
    const history = (await send('GET', `${ADMIN}/moderation/history?per_page=100`, moderator)).json();
    expect(history.data[0]).toMatchObject({
      action: 'dismiss',
      subject: `@${house.handle}`,
      reason: 'The company is registered',
      actor_name: 'A moderator',
    });
  });

  it('dismisses a call’s reports with a reason: the call stays published', async () => {
    const moderator = await createStaff(app, 'moderator');
    const house = await member('house', { verified: true });
    const call = await postCall(house, 'Reported But Fine');
    const actor = await member('actor');
    expect((await send('POST', `${USER}/casting-calls/${call.id}/report`, actor, { reason: 'fake' })).statusCode).toBe(
      201,
    );
    const url = `${ADMIN}/moderation/casting-calls/${call.id}/dismiss-reports`;
    expect((await send('POST', url, moderator, {})).json()).toMatchObject({ field: 'reason' });
    expect((await send('POST', url, moderator, { reason: 'A known studio' })).statusCode).toBe(200);
    expect((await send('POST', url, moderator, { reason: 'A known studio' })).statusCode).toBe(409);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`)).json().data.status).toBe('published');
    const history = (await send('GET', `${ADMIN}/moderation/history?per_page=100`, moderator)).json();
    expect(history.data[0]).toMatchObject({
      action: 'dismiss',
      subject: 'Reported But Fine',
      reason: 'A known studio',
    });
  });

  it('records the reason of each call a hidden profile takes down, and of a publication', async () => {
    const moderator = await createStaff(app, 'moderator');
    const house = await member('house', { verified: true });
    const call = await postCall(house, 'Taken Down With Its Poster');
    const waiting = await member('house');
    const pending = await postCall(waiting, 'Published With A Reason');
    const published = await send('POST', `${ADMIN}/moderation/casting-calls/${pending.id}/publish`, moderator, {
      reason: 'The production is known',
    });
    expect(published.statusCode).toBe(200);
    expect((await decide(moderator, house.handle, 'hide', 'Charges a fee')).statusCode).toBe(200);
    const records = await app.db.select().from(auditLog).where(eq(auditLog.actorId, moderator.id));
    expect(
      records.map((record) => [record.action, record.entityId, (record.after as { reason?: string }).reason]),
    ).toEqual([
      ['publish', String(pending.id), 'The production is known'],
      ['unpublish', String(call.id), 'Its poster’s profile was hidden by a moderator: Charges a fee'],
      ['hide', house.handle, 'Charges a fee'],
    ]);
  });

  it('marks a pending call whose poster is hidden', async () => {
    const moderator = await createStaff(app, 'moderator');
    const house = await member('house');
    const call = await postCall(house, 'Back From A Hidden Poster');
    expect((await decide(moderator, house.handle, 'hide', 'Fake company')).statusCode).toBe(200);
    // Its poster edits the call: it waits again, behind a hidden profile.
    const edit = callInput('Back From A Hidden Poster');
    expect((await send('PUT', `${USER}/casting-calls/${call.id}`, house, edit)).statusCode).toBe(200);
    const queue = (await send('GET', `${ADMIN}/moderation/casting-calls?queue=pending&per_page=100`, moderator)).json();
    const item = (queue.data as { id: number; poster_hidden: boolean }[]).find((row) => row.id === call.id);
    expect(item).toMatchObject({ poster_hidden: true });
  });
});

describe('a new organisation that claims to be official or asks for money', () => {
  it('finds the held words in any case, and Hindi ones', () => {
    expect(heldWordsIn('OFFICIAL casting; Registration FEES apply')).toEqual(['official', 'registration', 'fees']);
    expect(heldWordsIn('ऑडिशन शुल्क ₹500')).toEqual(['शुल्क']);
    expect(heldWordsIn('Paid roles for officers in a feed of coffee')).toEqual([]);
  });

  it('waits for a moderator before it is listed; its page is its owner’s and staff’s until approved', async () => {
    const moderator = await createStaff(app, 'moderator');
    const house = await member('house', {
      name: 'Official Dharma Casting',
      bio: 'Pay the registration fee to audition',
    });
    const listed = async () =>
      (
        (await send('GET', `${PUBLIC}/profiles?category=Production%20House&per_page=48`)).json().data as {
          handle: string;
        }[]
      ).map((row) => row.handle);
    expect(await listed()).not.toContain(house.handle);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`)).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`, await createShopper(app))).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`, house)).statusCode).toBe(200);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`, moderator)).statusCode).toBe(200);

    const queue = (await send('GET', `${ADMIN}/moderation/queue?kind=held&per_page=100`, moderator)).json();
    expect((queue.data as { handle: string }[]).find((item) => item.handle === house.handle)).toMatchObject({
      kind: 'held',
      details: 'Its name or description says “official”, “registration”, “fee”',
    });
    expect(await noticesAbout(moderator, house.handle)).toHaveLength(1);

    expect((await decide(moderator, house.handle, 'approve', 'A registered production house')).statusCode).toBe(200);
    expect(await listed()).toContain(house.handle);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`)).statusCode).toBe(200);
    expect((await decide(moderator, house.handle, 'approve')).statusCode).toBe(409);
    // Saving it again, its words unchanged, does not hold it again.
    const again = await send('PUT', `${USER}/me/profile`, house, {
      handle: house.handle,
      kind: 'organisation',
      category: 'Production House',
      display_name: 'Official Dharma Casting',
      city: 'Mumbai',
      bio: 'Pay the registration fee to audition',
    });
    expect(again.statusCode).toBe(200);
    expect(await listed()).toContain(house.handle);
  });

  it('lists an organisation without such words at once, and holds one whose edit brings them in', async () => {
    const house = await member('house', { name: 'Monsoon Frames' });
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`)).statusCode).toBe(200);
    const edit = await send('PUT', `${USER}/me/profile`, house, {
      handle: house.handle,
      kind: 'organisation',
      category: 'Production House',
      display_name: 'Monsoon Frames',
      city: 'Mumbai',
      bio: 'ऑडिशन के लिए फीस जमा करें',
    });
    expect(edit.statusCode).toBe(200);
    expect((await send('GET', `${PUBLIC}/profiles/${house.handle}`)).statusCode).toBe(404);
  });
  it('holds a person’s profile that becomes an organisation with such words, and tells the moderators', async () => {
    const moderator = await createStaff(app, 'moderator');
    const actor = await member('actor');
    const bio = 'Pay the registration fee to audition';
    const asPerson = await send('PUT', `${USER}/me/profile`, actor, {
      handle: actor.handle,
      kind: 'person',
      category: 'Artist',
      display_name: 'Sahyadri Talent',
      crafts: ['actor'],
      city: 'Pune',
      languages: [{ language: 'Marathi', level: 'native' }],
      playing_age_min: 22,
      playing_age_max: 30,
      gender: 'female',
      bio,
    });
    expect(asPerson.statusCode, asPerson.body).toBe(200);
    const asOrganisation = await send('PUT', `${USER}/me/profile`, actor, {
      handle: actor.handle,
      kind: 'organisation',
      category: 'Production House',
      display_name: 'Sahyadri Talent',
      city: 'Pune',
      bio,
    });
    expect(asOrganisation.statusCode, asOrganisation.body).toBe(200);
    expect((await send('GET', `${PUBLIC}/profiles/${actor.handle}`)).statusCode).toBe(404);
    expect(await noticesAbout(moderator, actor.handle)).toHaveLength(1);
  });
  it('keeps a held organisation’s calls out of public view, and refuses to publish them until it is approved', async () => {
    const moderator = await createStaff(app, 'moderator');
    const actor = await member('actor');
    const listedCalls = async () =>
      ((await send('GET', `${PUBLIC}/casting-calls?per_page=48`)).json().data as { id: number }[]).map((row) => row.id);
    const savedCalls = async () =>
      ((await send('GET', `${USER}/me/saved-calls`, actor)).json().data as { id: number }[]).map((row) => row.id);

    // A published call whose poster's edit then holds it.
    const house = await member('house', { name: 'Konkan Pictures' });
    const call = await postCall(house, 'Letters In The Flood');
    expect((await send('POST', `${ADMIN}/moderation/casting-calls/${call.id}/publish`, moderator, {})).statusCode).toBe(
      200,
    );
    expect((await send('PUT', `${USER}/me/saved-calls/${call.id}`, actor)).statusCode).toBe(200);
    const edit = await send('PUT', `${USER}/me/profile`, house, {
      handle: house.handle,
      kind: 'organisation',
      category: 'Production House',
      display_name: 'Konkan Pictures',
      city: 'Mumbai',
      bio: 'A registration fee is taken at the audition',
    });
    expect(edit.statusCode).toBe(200);
    expect(await listedCalls()).not.toContain(call.id);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`)).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`, actor)).statusCode).toBe(404);
    expect((await send('GET', `${PUBLIC}/casting-calls/${call.id}`, house)).statusCode).toBe(200);
    expect(await savedCalls()).not.toContain(call.id);

    // A held poster's waiting call is marked in the queue and cannot be published.
    const waiting = await postCall(house, 'Letters In The Flood, Part Two');
    const queue = (await send('GET', `${ADMIN}/moderation/casting-calls?queue=pending&per_page=100`, moderator)).json();
    const item = (queue.data as { id: number; poster_held: boolean }[]).find((row) => row.id === waiting.id);
    expect(item).toMatchObject({ poster_held: true });
    const publish = await send('POST', `${ADMIN}/moderation/casting-calls/${waiting.id}/publish`, moderator, {});
    expect(publish.statusCode).toBe(409);

    // A held organisation that is verified publishes at once, yet stays out of sight until it is approved.
    const verified = await member('house', { name: 'Official Sahyadri Studios', verified: true });
    const direct = await postCall(verified, 'The Ghat Road');
    expect(await listedCalls()).not.toContain(direct.id);
    expect((await send('GET', `${PUBLIC}/casting-calls/${direct.id}`)).statusCode).toBe(404);
    expect((await decide(moderator, verified.handle, 'approve', 'A registered studio')).statusCode).toBe(200);
    expect(await listedCalls()).toContain(direct.id);
    expect((await send('GET', `${PUBLIC}/casting-calls/${direct.id}`)).statusCode).toBe(200);
  });
});

describe('a message from an organisation', () => {
  it('shows the reader the organisation, its badge and its page, and only while that page is public', async () => {
    const house = await member('house', { name: 'Trusted Frames', verified: true });
    const actor = await member('actor');
    const contact = await send('POST', `${PUBLIC}/profiles/${actor.handle}/contact`, house, {
      message: 'We would like you to read for our next feature.',
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    const inbox = async (who: Shopper) =>
      (await send('GET', `${USER}/me/conversations`, who)).json().data as { organisation: unknown }[];
    expect((await inbox(actor))[0]!.organisation).toEqual({
      handle: house.handle,
      display_name: 'Trusted Frames',
      verified: true,
    });
    // The organisation, reading the same conversation, is not told about itself: the actor is no organisation.
    expect((await inbox(house))[0]!.organisation).toBeNull();
    const moderator = await createStaff(app, 'moderator');
    expect((await decide(moderator, house.handle, 'hide', 'Fake company')).statusCode).toBe(200);
    expect((await inbox(actor))[0]!.organisation).toBeNull();
  });
});
