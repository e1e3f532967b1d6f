import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/client.js';
import { profilePhotos, profiles, shareCards } from '../../server/src/db/schema.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';
const ADMIN = '/backend/api/api/admin/v1';
const SITE = 'https://cineverse.test';

let testApp: TestApp;
let app: FastifyInstance;
let count = 0;

beforeAll(async () => {
  // Stands in for the SSR build: the page's head as the real call and profile pages write it (their own image, a
  // small card), so that the test sees the card take their place.
  const dist = path.join(await fs.mkdtemp('/tmp/cineverse-dist-'), 'dist');
  await fs.mkdir(path.join(dist, '.ssr'), { recursive: true });
  await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
  await fs.writeFile(
    path.join(dist, 'index.html'),
    [
      '<!doctype html><html lang="en"><head>',
      '<script type="module" src="/assets/index-AbC123.js"></script>',
      '</head><body>',
      '<div id="root">',
      '  <!--/app-->',
      '</div>',
      '</body></html>',
    ].join('\n'),
  );
  await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  await fs.writeFile(
    path.join(dist, '.ssr', 'render-page.js'),
    `export async function renderPage(url) {
      return { html: '<main><h1>' + url + '</h1></main>',
        head: '<meta property="og:title" content="A page"/><meta property="og:image" content="/backend/uploads/profile/a.webp"/><meta name="twitter:card" content="summary"/>',
        state: '{"queries":[]}', routeIds: ['__root__'] };
    }`,
  );
  testApp = await createTestApp({ seed: false, distDir: dist });
  app = testApp.app;
});
afterAll(() => testApp.close());

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fourteenYearsAgo = () => {
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 14);
  return birth.toISOString().slice(0, 10);
};

type Member = Shopper & { handle: string; profileId: number };

const personProfile = (handle: string, change: Record<string, unknown> = {}) => ({
  kind: 'person',
  handle,
  category: 'Artist',
  display_name: `Kavya Nair ${handle}`,
  crafts: ['actor', 'dancer'],
  city: 'Kochi',
  headline: 'Malayalam and Tamil features; trained in Bharatanatyam',
  date_of_birth: '1995-05-05',
  ...change,
});

async function member(profile: (handle: string) => Record<string, unknown>): Promise<Member> {
  count += 1;
  const who = await createShopper(app, `Member ${count}`);
  const handle = `member-${count}`;
  const saved = await send('PUT', `${USER}/me/profile`, who, profile(handle));
  expect(saved.statusCode, saved.body).toBe(200);
  const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
  return { ...who, handle, profileId: row!.id };
}

async function house(): Promise<Member> {
  const poster = await member((handle) => ({
    kind: 'organisation',
    handle,
    category: 'Production House',
    display_name: 'Red Kite Films',
    city: 'Mumbai',
    address: '2 Film City Road, Goregaon',
  }));
  await app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, poster.profileId));
  return poster;
}

const callInput = (title: string) => ({
  title,
  project_type: 'feature',
  description: 'A Malayalam feature about letters lost in a flood.',
  city: 'Kochi',
  deadline: inDays(20),
  roles: [
    { name: 'Appu', genders: ['male'], age_min: 20, age_max: 30, languages: ['Malayalam'], paid: true, pay_inr: 25000 },
    {
      name: 'Meera',
      genders: ['female'],
      age_min: 20,
      age_max: 30,
      languages: ['Malayalam'],
      paid: true,
      pay_inr: 40000,
    },
  ],
});

/** Waits until the job queue has done every `cards` job queued so far. */
async function cardsDrawn() {
  await expect
    .poll(
      async () =>
        rowsOf<{ waiting: number }>(
          await app.db.execute(
            sql`select count(*)::int as waiting from pgboss.job where name = 'cards' and state in ('created', 'retry', 'active')`,
          ),
        )[0]!.waiting,
      { timeout: 20_000 },
    )
    .toBe(0);
}

/** The card a page names, from its head: the address, and its size and preview tags. */
async function cardOf(pagePath: string): Promise<string | null> {
  const page = await send('GET', pagePath);
  return /<meta property="og:image" content="([^"]*\/backend\/cards\/[^"]+)">/.exec(page.body)?.[1] ?? null;
}

const cardNames = (subject: 'call' | 'profile', id: number) =>
  app.db
    .select({ name: shareCards.name })
    .from(shareCards)
    .where(and(eq(shareCards.subject, subject), eq(shareCards.subjectId, id)));

describe('share cards', () => {
  it('a call’s page names its 1200 × 630 card as a large preview, in the page’s language', async () => {
    const poster = await house();
    const posted = await send('POST', `${USER}/casting-calls`, poster, callInput('Monsoon Letters'));
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json().data as { id: number };
    await cardsDrawn();

    const page = await send('GET', `/auditions/${id}`);
    expect(page.statusCode).toBe(200);
    const image = await cardOf(`/auditions/${id}`);
    expect(image).toMatch(new RegExp(`^${SITE}/backend/cards/call-${id}-en-[0-9a-f]{20}\\.jpg$`));
    expect(page.body).toContain('<meta property="og:image:width" content="1200">');
    expect(page.body).toContain('<meta property="og:image:height" content="630">');
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The card takes the place of the page's own image and small preview: one of each in the head.
    expect(page.body.match(/property="og:image"/g)).toHaveLength(1);
    expect(page.body).not.toContain('content="summary"');

    const card = await send('GET', image!.slice(SITE.length));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(card.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    // The Hindi page names the Hindi card, drawn apart.
    const hindi = await cardOf(`/hi/auditions/${id}`);
    expect(hindi).toMatch(new RegExp(`/backend/cards/call-${id}-hi-[0-9a-f]{20}\\.jpg$`));
    expect((await send('GET', hindi!.slice(SITE.length))).statusCode).toBe(200);
  });

  it('an edit draws the card again under a new name, and the old one is gone; an edit that changes nothing draws none', async () => {
    const poster = await house();
    const posted = await send('POST', `${USER}/casting-calls`, poster, callInput('Monsoon Letters'));
    const call = posted.json().data as { id: number; roles: { id: number }[] };
    await cardsDrawn();
    const before = await cardOf(`/auditions/${call.id}`);
    expect(before).not.toBeNull();
    const [firstEnglish] = await app.db
      .select()
      .from(shareCards)
      .where(and(eq(shareCards.subjectId, call.id), eq(shareCards.subject, 'call'), eq(shareCards.language, 'en')));

    const input = callInput('Monsoon Letters: the second season');
    const edited = await send('PUT', `${USER}/casting-calls/${call.id}`, poster, {
      ...input,
      roles: input.roles.map((role, index) => ({ ...role, id: call.roles[index]!.id })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await cardsDrawn();
    const after = await cardOf(`/auditions/${call.id}`);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect((await send('GET', after!.slice(SITE.length))).statusCode).toBe(200);
    expect((await send('GET', before!.slice(SITE.length))).statusCode).toBe(404);
    expect(await app.storage.exists(`cards/${before!.split('/').at(-1)}`)).toBe(false);

    // The same words again: the card is not drawn again.
    const [drawn] = await app.db
      .select()
      .from(shareCards)
      .where(and(eq(shareCards.subjectId, call.id), eq(shareCards.subject, 'call'), eq(shareCards.language, 'en')));
    expect(drawn!.name).not.toBe(firstEnglish!.name);
    const again = await send('PUT', `${USER}/casting-calls/${call.id}`, poster, {
      ...input,
      roles: input.roles.map((role, index) => ({ ...role, id: call.roles[index]!.id })),
    });
    expect(again.statusCode).toBe(200);
    await cardsDrawn();
    const [kept] = await app.db
      .select()
      .from(shareCards)
      .where(and(eq(shareCards.subjectId, call.id), eq(shareCards.subject, 'call'), eq(shareCards.language, 'en')));
    expect(kept).toEqual(drawn);
  });

  it('a call whose roles are all closed is drawn again, saying so', async () => {
    const poster = await house();
    const posted = await send('POST', `${USER}/casting-calls`, poster, callInput('Backwaters'));
    const call = posted.json().data as { id: number; roles: { id: number }[] };
    await cardsDrawn();
    const before = await cardOf(`/auditions/${call.id}`);
    expect(before).not.toBeNull();

    for (const role of call.roles) {
      const closed = await app.inject({
        method: 'POST',
        url: `${USER}/casting-calls/${call.id}/roles/${role.id}/close`,
        headers: { ...poster.headers, 'idempotency-key': `close-${call.id}-${role.id}` },
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    await cardsDrawn();
    const after = await cardOf(`/auditions/${call.id}`);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it('a public profile has a card with its photo; changing its name draws it again', async () => {
    const actor = await member((handle) => personProfile(handle));
    // A real stored photo, as an upload leaves it.
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#c0392b' } })
      .webp()
      .toBuffer();
    await app.storage.put('profile/0123456789abcdef0123456789abcdef-800w.webp', photo, 'image/webp');
    await app.db
      .insert(profilePhotos)
      .values({ profileId: actor.profileId, name: '0123456789abcdef0123456789abcdef.webp', main: true });
    const renamed = await send(
      'PUT',
      `${USER}/me/profile`,
      actor,
      personProfile(actor.handle, { display_name: 'Kavya' }),
    );
    expect(renamed.statusCode).toBe(200);
    await cardsDrawn();
    const image = await cardOf(`/profiles/${actor.handle}`);
    expect(image).toMatch(/\/backend\/cards\/profile-\d+-en-[0-9a-f]{20}\.jpg$/);
    const card = await send('GET', image!.slice(SITE.length));
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The photo is on it: the card's left part is the photo's red, not the dark background.
    const part = await sharp(card.rawPayload).extract({ left: 200, top: 300, width: 40, height: 40 }).toBuffer();
    const [red, green] = (await sharp(part).stats()).channels.map((channel) => channel.mean);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(100);
  });

  it('a minor’s profile never gets a card, whatever its visibility', async () => {
    const minor = await member((handle) =>
      personProfile(handle, {
        date_of_birth: fourteenYearsAgo(),
        guardian: { name: 'Latha Menon', contact: 'latha@example.in' },
      }),
    );
    await cardsDrawn();
    expect(await cardNames('profile', minor.profileId)).toEqual([]);
    expect(await app.storage.exists(`cards/profile-${minor.profileId}-en-0.jpg`)).toBe(false);
  });

  it('a profile made hidden, or hidden by a moderator, loses its card at once and its files with the job', async () => {
    const actor = await member((handle) => personProfile(handle));
    await cardsDrawn();
    const image = await cardOf(`/profiles/${actor.handle}`);
    expect(image).not.toBeNull();
    const address = image!.slice(SITE.length);
    expect((await send('GET', address)).statusCode).toBe(200);

    const hidden = await send(
      'PUT',
      `${USER}/me/profile`,
      actor,
      personProfile(actor.handle, { visibility: 'hidden' }),
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    // Refused before the job has run: the route asks whether the profile is public on every request.
    expect((await send('GET', address)).statusCode).toBe(404);
    await cardsDrawn();
    expect(await cardNames('profile', actor.profileId)).toEqual([]);
    expect(await app.storage.exists(`cards/${address.split('/').at(-1)}`)).toBe(false);

    // Public again: a card again; then a moderator hides it.
    await send('PUT', `${USER}/me/profile`, actor, personProfile(actor.handle));
    await cardsDrawn();
    const again = await cardOf(`/profiles/${actor.handle}`);
    expect(again).not.toBeNull();
    const moderator = await createStaff(app, 'moderator');
    const decided = await send('POST', `${ADMIN}/moderation/profiles/${actor.handle}/hide`, moderator, {
      reason: 'Impersonates another actor',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await send('GET', again!.slice(SITE.length))).statusCode).toBe(404);
    await cardsDrawn();
    expect(await cardNames('profile', actor.profileId)).toEqual([]);
  });

  it('a member who deletes their account takes their profile’s and their calls’ cards with it', async () => {
    const poster = await house();
    const posted = await send('POST', `${USER}/casting-calls`, poster, callInput('Monsoon Letters'));
    const { id } = posted.json().data as { id: number };
    await cardsDrawn();
    const files = [...(await cardNames('profile', poster.profileId)), ...(await cardNames('call', id))];
    expect(files).toHaveLength(4);
    // What `DELETE /me` does once the password is checked (the test's accounts have none).
    await app.memberData.deleteAccount(poster.id);
    await cardsDrawn();
    expect(await cardNames('profile', poster.profileId)).toEqual([]);
    expect(await cardNames('call', id)).toEqual([]);
    for (const { name } of files) expect(await app.storage.exists(`cards/${name}`)).toBe(false);
  });

  it('a call waiting for a moderator has no card until it is published', async () => {
    const poster = await house();
    await app.db.update(profiles).set({ verified: false }).where(eq(profiles.id, poster.profileId));
    const posted = await send('POST', `${USER}/casting-calls`, poster, callInput('Waiting Call'));
    const { id, status } = posted.json().data as { id: number; status: string };
    expect(status).toBe('pending');
    await cardsDrawn();
    expect(await cardNames('call', id)).toEqual([]);
    const moderator = await createStaff(app, 'moderator');
    const published = await send('POST', `${ADMIN}/moderation/casting-calls/${id}/publish`, moderator, {
      reason: 'Checked',
    });
    expect(published.statusCode, published.body).toBe(200);
    await cardsDrawn();
    const names = await cardNames('call', id);
    expect(names.map((row) => row.name.split('-')[2]).sort()).toEqual(['en', 'hi']);
    // Refused names never reach the store.
    expect((await send('GET', '/backend/cards/..%2Fprofile%2Fa.webp')).statusCode).toBe(404);
    expect((await send('GET', `/backend/cards/call-${id}-en-${'0'.repeat(20)}.jpg`)).statusCode).toBe(404);
    expect(await cardNames('call', id)).toHaveLength(2);
  });
});
