import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox, pushSubscriptions, users } from '../../server/src/db/schema.js';
import { hashPassword } from '../../server/src/lib/passwords.js';
import { confirmGuardian } from './guardian-helpers.js';
import { USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const CONTACT = '/backend/api/api/v1/contact';
const PROFILES = '/backend/api/api/v1/profiles';
const PASSWORD = 'kesari-chai-at-dawn';

let testApp: TestApp;
let app: FastifyInstance;
let passwordHash: string;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => testApp.close());

type Member = Shopper & { email: string };

/** An account with a password that works (the export and deletion ask for it again). */
async function account(name: string, email = `${randomUUID()}@example.in`): Promise<Member> {
  const user = await app.accountRepository.createUser({ name, email, phone: null, passwordHash });
  if (!user) throw new Error(`${email} is taken`);
  // Its owner opened the confirmation link: the member may write.
  await app.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
  const token = await app.accountRepository.issueToken(user.id);
  return { id: user.id, token, email: user.email!, headers: { authorization: `Bearer ${token}` } };
}

const contact = (email: string, message: string, who?: Shopper) =>
  app.inject({
    method: 'POST',
    url: CONTACT,
    headers: who?.headers ?? {},
    payload: { name: 'Farah Siddiqui', email, message },
  });

async function exportOf(who: Shopper) {
  const response = await app.inject({
    url: `${USER_API}/me/export`,
    headers: { ...who.headers, 'x-password': PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown> & {
    contact_messages: { message: string; email: string }[];
    conversations: { with_name: string; display_name: string; messages: { from_me: boolean; body: string }[] }[];
  };
}

const deleteAccount = (who: Shopper) =>
  app.inject({ method: 'DELETE', url: `${USER_API}/me`, headers: who.headers, payload: { password: PASSWORD } });

function person(handle: string, change: Record<string, unknown> = {}) {
  return {
    kind: 'person',
    handle,
    display_name: 'Ananya Kulkarni',
    category: 'Artist',
    crafts: ['actor'],
    city: 'Pune',
    languages: [{ language: 'Marathi', level: 'native' }],
    playing_age_min: 24,
    playing_age_max: 32,
    gender: 'female',
    date_of_birth: '1997-03-14',
    ...change,
  };
}
const putProfile = (who: Shopper, body: object) =>
  app.inject({ method: 'PUT', url: `${USER_API}/me/profile`, headers: who.headers, payload: body });
const write = (who: Shopper, handle: string, message: string) =>
  app.inject({ method: 'POST', url: `${PROFILES}/${handle}/contact`, headers: who.headers, payload: { message } });

/** The claim link's token from the last mail to `to`. */
async function claimToken(to: string) {
  const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const link = /https?:\/\/\S+\/contact-claim\?token=(\S+)/.exec(mails.at(-1)?.text ?? '');
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}
const claim = (token: unknown) =>
  app.inject({ method: 'POST', url: `${USER_API}/contact-claims`, payload: token === undefined ? {} : { token } });

describe('contact messages in the data export', () => {
  it('an account registered with someone else’s address exports none of their messages, and deleting it keeps them for the team', async () => {
    const victim = `victim-${randomUUID()}@example.in`;
    expect((await contact(victim, 'My shoot payment is late, here are my bank details.')).statusCode).toBe(201);
    const impostor = await account('Not Farah', victim);
    expect((await exportOf(impostor)).contact_messages).toEqual([]);

    expect((await deleteAccount(impostor)).statusCode).toBe(200);
    const kept = await app.db.select().from(contactMessages).where(eq(contactMessages.email, victim));
    expect(kept.map((row) => row.message)).toEqual(['My shoot payment is late, here are my bank details.']);
  });

  it('holds the browsers the member lets us alert by push, and deleting the account stops them', async () => {
    const member = await account('Zoya Mirza');
    const other = await account('Irfan Shaikh');
    const endpoint = `https://push.example.in/send/${randomUUID()}`;
    await app.db.insert(pushSubscriptions).values([
      { userId: member.id, endpoint, p256dh: 'BPublicKeyOfTheBrowser', auth: 'secret-of-the-browser' },
      { userId: other.id, endpoint: `https://push.example.in/send/${randomUUID()}`, p256dh: 'B', auth: 'a' },
    ]);
    const exported = (await exportOf(member)) as unknown as {
      push_subscriptions: { endpoint: string; created_at: string }[];
    };
    expect(exported.push_subscriptions).toEqual([{ id: expect.any(Number), endpoint, created_at: expect.any(String) }]);
    // The browser's secret for reading alerts is not the member's data to carry around in a file.
    expect(JSON.stringify(exported)).not.toContain('secret-of-the-browser');

    expect((await deleteAccount(member)).statusCode).toBe(200);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).toEqual([]);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, other.id))).toHaveLength(1);
  });

  it('a message sent while signed in belongs to that account, whatever email the form holds', async () => {
    const member = await account('Farah Siddiqui');
    const other = `office-${randomUUID()}@example.in`;
    expect((await contact(other, 'Please change the address on order 12.', member)).statusCode).toBe(201);
    const mine = await exportOf(member);
    expect(mine.contact_messages).toEqual([
      expect.objectContaining({ email: other, message: 'Please change the address on order 12.' }),
    ]);
    expect(JSON.stringify(mine)).not.toContain('idempotency');
    // The owner of that other address sees none of it, even after claiming by a link to it.
    const owner = await account('Office', other);
    expect(
      (await app.inject({ method: 'POST', url: `${USER_API}/me/contact-messages/claim`, headers: owner.headers }))
        .statusCode,
    ).toBe(202);
    expect((await claim(await claimToken(other))).json()).toMatchObject({ claimed: 0 });
    expect((await exportOf(owner)).contact_messages).toEqual([]);
  });

  it('a member claims what they sent signed out by a link mailed to their address, once', async () => {
    const email = `farah-${randomUUID()}@example.in`;
    await contact(email.toUpperCase(), 'Is the Kathak workshop open to beginners?');
    await contact(email, 'And is there a fee for the workshop?');
    const member = await account('Farah Siddiqui', email);
    expect((await exportOf(member)).contact_messages).toEqual([]);

    expect((await app.inject({ method: 'POST', url: `${USER_API}/me/contact-messages/claim` })).statusCode).toBe(401);
    const asked = await app.inject({
      method: 'POST',
      url: `${USER_API}/me/contact-messages/claim`,
      headers: member.headers,
    });
    expect(asked.statusCode).toBe(202);
    const token = await claimToken(email);

    expect((await claim(undefined)).json()).toMatchObject({ field: 'token' });
    expect((await claim('x'.repeat(201))).json()).toMatchObject({ field: 'token' });
    const wrong = await claim('not-a-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'token' });

    const claimed = await claim(token);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ claimed: 2 });
    expect((await exportOf(member)).contact_messages.map((row) => row.message).sort()).toEqual([
      'And is there a fee for the workshop?',
      'Is the Kathak workshop open to beginners?',
    ]);
    expect((await claim(token)).statusCode).toBe(400);
  });

  it('a claim link stops working when the account’s address changed', async () => {
    const email = `moved-${randomUUID()}@example.in`;
    await contact(email, 'Where is my order of the Kesari T-shirt?');
    const member = await account('Moving Member', email);
    await app.inject({ method: 'POST', url: `${USER_API}/me/contact-messages/claim`, headers: member.headers });
    const token = await claimToken(email);
    // The address now belongs to someone else's inbox as far as this account knows: the link proves nothing.
    await deleteAccount(member);
    expect((await claim(token)).statusCode).toBe(400);
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row?.userId).toBeNull();
  });

  it('asking for claim links is limited per account (429 with Retry-After)', async () => {
    const member = await account('Eager Asker');
    const ask = () =>
      app.inject({ method: 'POST', url: `${USER_API}/me/contact-messages/claim`, headers: member.headers });
    for (let i = 0; i < 3; i += 1) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the rest of the data export, and what deletion leaves', () => {
  it('holds the member’s conversations, sent and received, with the other side by name and never their email', async () => {
    const director = await account('Sana Iyer');
    expect((await putProfile(director, person('sana-export', { display_name: 'Sana Iyer' }))).statusCode).toBe(200);
    const producer = await account('Vikram Rao');
    expect(
      (await write(producer, 'sana-export', 'We are casting a Tamil web series in Chennai; are you free?')).statusCode,
    ).toBe(201);
    const [conversation] = (await app.inject({ url: `${USER_API}/me/conversations`, headers: director.headers })).json()
      .data;
    const answered = await app.inject({
      method: 'POST',
      url: `${USER_API}/me/conversations/${conversation.id}/messages`,
      headers: director.headers,
      payload: { message: 'Yes, from March.' },
    });
    expect(answered.statusCode).toBeLessThan(300);

    const sent = await exportOf(producer);
    expect(sent.conversations).toEqual([
      expect.objectContaining({
        with_name: 'Sana Iyer',
        messages: [
          expect.objectContaining({
            from_me: true,
            body: 'We are casting a Tamil web series in Chennai; are you free?',
          }),
          expect.objectContaining({ from_me: false, body: 'Yes, from March.' }),
        ],
      }),
    ]);
    expect(JSON.stringify(sent)).not.toContain(director.email);
    const received = await exportOf(director);
    expect(received.conversations).toEqual([
      expect.objectContaining({ with_name: 'Vikram Rao', messages: expect.any(Array) }),
    ]);
    expect(received.conversations[0]!.messages).toHaveLength(2);
    expect(JSON.stringify(received)).not.toContain(producer.email);
    for (const key of [
      'addresses',
      'orders',
      'casting_applications',
      'casting_calls_posted',
      'notifications',
      'consent_records',
    ]) {
      expect(received).toHaveProperty(key);
    }
    expect((received.notifications as unknown[]).length).toBeGreaterThan(0);
  });

  it('holds a guardian’s consent for a member under 18, from when the guardian confirmed', async () => {
    const young = await account('Young Dancer');
    const guardianEmail = `meena-${randomUUID().slice(0, 8)}@example.in`;
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 15);
    const saved = await putProfile(
      young,
      person(`young-${randomUUID().slice(0, 8)}`, {
        date_of_birth: birth.toISOString().slice(0, 10),
        guardian: { name: 'Meena Joshi', contact: guardianEmail },
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await exportOf(young)).consent_records).toEqual([
      expect.objectContaining({ kind: 'guardian', guardian_name: 'Meena Joshi', consent_at: null }),
    ]);
    await confirmGuardian(app, guardianEmail);
    expect((await exportOf(young)).consent_records).toEqual([
      expect.objectContaining({
        kind: 'guardian',
        guardian_name: 'Meena Joshi',
        guardian_email: guardianEmail,
        consent_at: expect.any(String),
      }),
    ]);
  });

  it('deleting an account leaves the conversations others began with its profile to them', async () => {
    const leaving = await account('Leaving Member');
    await putProfile(leaving, person('leaving-member', { display_name: 'Ira Nair' }));
    const writer = await account('Kabir Writer');
    await write(writer, 'leaving-member', 'I loved your work in Monsoon Letters; can we talk?');
    expect((await deleteAccount(leaving)).statusCode).toBe(200);

    const inbox = (await app.inject({ url: `${USER_API}/me/conversations`, headers: writer.headers })).json().data;
    expect(inbox).toEqual([
      expect.objectContaining({
        handle: '',
        display_name: 'Deleted member',
        messages: [
          expect.objectContaining({ from_me: true, body: 'I loved your work in Monsoon Letters; can we talk?' }),
        ],
      }),
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: `${USER_API}/me/conversations/${inbox[0].id}/messages`,
      headers: writer.headers,
      payload: { message: 'Hello?' },
    });
    expect(answer.statusCode).toBe(409);
    expect((await exportOf(writer)).conversations).toHaveLength(1);
  });
});
