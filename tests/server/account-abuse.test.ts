import { isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { passwordResetTokens } from '../../server/src/db/schema.js';
import { HASHES_IN_FLIGHT, HASHES_WAITING } from '../../server/src/lib/passwords.js';
import type { MailMessage } from '../../server/src/plugins/mailer.js';
import { FORGOT_PASSWORD_ANSWER } from '../../server/src/routes/user/accounts.js';
import { USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
const mail: MailMessage[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    seed: false,
    registerLimit: 3,
    mailTransport: async (message) => {
      mail.push(message);
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

function post(path: string, body: unknown, remoteAddress: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `${USER_API}${path}`,
    payload: body as object,
    remoteAddress,
    headers,
  });
}

/** Registers through the API from its own address, so the registration limit of these tests is not reached. */
let registered = 0;
async function register(email: string, password: string) {
  registered += 1;
  const response = await post('/register', { name: 'Test Member', email, password }, `10.9.${registered}.1`);
  expect(response.statusCode).toBe(201);
  return response.json<{ token: string }>().token;
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('login throttle under parallel guesses', () => {
  it('checks at most 10 of 100 wrong passwords sent at once, and refuses the right one after them', async () => {
    const victim = { email: 'parallel@example.in', password: 'Right-Password-77' };
    await register(victim.email, victim.password);
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post('/login', { email: victim.email, password: `wrong-guess-${index}` }, '10.1.1.1'),
      ),
    );
    const counts = statuses(guesses);
    expect(counts[401]).toBe(10);
    expect(counts[429]).toBe(90);
    const refused = guesses.find((response) => response.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(800);
    // The right password from another address: the email's count refuses it too.
    expect((await post('/login', victim, '10.1.1.2')).statusCode).toBe(429);
  });

  it('shares the counts between two servers on one database', async () => {
    const second = await buildApp({
      database: testApp.database,
      dataDir: testApp.dataDir,
      distDir: testApp.dataDir,
      logLevel: 'silent',
      readCache: false,
    });
    try {
      const victim = { email: 'two-servers@example.in', password: 'Right-Password-78' };
      await register(victim.email, victim.password);
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          (index % 2 === 0 ? testApp.app : second).inject({
            method: 'POST',
            url: `${USER_API}/login`,
            payload: { email: victim.email, password: `wrong-${index}` },
            remoteAddress: `10.1.2.${index}`,
          }),
        ),
      );
      expect(statuses(guesses)[401]).toBe(10);
    } finally {
      await second.close();
    }
  });

  it('takes a right password back from its address, so people behind one address can keep logging in', async () => {
    const email = 'office@example.in';
    await register(email, 'Office-Password-1');
    for (let login = 0; login < 15; login += 1) {
      expect((await post('/login', { email, password: 'Office-Password-1' }, '10.1.3.1')).statusCode).toBe(200);
    }
  });
});

describe('password hashing', () => {
  it(`runs ${HASHES_IN_FLIGHT} hashes at once with ${HASHES_WAITING} waiting, and answers 503 with Retry-After beyond`, async () => {
    const logins = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        post('/login', { email: `nobody-${index}@example.in`, password: 'whatever-it-is' }, `10.3.${index}.1`),
      ),
    );
    const counts = statuses(logins);
    expect(counts[401]).toBeLessThanOrEqual(HASHES_IN_FLIGHT + HASHES_WAITING);
    expect(counts[503]).toBeGreaterThanOrEqual(60 - HASHES_IN_FLIGHT - HASHES_WAITING);
    const busy = logins.find((response) => response.statusCode === 503);
    expect(busy?.headers['retry-after']).toBe('1');
    expect(busy?.json()).toEqual({ message: 'The server is busy; please try again in a moment' });
  });
});

describe('registration limit', () => {
  it('allows REGISTER_LIMIT registrations an hour from one address, answers naming an existing email included', async () => {
    const address = '10.4.0.1';
    const first = await post('/register', { name: 'One', email: 'one@example.in', password: 'Pass-Word-One' }, address);
    expect(first.statusCode).toBe(201);
    const taken = await post(
      '/register',
      { name: 'Again', email: 'one@example.in', password: 'Pass-Word-One' },
      address,
    );
    expect(taken.statusCode).toBe(409);
    const third = await post('/register', { name: 'Two', email: 'two@example.in', password: 'Pass-Word-Two' }, address);
    expect(third.statusCode).toBe(201);
    const fourth = await post(
      '/register',
      { name: 'Tri', email: 'tri@example.in', password: 'Pass-Word-Tri' },
      address,
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(
      /^Too many accounts were made from this network\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not affected.
    const elsewhere = await post(
      '/register',
      { name: 'Tri', email: 'tri@example.in', password: 'Pass-Word-Tri' },
      '10.4.0.2',
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
  });
});

describe('password reset', () => {
  const member = { email: 'forgetful@example.in', password: 'Old-Password-42' };
  let oldToken: string;
  beforeAll(async () => {
    oldToken = await register(member.email, member.password);
  });

  const linkIn = (message: MailMessage | undefined) => {
    const link = /https:\/\/cineverse\.test\/reset-password\?token=(\S+)/.exec(message?.text ?? '');
    expect(link?.[1]).toBeTruthy();
    return decodeURIComponent(link?.[1] ?? '');
  };

  it('answers the same whether or not the email has an account, and mails a link only to an account', async () => {
    mail.length = 0;
    const unknown = await post('/forgot-password', { email: 'nobody-here@example.in' }, '10.5.0.1');
    const known = await post('/forgot-password', { email: member.email.toUpperCase() }, '10.5.0.1');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(known.json()).toEqual(unknown.json());
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(member.email);
    // Only the token's hash is stored.
    const token = linkIn(mail[0]);
    const rows = await testApp.app.db.select().from(passwordResetTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('sets the new password once with the link, and ends every session', async () => {
    mail.length = 0;
    await post('/forgot-password', { email: member.email }, '10.5.0.2');
    const token = linkIn(mail[0]);
    const weak = await post('/reset-password', { token, password: 'short' }, '10.5.0.2');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');
    const reset = await post('/reset-password', { token, password: 'New-Password-43' }, '10.5.0.2');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been changed. Log in with your new password.');
    const profile = await testApp.app.inject({
      method: 'GET',
      url: `${USER_API}/profile`,
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(profile.statusCode).toBe(401);
    const again = await post('/reset-password', { token, password: 'Another-Password-44' }, '10.5.0.2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This reset link has expired or was already used; ask for a new one',
      field: 'token',
    });
    expect((await post('/login', member, '10.5.0.3')).statusCode).toBe(401);
    expect((await post('/login', { ...member, password: 'New-Password-43' }, '10.5.0.3')).statusCode).toBe(200);
  });

  it('refuses a link older than 30 minutes', async () => {
    mail.length = 0;
    await post('/forgot-password', { email: member.email }, '10.5.0.4');
    const token = linkIn(mail[0]);
    await testApp.app.db
      .update(passwordResetTokens)
      .set({ createdAt: sql`now() - interval '31 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(isNull(passwordResetTokens.usedAt));
    const expired = await post('/reset-password', { token, password: 'Newer-Password-45' }, '10.5.0.4');
    expect(expired.statusCode).toBe(400);
  });

  it('limits reset links per email and per address', async () => {
    const email = 'limited@example.in';
    for (let asked = 0; asked < 3; asked += 1) {
      expect((await post('/forgot-password', { email }, `10.6.${asked}.1`)).statusCode).toBe(200);
    }
    const fourth = await post('/forgot-password', { email }, '10.6.9.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    for (let asked = 0; asked < 10; asked += 1) {
      expect((await post('/forgot-password', { email: `other-${asked}@example.in` }, '10.7.0.1')).statusCode).toBe(200);
    }
    expect((await post('/forgot-password', { email: 'other-x@example.in' }, '10.7.0.1')).statusCode).toBe(429);
  });
});
