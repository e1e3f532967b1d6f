import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_RESEND_LIMIT, EMAIL_NOT_CONFIRMED } from '../../src/contract/user.js';
import { demoShopper } from '../../server/seed/shop-content.js';
import { projectRoot } from '../../server/src/config.js';
import { contactMessages, mailOutbox, users } from '../../server/src/db/schema.js';
import {
  CONFIRMATION_SUBJECT,
  confirmationTokenFor,
  confirmEmail,
  createShopper,
  productNamed,
  type Shopper,
  USER_API,
  validAddress,
} from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const PROFILES = '/backend/api/api/v1/profiles';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: path, payload: body, headers });

async function register(email: string) {
  const registered = await post(`${USER_API}/register`, { name: 'Neha Joshi', email, password: 'Dolly-Zoom-1958' });
  expect(registered.statusCode).toBe(201);
  const { token, user } = registered.json() as { token: string; user: { id: number; email_confirmed: boolean } };
  return { user, headers: { authorization: `Bearer ${token}` } };
}

/** A confirmed member with a public profile others may write to. */
async function memberWithProfile(handle: string): Promise<Shopper> {
  const member = await createShopper(testApp.app, 'Profile Owner');
  const saved = await testApp.app.inject({
    method: 'PUT',
    url: `${USER_API}/me/profile`,
    headers: member.headers,
    payload: {
      kind: 'person',
      handle,
      display_name: 'Meera Pillai',
      category: 'Artist',
      crafts: ['actor'],
      city: 'Kochi',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return member;
}

describe('confirming an account’s email', () => {
  it('a new account is mailed a link; until it is opened it may shop but not write, apply or post calls', async () => {
    const { app } = testApp;
    await memberWithProfile('meera-writes');
    const { user, headers } = await register('Neha.Joshi@Example.in');
    expect(user.email_confirmed).toBe(false);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'neha.joshi@example.in'), eq(mailOutbox.subject, CONFIRMATION_SUBJECT)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/https:\/\/cineverse\.test\/confirm-email\?token=\S+/);

    // Browsing, a cart and an order paid on delivery need no confirmed email.
    const product = await productNamed(app, 'Golden Era Bollywood Poster Set');
    const added = await post(`${USER_API}/addToCart`, { product_id: product.id, quantity: 1 }, headers);
    expect(added.statusCode).toBe(200);
    const ordered = await post(`${USER_API}/completeOrder`, { address: validAddress, payment_method: 'cod' }, headers);
    expect(ordered.statusCode, ordered.body).toBe(201);

    // Writing to a member, posting a call and applying are refused with a reason the client can act on.
    const refused = [
      await post(`${PROFILES}/meera-writes/contact`, { message: 'Are you free for a shoot in March?' }, headers),
      await post(`${USER_API}/me/conversations/1/messages`, { message: 'Hello again' }, headers),
      await post(`${USER_API}/casting-calls`, {}, headers),
      await post(`${USER_API}/casting-calls/1/roles/1/applications`, {}, headers),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Confirm your email first: open the link we sent to neha.joshi@example.in, or ask for a new one.',
        code: EMAIL_NOT_CONFIRMED,
        params: { email: 'neha.joshi@example.in' },
      });
    }

    // Opening the link confirms the account: the same session may now write.
    await confirmEmail(app, user.id);
    const profile = await app.inject({ url: `${USER_API}/profile`, headers });
    expect(profile.json().data.email_confirmed).toBe(true);
    const sent = await post(
      `${PROFILES}/meera-writes/contact`,
      { message: 'Are you free for a shoot in March?' },
      headers,
    );
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('a link works for the address it was sent to only, and not twice', async () => {
    const { app } = testApp;
    const { user } = await register('tanvi.rao@example.in');
    const token = await confirmationTokenFor(app, 'tanvi.rao@example.in');
    // The account's address changes before the link is opened: the link confirms nothing.
    await app.db.update(users).set({ email: 'tanvi.new@example.in' }).where(eq(users.id, user.id));
    const stale = await post(`${USER_API}/confirm-email`, { token });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ field: 'token' });
    await app.db.update(users).set({ email: 'tanvi.rao@example.in' }).where(eq(users.id, user.id));
    expect((await post(`${USER_API}/confirm-email`, { token })).statusCode).toBe(200);
    expect((await post(`${USER_API}/confirm-email`, { token })).statusCode).toBe(400);
    expect((await post(`${USER_API}/confirm-email`, { token: 'made-up' })).json()).toMatchObject({ field: 'token' });
  });

  it(`the link is sent again at most ${CONFIRMATION_RESEND_LIMIT} times an hour per account (429 with Retry-After)`, async () => {
    const { app } = testApp;
    const { headers } = await register('arjun.resend@example.in');
    for (let index = 0; index < 3; index += 1) {
      const resent = await post(`${USER_API}/resend-confirmation`, {}, headers);
      expect(resent.statusCode).toBe(200);
    }
    const fourth = await post(`${USER_API}/resend-confirmation`, {}, headers);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    const links = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'arjun.resend@example.in'), eq(mailOutbox.subject, CONFIRMATION_SUBJECT)));
    expect(links).toHaveLength(1 + 3);
    expect((await post(`${USER_API}/resend-confirmation`, {})).statusCode).toBe(401);
  });

  it('the demo accounts count as confirmed', async () => {
    const login = await post(`${USER_API}/login`, { email: demoShopper.email, password: demoShopper.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.email_confirmed).toBe(true);
  });

  it('an account is given nothing sent to the team from its address, confirmed or not: only a claim attaches it', async () => {
    const { app } = testApp;
    await app.db.insert(contactMessages).values({
      name: 'Priya Owner',
      email: 'priya.owner@example.in',
      message: 'My order arrived damaged; please call me on my number.',
      ipAddress: '10.0.0.9',
    });
    const { user, headers } = await register('priya.owner@example.in');
    const exported = async () =>
      (
        await app.inject({ url: `${USER_API}/me/export`, headers: { ...headers, 'x-password': 'Dolly-Zoom-1958' } })
      ).json() as { contact_messages: object[] };
    expect((await exported()).contact_messages).toEqual([]);
    await confirmEmail(app, user.id);
    expect((await exported()).contact_messages).toEqual([]);
  });

  it('accounts made before emails were confirmed count as confirmed once the migration runs', async () => {
    // The migrations up to the one before confirmation, then an account, then the rest.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'cineverse-migrations-'));
    const all = path.join(projectRoot, 'server/drizzle');
    const journal = JSON.parse(await readFile(path.join(all, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const before = journal.entries.slice(
      0,
      journal.entries.findIndex((entry) => entry.tag.endsWith('_email_confirmation')),
    );
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
    for (const entry of before) await cp(path.join(all, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: folder });
      await client.query(
        `insert into users (name, email, password_hash) values ('Old Member', 'old.member@example.in', 'x')`,
      );
      await migrate(db, { migrationsFolder: all });
      const { rows } = await client.query<{ confirmed: boolean }>(
        `select email_confirmed_at is not null as confirmed from users where email = 'old.member@example.in'`,
      );
      expect(rows).toEqual([{ confirmed: true }]);
    } finally {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
