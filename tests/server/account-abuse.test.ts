import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { knownDevices, passwordResetTokens, signInLinks, users } from '../../server/src/db/schema.js';
import { hashToken } from '../../server/src/lib/tokens.js';
import { MAX_DEVICES } from '../../server/src/plugins/account-repository.js';
import { HASHES_IN_FLIGHT, HASHES_WAITING } from '../../server/src/lib/passwords.js';
import type { MailMessage } from '../../server/src/plugins/mailer.js';
import { FORGOT_PASSWORD_ANSWER, SIGN_IN_LINK_ANSWER } from '../../server/src/routes/user/accounts.js';
import { USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
const mail: MailMessage[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    seed: false,
    registerLimit: 3,
    mailTransport: async (message) => {
      // The links that confirm new accounts go out whenever the mail sender runs; these tests read the others.
      if (message.kind !== 'email-confirmation') mail.push(message);
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
    // The right password from that address is refused too; from another it is answered with a mailed link.
    expect((await post('/login', victim, '10.1.1.1')).statusCode).toBe(429);
    expect((await post('/login', victim, '10.1.1.2')).statusCode).toBe(202);
  });

  it('counts an IPv6 connection by its /64: a fresh address in it guesses no further', async () => {
    const victim = { email: 'ipv6-guess@example.in', password: 'Right-Password-77' };
    await register(victim.email, victim.password);
    for (let index = 1; index <= 10; index += 1) {
      const guess = await post(
        '/login',
        { email: victim.email, password: `wrong-${index}` },
        `2001:db8:77:1::${index}`,
      );
      expect(guess.statusCode).toBe(401);
    }
    expect((await post('/login', victim, '2001:db8:77:1:ffff::abcd')).statusCode).toBe(429);
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
            remoteAddress: '10.1.2.1',
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

describe('shared addresses and account lockout', () => {
  /** `count` wrong passwords for `email`, all sent at once, each from the address `addressOf` gives it. */
  const guess = (email: string, count: number, addressOf: (index: number) => string) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        post('/login', { email, password: `not-the-password-${index}` }, addressOf(index)),
      ),
    );
  const profileWith = (token: string) =>
    testApp.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: { authorization: `Bearer ${token}` } });
  const linkIn = (message: MailMessage | undefined) => {
    const link = /https:\/\/cineverse\.test\/login\?link=(\S+)/.exec(message?.text ?? '');
    expect(link?.[1]).toBeTruthy();
    return decodeURIComponent(link?.[1] ?? '');
  };

  it('failures against one account from an address never stop another account logging in from it', async () => {
    const office = '10.20.0.1';
    const colleague = { email: 'colleague@example.in', password: 'Colleague-Pass-1' };
    await register('target-a@example.in', 'Target-Pass-A1');
    await register(colleague.email, colleague.password);
    expect(statuses(await guess('target-a@example.in', 12, () => office))).toEqual({ 401: 10, 429: 2 });
    // Others behind the office's address, and guesses at other accounts from it, go on as before.
    const signedIn = await post('/login', colleague, office);
    expect(signedIn.statusCode).toBe(200);
    expect((await profileWith(signedIn.json<{ token: string }>().token)).statusCode).toBe(200);
    expect((await post('/login', { ...colleague, password: 'typo' }, office)).statusCode).toBe(401);
  });

  it('failures from many addresses, the owner’s own among them, never lock the owner out of a device it signed in from', async () => {
    const owner = { email: 'owner-device@example.in', password: 'Owner-Device-P1' };
    await register(owner.email, owner.password);
    const home = '10.21.0.1';
    const first = await post('/login', owner, home);
    expect(first.statusCode).toBe(200);
    const deviceToken = first.json<{ device_token: string }>().device_token;
    expect(deviceToken).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is stored.
    const devices = await testApp.app.db.select().from(knownDevices);
    expect(devices.some((device) => device.tokenHash === deviceToken)).toBe(false);

    // 30 at once: the most the password hashing queue takes (HASHES_IN_FLIGHT + HASHES_WAITING).
    expect(statuses(await guess(owner.email, 30, (index) => `10.22.${index}.1`))).toEqual({ 401: 30 });
    // The owner's address shares a carrier's address with the attacker: it is locked for the account...
    expect(statuses(await guess(owner.email, 11, () => home))).toEqual({ 401: 10, 429: 1 });
    expect((await post('/login', owner, home)).statusCode).toBe(429);
    // ...but not for the owner's device, from home or anywhere.
    for (const address of [home, '10.23.0.1']) {
      const again = await post('/login', { ...owner, device_token: deviceToken }, address);
      expect(again.statusCode).toBe(200);
      expect(again.json<{ device_token: string }>().device_token).toBe(deviceToken);
      expect((await profileWith(again.json<{ token: string }>().token)).statusCode).toBe(200);
    }
    // Another account's device token is no pass for this one.
    const other = { email: 'other-device@example.in', password: 'Other-Device-P1' };
    await register(other.email, other.password);
    const othersDevice = (await post('/login', other, '10.24.0.1')).json<{ device_token: string }>().device_token;
    expect((await post('/login', { ...owner, device_token: othersDevice }, home)).statusCode).toBe(429);
  });

  it('a right password from a new device while the account is guessed at mails a link that signs in once', async () => {
    const owner = { email: 'owner-link@example.in', password: 'Owner-Link-Pass1' };
    await register(owner.email, owner.password);
    await guess(owner.email, 11, (index) => `10.25.${index}.1`);
    mail.length = 0;
    // A wrong password from the new device is told so, and mails nothing.
    expect((await post('/login', { ...owner, password: 'almost-right' }, '10.26.0.1')).statusCode).toBe(401);
    expect(mail).toHaveLength(0);
    const answer = await post('/login', owner, '10.26.0.1');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: SIGN_IN_LINK_ANSWER });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(owner.email);
    expect(mail[0]?.text).toContain('10.26.0.1');
    const token = linkIn(mail[0]);
    const rows = await testApp.app.db.select().from(signInLinks);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);

    // Used twice at once, the link signs in once.
    const uses = await Promise.all([1, 2].map(() => post('/sign-in-link', { token }, '10.26.0.1')));
    expect(statuses(uses)).toEqual({ 200: 1, 400: 1 });
    const used = uses.find((use) => use.statusCode === 200)!;
    const {
      token: session,
      device_token: deviceToken,
      user,
    } = used.json<{
      token: string;
      device_token: string;
      user: { email: string };
    }>();
    expect(user.email).toBe(owner.email);
    expect((await profileWith(session)).statusCode).toBe(200);
    expect(uses.find((use) => use.statusCode === 400)?.json()).toEqual({
      message: 'This sign-in link has expired or was already used; log in again to get a new one',
      field: 'token',
      code: 'sign_in_link_expired',
    });
    expect((await post('/sign-in-link', { token }, '10.26.0.1')).statusCode).toBe(400);
    // The link made the device known: its next login goes straight in.
    expect((await post('/login', { ...owner, device_token: deviceToken }, '10.26.0.1')).statusCode).toBe(200);
  });

  it('refuses a sign-in link older than 15 minutes, and mails at most 3 links an hour', async () => {
    const owner = { email: 'owner-late@example.in', password: 'Owner-Late-Pass1' };
    await register(owner.email, owner.password);
    await guess(owner.email, 11, (index) => `10.27.${index}.1`);
    mail.length = 0;
    expect((await post('/login', owner, '10.28.0.1')).statusCode).toBe(202);
    const token = linkIn(mail[0]);
    await testApp.app.db
      .update(signInLinks)
      .set({ createdAt: sql`now() - interval '16 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(isNull(signInLinks.usedAt));
    expect((await post('/sign-in-link', { token }, '10.28.0.1')).statusCode).toBe(400);
    expect((await post('/login', owner, '10.28.0.2')).statusCode).toBe(202);
    expect((await post('/login', owner, '10.28.0.3')).statusCode).toBe(202);
    const fourth = await post('/login', owner, '10.28.0.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(mail).toHaveLength(3);
    expect((await post('/sign-in-link', { token: '' }, '10.28.0.1')).json()).toMatchObject({ field: 'token' });
  });

  it('checks at most 10 passwords per account and address from 30 sent at once, from an address or a device', async () => {
    const owner = { email: 'owner-parallel@example.in', password: 'Owner-Parallel-1' };
    await register(owner.email, owner.password);
    const deviceToken = (await post('/login', owner, '10.29.0.1')).json<{ device_token: string }>().device_token;
    expect(statuses(await guess(owner.email, 30, () => '10.29.0.2'))).toEqual({ 401: 10, 429: 20 });
    // A stolen device token gives no more guesses than an address.
    const withDevice = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post('/login', { email: owner.email, password: `guess-${index}`, device_token: deviceToken }, '10.29.0.3'),
      ),
    );
    expect(statuses(withDevice)).toEqual({ 401: 10, 429: 20 });
    expect((await post('/login', { ...owner, device_token: deviceToken }, '10.29.0.4')).statusCode).toBe(429);
  });

  it(`keeps an account's ${MAX_DEVICES} most recently used devices`, async () => {
    const owner = { email: 'owner-many@example.in', password: 'Owner-Many-Pass1' };
    await register(owner.email, owner.password);
    const first = (await post('/login', owner, '10.31.0.1')).json<{ device_token: string }>().device_token;
    for (let login = 0; login < MAX_DEVICES + 2; login += 1) {
      // The first device keeps signing in; scripts that never send their token back add one each time.
      expect((await post('/login', { ...owner, device_token: first }, '10.31.0.1')).statusCode).toBe(200);
      expect((await post('/login', owner, '10.31.0.2')).statusCode).toBe(200);
    }
    const [account] = await testApp.app.db.select().from(users).where(eq(users.email, owner.email));
    const devices = await testApp.app.db.select().from(knownDevices).where(eq(knownDevices.userId, account!.id));
    expect(devices).toHaveLength(MAX_DEVICES);
    expect(devices.some((device) => device.tokenHash === hashToken(first))).toBe(true);
  });

  it('wrong current passwords in one session never refuse the password change in another', async () => {
    const owner = { email: 'owner-change@example.in', password: 'Owner-Change-P1' };
    const left = await register(owner.email, owner.password);
    const mine = (await post('/login', owner, '10.30.0.2')).json<{ token: string }>().token;
    const change = (token: string, current: string) =>
      post('/change-password', { current_password: current, new_password: 'Owner-Change-P2' }, '10.30.0.1', {
        authorization: `Bearer ${token}`,
      });
    for (let wrong = 0; wrong < 10; wrong += 1) {
      expect((await change(left, `wrong-${wrong}`)).statusCode).toBe(400);
    }
    expect((await change(left, owner.password)).statusCode).toBe(429);
    expect((await change(mine, owner.password)).statusCode).toBe(200);
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
      code: 'reset_link_expired',
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
