import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptCounters,
  mailOutbox,
  notifications,
  passwordResetTokens,
  phoneCodes,
  profilePhotos,
  profiles,
  users,
} from '../../server/src/db/schema.js';
import { msg91Provider } from '../../server/src/lib/sms/msg91.js';
import { signInCodeTemplate } from '../../server/src/lib/sms/sign-in-code-sms.js';
import { tell } from '../../server/src/lib/tell.js';
import { codeOf, type Msg91StandIn, startMsg91StandIn } from '../support/msg91-stand-in.js';
import { confirmGuardian, mailedGuardianToken } from './guardian-helpers.js';
import { createShopper, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const AUTH_KEY = 'test-auth-key';
const TEMPLATE_ID = '6650a1b2c3d4e5f6a7b8c9d0';
const HOST = 'cineverse.test';

let standIn: Msg91StandIn;
let testApp: TestApp;
let app: FastifyInstance;
let numbers = 0;
let addresses = 0;

beforeAll(async () => {
  standIn = await startMsg91StandIn({ authKey: AUTH_KEY, templates: { [TEMPLATE_ID]: signInCodeTemplate(HOST) } });
  testApp = await createTestApp({
    seed: false,
    smsProvider: msg91Provider({
      baseUrl: standIn.url,
      authKey: AUTH_KEY,
      templateId: TEMPLATE_ID,
      senderId: 'CINEVR',
    }),
  });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await standIn.close();
});

/** A number no other test uses (10 digits, starting 9). */
function newNumber(): string {
  numbers += 1;
  return `98${String(numbers).padStart(8, '0')}`;
}
/** A client address no other test uses, so that the limits per address never meet. */
function newAddress(): string {
  addresses += 1;
  return `10.54.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function post(path: string, body: unknown, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `${USER_API}${path}`, payload: body as object, remoteAddress, headers });
}

const askCode = (phone: string, purpose: 'register' | 'login', address = '10.0.0.1') =>
  post('/phone/code', { phone, purpose }, address);

/** The code in the latest SMS to `phone`. */
function latestCode(phone: string): string {
  const sms = standIn.received.findLast((item) => item.to === `91${phone}`);
  if (!sms) throw new Error(`No SMS to ${phone}`);
  return codeOf(sms);
}
const smsCountTo = (phone: string) => standIn.received.filter((item) => item.to === `91${phone}`).length;

/** The 30 s between codes to `phone` have passed: the wait's counter started 31 s ago. */
async function waitedForResend(phone: string) {
  await app.db
    .update(attemptCounters)
    .set({ windowStartedAt: sql`${attemptCounters.windowStartedAt} - interval '31 seconds'` })
    .where(like(attemptCounters.key, `sms-wait:%:${phone}`));
}

/** The codes of `phone` were sent `seconds` earlier than they were. */
async function sentEarlier(phone: string, seconds: number) {
  await app.db
    .update(phoneCodes)
    .set({
      createdAt: sql`${phoneCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${phoneCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(phoneCodes.phone, phone));
}

/** A member registered by phone, signed in. */
async function registerByPhone(name = 'Pooja Yadav'): Promise<Shopper & { phone: string; deviceToken: string }> {
  const phone = newNumber();
  const address = newAddress();
  expect((await askCode(phone, 'register', address)).statusCode).toBe(202);
  const made = await post('/phone/register', { name, phone, code: latestCode(phone) }, address);
  expect(made.statusCode, made.body).toBe(201);
  const {
    token,
    user,
    device_token: deviceToken,
  } = made.json() as {
    token: string;
    user: { id: number };
    device_token: string;
  };
  // Ready for the next code at once.
  await waitedForResend(phone);
  return { id: user.id, token, headers: { authorization: `Bearer ${token}` }, phone, deviceToken };
}

describe('the sign-in code', () => {
  it('is 6 digits sent by SMS through MSG91, its last line the WebOTP line, to the number in one normal form', async () => {
    const phone = newNumber();
    const typed = `+91 ${phone.slice(0, 5)}-${phone.slice(5)}`;
    const asked = await askCode(typed, 'register', newAddress());
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ phone, expires_in_seconds: 300, resend_in_seconds: 30 });
    const sms = standIn.received.at(-1)!;
    expect(sms).toMatchObject({ to: `91${phone}`, sender: 'CINEVR', templateId: TEMPLATE_ID });
    expect(sms.text.split('\n').at(-1)).toMatch(new RegExp(`^@${HOST} #\\d{6}$`));
    expect(latestCode(phone)).toMatch(/^\d{6}$/);
    // Only a salted hash is kept.
    const [row] = await app.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(JSON.stringify(row)).not.toContain(latestCode(phone));
    // Typed as 0 and 10 digits, it is the same number (the 30 s wait is the number's).
    expect((await askCode(`0${phone}`, 'register', newAddress())).statusCode).toBe(429);
  });

  it('works for 5 minutes: a code sent 5 minutes ago is refused as expired', async () => {
    const phone = newNumber();
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
    const code = latestCode(phone);
    await sentEarlier(phone, 4 * 60 + 30);
    const wrong = await post('/phone/register', {
      name: 'Ravi Kumar',
      phone,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ field: 'code', code: 'code_wrong' });
    await sentEarlier(phone, 30);
    const late = await post('/phone/register', { name: 'Ravi Kumar', phone, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ field: 'code', code: 'code_expired' });
    expect(late.json().message).toMatch(/expired/);
  });

  it('takes 3 tries: each wrong one says the tries left, and after the third even the right code is refused', async () => {
    const phone = newNumber();
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
    const code = latestCode(phone);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let index = 0; index < 3; index += 1) {
      answers.push(await post('/phone/register', { name: 'Ravi Kumar', phone, code: wrongCode }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    expect(answers[0]!.json()).toMatchObject({ field: 'code', code: 'code_wrong' });
    expect(answers[0]!.json().message).toMatch(/2 tries left/);
    expect(answers[1]!.json().message).toMatch(/1 try left/);
    expect(answers[2]!.json()).toMatchObject({ field: 'code', code: 'code_tries_used' });
    const right = await post('/phone/register', { name: 'Ravi Kumar', phone, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ field: 'code', code: 'code_tries_used' });
  });

  it('takes 3 tries even when guesses come at once', async () => {
    const phone = newNumber();
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
    const code = latestCode(phone);
    const guesses = Array.from({ length: 12 }, (_, index) =>
      String((Number(code) + index + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) => post('/phone/register', { name: 'Ravi Kumar', phone, code: guess })),
    );
    expect(
      answers.filter((answer) => answer.json().code === 'code_wrong' || answer.json().message.includes('last of')),
    ).toHaveLength(3);
    const [row] = await app.db.select({ tries: phoneCodes.tries }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.tries).toBe(3);
  });

  it('may be asked for again 30 s after the last, not before (429 with Retry-After)', async () => {
    const phone = newNumber();
    const address = newAddress();
    expect((await askCode(phone, 'register', address)).statusCode).toBe(202);
    const again = await askCode(phone, 'register', address);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ field: 'phone', code: 'code_too_soon' });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(smsCountTo(phone)).toBe(1);
    await waitedForResend(phone);
    expect((await askCode(phone, 'register', address)).statusCode).toBe(202);
    expect(smsCountTo(phone)).toBe(2);
    // The new code retires the old one.
    const codes = standIn.received.filter((item) => item.to === `91${phone}`).map(codeOf);
    if (codes[0] !== codes[1]) {
      const old = await post('/phone/register', { name: 'Ravi Kumar', phone, code: codes[0] });
      expect(old.json()).toMatchObject({ field: 'code', code: 'code_wrong' });
    }
  });

  it('goes to one number at most 5 times an hour', async () => {
    const phone = newNumber();
    for (let index = 0; index < 5; index += 1) {
      expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
      await waitedForResend(phone);
    }
    const sixth = await askCode(phone, 'register', newAddress());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ field: 'phone', code: 'code_too_many' });
    expect(sixth.json().message).toMatch(/5 codes to this number/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(30 * 60);
    expect(smsCountTo(phone)).toBe(5);
  });

  it('goes to one client address at most 20 times an hour', async () => {
    const address = newAddress();
    for (let index = 0; index < 20; index += 1) {
      expect((await askCode(newNumber(), 'register', address)).statusCode).toBe(202);
    }
    const phone = newNumber();
    const over = await askCode(phone, 'register', address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ field: 'phone', code: 'code_too_many_network' });
    expect(smsCountTo(phone)).toBe(0);
    // Another address may still ask for that number.
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
  });

  it('is used once: a second login with it is refused, and of two at once one signs in', async () => {
    const member = await registerByPhone();
    const reused = await post('/phone/register', {
      name: 'Pooja Yadav',
      phone: member.phone,
      code: latestCode(member.phone),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ field: 'code', code: 'code_expired' });
    expect(reused.json().message).toMatch(/used already/);

    expect((await askCode(member.phone, 'login', newAddress())).statusCode).toBe(202);
    const code = latestCode(member.phone);
    const both = await Promise.all([
      post('/phone/login', { phone: member.phone, code }),
      post('/phone/login', { phone: member.phone, code }),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const again = await post('/phone/login', { phone: member.phone, code });
    expect(again.statusCode).toBe(400);
  });

  it('that the provider did not take answers 502, or 503 without an answer, and counts toward no limit', async () => {
    const phone = newNumber();
    const address = newAddress();
    standIn.failNext({ status: 500, body: { type: 'error', message: 'Internal error' } });
    const refused = await askCode(phone, 'register', address);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ field: 'phone', code: 'sms_failed' });
    expect(refused.json().message).toMatch(/could not send the SMS/);
    standIn.failNext({ status: 200, body: { type: 'error', message: 'Insufficient balance' } });
    expect((await askCode(phone, 'register', address)).statusCode).toBe(502);
    expect(await app.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone))).toEqual([]);
    // At once, with no 30 s wait: the failed sends counted for nothing.
    for (let index = 0; index < 5; index += 1) {
      expect((await askCode(phone, 'register', address)).statusCode).toBe(202);
      await waitedForResend(phone);
    }
  });
});

describe('an account with a phone number', () => {
  it('is made with a name, a number and its code: no email, no password, the phone confirmed', async () => {
    const member = await registerByPhone('Sunil Verma');
    const profile = await app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: member.headers });
    expect(profile.json().data).toMatchObject({
      name: 'Sunil Verma',
      email: null,
      phone: member.phone,
      email_confirmed: false,
      phone_confirmed: true,
    });
    // The number is one account's: registering it again with its code signs in to that account.
    const again = await askCode(member.phone, 'register', newAddress());
    expect(again.statusCode).toBe(202);
    const twice = await post('/phone/register', {
      name: 'Someone Else',
      phone: member.phone,
      code: latestCode(member.phone),
    });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().user).toMatchObject({ id: member.id, name: 'Sunil Verma' });
    // An email login cannot reach it, and it has no password to change.
    const change = await post(
      '/change-password',
      { current_password: 'anything-at-all', new_password: 'Fresh-Password-2026' },
      '10.0.0.1',
      member.headers,
    );
    expect(change.statusCode).toBe(400);
    // Its own number stays its sign-in: it cannot be changed away.
    const moved = await app.inject({
      method: 'PUT',
      url: `${USER_API}/profile`,
      headers: member.headers,
      payload: { name: 'Sunil Verma', phone: newNumber() },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'phone' });
  });

  it('logs in with its number and a code; an unknown number is refused naming the phone', async () => {
    const member = await registerByPhone();
    const address = newAddress();
    expect((await askCode(member.phone, 'login', address)).statusCode).toBe(202);
    const login = await post('/phone/login', { phone: member.phone, code: latestCode(member.phone) }, address);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ id: member.id, phone_confirmed: true, email: null });
    expect(login.json().device_token).toEqual(expect.any(String));
    // A number without an account is sent a code too; only its holder, with the code, learns there is no account.
    const stranger = newNumber();
    expect((await askCode(stranger, 'login', newAddress())).statusCode).toBe(202);
    const unknown = await post('/phone/login', { phone: stranger, code: latestCode(stranger) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'phone', code: 'phone_no_account' });
  });

  it('is refused at login once disabled, even with the code sent to it', async () => {
    const member = await registerByPhone();
    expect((await askCode(member.phone, 'login', newAddress())).statusCode).toBe(202);
    const code = latestCode(member.phone);
    const other = await registerByPhone();
    await app.db
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(inArray(users.id, [member.id, other.id]));
    const login = await post('/phone/login', { phone: member.phone, code });
    expect(login.statusCode).toBe(403);
    expect((await askCode(other.phone, 'login', newAddress())).statusCode).toBe(202);
    const refused = await post('/phone/login', { phone: other.phone, code: latestCode(other.phone) });
    expect(refused.statusCode).toBe(403);
  });

  it('does not let staff in with a code alone: their back office asks for the password', async () => {
    const member = await registerByPhone();
    await app.db.update(users).set({ role: 'shop_manager' }).where(eq(users.id, member.id));
    expect((await askCode(member.phone, 'login', newAddress())).statusCode).toBe(202);
    const asked = await post('/phone/login', { phone: member.phone, code: latestCode(member.phone) });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ field: 'phone' });
  });

  it('gets its notices in the app and no mail, without an error', async () => {
    const member = await registerByPhone();
    const mailBefore = (await app.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    await app.db.transaction((tx) =>
      tell(tx, {
        userId: member.id,
        kind: 'application',
        words: {
          en: { title: 'Shortlisted', body: 'You are on the shortlist.' },
          hi: { title: 'आपको शॉर्टलिस्ट किया गया है', body: 'आप शॉर्टलिस्ट में हैं।' },
        },
        link: '/me/applications',
        mail: { site: 'https://cineverse.test' },
      }),
    );
    const notes = await app.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(notes).toHaveLength(1);
    expect((await app.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(mailBefore);
  });
});

describe('the safety rules for an account made by phone', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const yearsAgo = (years: number) => {
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - years);
    return birth.toISOString().slice(0, 10);
  };
  let handles = 0;

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, who: Shopper, body?: unknown) =>
    app.inject({ method, url, headers: who.headers, ...(body === undefined ? {} : { payload: body as object }) });

  async function personProfile(who: Shopper, years: number, guardian?: { name: string; contact: string }) {
    handles += 1;
    const saved = await send('PUT', `${USER_API}/me/profile`, who, {
      handle: `phone-member-${handles}`,
      kind: 'person',
      category: 'Artist',
      display_name: `Phone Member ${handles}`,
      crafts: ['actor'],
      city: 'Lucknow',
      address: '12 Hazratganj, Lucknow',
      date_of_birth: yearsAgo(years),
      ...(guardian ? { guardian } : {}),
    });
    return saved;
  }

  async function withPhoto(who: Shopper) {
    const [row] = await app.db.select().from(profiles).where(eq(profiles.userId, who.id));
    await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${row!.handle}.webp`, main: true });
  }

  async function postedCall() {
    const house = await createShopper(app, 'Red Kite Films');
    handles += 1;
    const saved = await send('PUT', `${USER_API}/me/profile`, house, {
      handle: `house-${handles}`,
      kind: 'organisation',
      category: 'Production House',
      display_name: `Red Kite Films ${handles}`,
      city: 'Mumbai',
      address: '2 Film City Road, Goregaon',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await app.db.update(profiles).set({ verified: true }).where(eq(profiles.userId, house.id));
    const call = await send('POST', `${USER_API}/casting-calls`, house, {
      title: 'Ganga Ghat Stories',
      project_type: 'feature',
      description: 'A Hindi feature shot on the ghats of Varanasi.',
      city: 'Varanasi',
      shoot_start: inDays(40),
      shoot_end: inDays(70),
      deadline: inDays(20),
      roles: [
        {
          name: 'Munna',
          genders: ['male', 'female'],
          age_min: 10,
          age_max: 40,
          languages: ['Hindi'],
          paid: true,
          pay_inr: 25000,
        },
      ],
    });
    expect(call.statusCode, call.body).toBe(201);
    return call.json().data as { id: number; roles: { id: number }[] };
  }

  const apply = (who: Shopper, call: { id: number; roles: { id: number }[] }) =>
    send('POST', `${USER_API}/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`, who, {
      note: 'I act in street plays and speak Hindi and Awadhi.',
    });

  it('a phone-only account confirmed by its code may apply to a casting call; an unconfirmed account may not', async () => {
    const call = await postedCall();
    const byPhone = await registerByPhone('Kiran Pal');
    expect((await personProfile(byPhone, 25)).statusCode).toBe(200);
    await withPhoto(byPhone);
    const applied = await apply(byPhone, call);
    expect(applied.statusCode, applied.body).toBe(201);

    const unconfirmed = await createShopper(app, 'Not Confirmed', { confirmed: false });
    const refused = await apply(unconfirmed, call);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_not_confirmed');
  });

  it('a minor registering by phone follows the guardian rules: named guardian, consent mailed, no call until given', async () => {
    const call = await postedCall();
    const minor = await registerByPhone('Aarav Tiwari');
    const noGuardian = await personProfile(minor, 14);
    expect(noGuardian.statusCode).toBe(400);
    expect(noGuardian.json()).toMatchObject({ field: 'guardian' });
    const guardianEmail = `guardian-of-${minor.phone}@example.in`;
    expect((await personProfile(minor, 14, { name: 'Sarita Tiwari', contact: guardianEmail })).statusCode).toBe(200);
    await withPhoto(minor);
    expect(await mailedGuardianToken(app, guardianEmail)).toEqual(expect.any(String));
    expect((await apply(minor, call)).statusCode).toBe(403);
    await confirmGuardian(app, guardianEmail);
    expect((await apply(minor, call)).statusCode).toBe(201);
    // The minor's mail goes to the guardian; the account itself has no address to mail.
    const [account] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, minor.id));
    expect(account!.email).toBeNull();
    const toGuardian = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, guardianEmail)));
    expect(toGuardian.length).toBeGreaterThan(0);
  });
});

describe('without an SMS provider', () => {
  it('is off in production: its routes answer 404 and the home data says it is not offered', async () => {
    const production = await createTestApp({ seed: false, production: true });
    try {
      const home = await production.app.inject({ method: 'GET', url: '/backend/api/getHomeData' });
      expect(home.json().phone_sign_in).toBe(false);
      for (const path of ['/phone/code', '/phone/register', '/phone/login']) {
        const answer = await production.app.inject({
          method: 'POST',
          url: `${USER_API}${path}`,
          payload: { phone: '9876543210', purpose: 'login', code: '123456', name: 'Ravi Kumar' },
        });
        expect(answer.statusCode, path).toBe(404);
      }
    } finally {
      await production.close();
    }
  });

  it('writes the code to the log in development, and nowhere else', async () => {
    const lines: string[] = [];
    const development = await createTestApp({ seed: false, logStream: { write: (line) => void lines.push(line) } });
    try {
      const home = await development.app.inject({ method: 'GET', url: '/backend/api/getHomeData' });
      expect(home.json().phone_sign_in).toBe(true);
      const asked = await development.app.inject({
        method: 'POST',
        url: `${USER_API}/phone/code`,
        payload: { phone: '9876543210', purpose: 'register' },
      });
      expect(asked.statusCode).toBe(202);
      expect(asked.body).not.toMatch(/#\d{6}/);
      const logged = lines
        .map((line) => JSON.parse(line) as { sms?: { to: string; text: string } })
        .find((line) => line.sms);
      expect(logged?.sms?.to).toBe('9876543210');
      const code = /#(\d{6})$/.exec(logged!.sms!.text)![1]!;
      const made = await development.app.inject({
        method: 'POST',
        url: `${USER_API}/phone/register`,
        payload: { name: 'Ravi Kumar', phone: '9876543210', code },
      });
      expect(made.statusCode).toBe(201);
    } finally {
      await development.close();
    }
  });
});

describe('an account with an email and a phone', () => {
  it('adds a number confirmed by its code, counts as confirmed, and logs in with either', async () => {
    const member = await createShopper(app, 'Meena Iyer', { confirmed: false });
    const phone = newNumber();
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
    const confirmed = await post('/phone/confirm', { phone, code: latestCode(phone) }, '10.0.0.1', member.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const profile = await app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: member.headers });
    expect(profile.json().data).toMatchObject({ phone, phone_confirmed: true, email_confirmed: false });
    expect(profile.json().data.email).toEqual(expect.stringContaining('@example.in'));
    await waitedForResend(phone);
    expect((await askCode(phone, 'login', newAddress())).statusCode).toBe(202);
    const login = await post('/phone/login', { phone, code: latestCode(phone) });
    expect(login.json().user).toMatchObject({ id: member.id });
    // No other account can take the number: registering it signs in to this one.
    await waitedForResend(phone);
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
    const taken = await post('/phone/register', { name: 'Meena Other', phone, code: latestCode(phone) });
    expect(taken.json().user).toMatchObject({ id: member.id });
  });
});

describe('an account with a confirmed phone and an unconfirmed email', () => {
  it('is mailed nothing at the unproven address but the link that confirms it', async () => {
    const member = await createShopper(app, 'Kavita Rao', { confirmed: false });
    const phone = newNumber();
    expect((await askCode(phone, 'register', newAddress())).statusCode).toBe(202);
    const confirmed = await post('/phone/confirm', { phone, code: latestCode(phone) }, '10.0.0.1', member.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [account] = await app.db.select().from(users).where(eq(users.id, member.id));
    const email = account!.email!;
    const mailTo = async () =>
      (await app.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.to, email))).map(
        (row) => row.kind,
      );
    const before = await mailTo();
    // A notice with its mail (a shortlist, an order's step, a digest all go through this one rule).
    await app.db.transaction((tx) =>
      tell(tx, {
        userId: member.id,
        kind: 'application',
        words: {
          en: { title: 'Shortlisted', body: 'You are on the shortlist.' },
          hi: { title: 'आपको शॉर्टलिस्ट किया गया है', body: 'आप शॉर्टलिस्ट में हैं।' },
        },
        link: '/me/applications',
        mail: { site: 'https://cineverse.test' },
      }),
    );
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(1);
    expect(await mailTo()).toEqual(before);
    // No link to set a password goes to whoever holds that address; the answer is the one everyone gets.
    const reset = await post('/forgot-password', { email }, newAddress());
    expect(reset.statusCode).toBe(200);
    expect(await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id))).toEqual(
      [],
    );
    // Nor a link that would attach the contact messages sent from that address to this account.
    const claim = await post('/me/contact-messages/claim', {}, '10.0.0.1', member.headers);
    expect(claim.statusCode, claim.body).toBe(403);
    expect(claim.json()).toMatchObject({ field: 'email', code: 'email_not_confirmed' });
    expect(await mailTo()).toEqual(before);
    // The mail that confirms the address still goes there.
    const resend = await post('/resend-confirmation', {}, '10.0.0.1', member.headers);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(await mailTo()).toEqual([...before, 'email-confirmation']);
  });
});

describe('the data of an account made by phone', () => {
  it('is sent, and the account deleted, with a code sent to its phone instead of a password', async () => {
    const member = await registerByPhone('Rekha Nair');
    const exportWith = (headers: Record<string, string>) =>
      app.inject({ url: `${USER_API}/me/export`, headers: { ...member.headers, ...headers } });
    const refused = await exportWith({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ field: 'code' });
    // The code is asked for as any code, with its limits.
    const address = newAddress();
    const ask = () =>
      post('/phone/code', { phone: member.phone, purpose: 'login', device_token: member.deviceToken }, address);
    expect((await ask()).statusCode).toBe(202);
    const wrong = latestCode(member.phone) === '000000' ? '000001' : '000000';
    const guessed = await exportWith({ 'x-phone-code': wrong });
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json()).toMatchObject({ field: 'code', message: expect.stringMatching(/2 tries left/) });
    const copy = await exportWith({ 'x-phone-code': latestCode(member.phone) });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(JSON.stringify(copy.json())).toContain('Rekha Nair');
    // Used once.
    expect((await exportWith({ 'x-phone-code': latestCode(member.phone) })).statusCode).toBe(403);
    await waitedForResend(member.phone);
    await app.db
      .update(attemptCounters)
      .set({ windowStartedAt: sql`now() - interval '31 seconds'` })
      .where(like(attemptCounters.key, 'sms-wait:%'));
    expect((await ask()).statusCode).toBe(202);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${USER_API}/me`,
      headers: member.headers,
      payload: { code: latestCode(member.phone) },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await app.inject({ url: `${USER_API}/profile`, headers: member.headers });
    expect(after.statusCode).toBe(401);
  });
});

describe('codes asked for by others', () => {
  /** The hour of `phone`'s count (a stranger's, not a device's) began 61 minutes ago. */
  async function hourPassed(key: string) {
    await app.db
      .update(attemptCounters)
      .set({ windowStartedAt: sql`${attemptCounters.windowStartedAt} - interval '61 minutes'` })
      .where(eq(attemptCounters.key, key));
  }

  it("never keep the member's own device out: it counts apart from the number's 5 an hour", async () => {
    const member = await registerByPhone();
    // A stranger, from address after address, spends the rest of the number's five codes of the hour (the
    // registration's was the first).
    for (let index = 1; index < 5; index += 1) {
      expect((await askCode(member.phone, 'login', newAddress())).statusCode).toBe(202);
      await waitedForResend(member.phone);
    }
    expect((await askCode(member.phone, 'login', newAddress())).statusCode).toBe(429);
    // The member's phone, which signed in with the number before, still gets its code, and signs in with it.
    const address = newAddress();
    const own = await post(
      '/phone/code',
      { phone: member.phone, purpose: 'login', device_token: member.deviceToken },
      address,
    );
    expect(own.statusCode, own.body).toBe(202);
    const login = await post('/phone/login', {
      phone: member.phone,
      code: latestCode(member.phone),
      device_token: member.deviceToken,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ id: member.id });
    // A token of another account's device is a stranger's here.
    const other = await registerByPhone();
    await waitedForResend(member.phone);
    const borrowed = await post(
      '/phone/code',
      { phone: member.phone, purpose: 'login', device_token: other.deviceToken },
      address,
    );
    expect(borrowed.statusCode).toBe(429);
  });

  it('go to one number at most 10 times a day, from any number of addresses', async () => {
    const phone = newNumber();
    for (let index = 0; index < 10; index += 1) {
      if (index === 5) await hourPassed(`sms-number:${phone}`);
      const asked = await askCode(phone, 'register', newAddress());
      expect(asked.statusCode, asked.body).toBe(202);
      await waitedForResend(phone);
    }
    await hourPassed(`sms-number:${phone}`);
    const eleventh = await askCode(phone, 'register', newAddress());
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ field: 'phone', code: 'code_too_many_today_hours' });
    expect(eleventh.json().message).toMatch(/10 codes to this number today/);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(60 * 60);
    expect(smsCountTo(phone)).toBe(10);
  });

  it('count an IPv6 connection by its /64: twenty codes from one /64, whatever its addresses', async () => {
    for (let index = 0; index < 20; index += 1) {
      const asked = await askCode(newNumber(), 'register', `2001:db8:54:7:${index.toString(16)}::1`);
      expect(asked.statusCode, asked.body).toBe(202);
    }
    const phone = newNumber();
    const over = await askCode(phone, 'register', '2001:db8:54:7:ffff:ffff:ffff:fffe');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/from this network/);
    expect(smsCountTo(phone)).toBe(0);
    // The next /64 is another connection.
    expect((await askCode(phone, 'register', '2001:db8:54:8::1')).statusCode).toBe(202);
  });

  it('are answered alike whether or not the number has an account, for either purpose', async () => {
    const member = await registerByPhone();
    const stranger = newNumber();
    for (const purpose of ['register', 'login'] as const) {
      await waitedForResend(member.phone);
      await waitedForResend(stranger);
      const [known, unknown] = [
        await askCode(member.phone, purpose, newAddress()),
        await askCode(stranger, purpose, newAddress()),
      ];
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      const shape = (answer: typeof known, phone: string) =>
        answer.body.replaceAll(phone, 'N').replaceAll(`${phone.slice(0, 5)}\u00a0${phone.slice(5)}`, 'N');
      expect(shape(known, member.phone)).toEqual(shape(unknown, stranger));
      // A wrong code is refused alike too.
      const guesses = await Promise.all(
        [member.phone, stranger].map((phone) =>
          post(purpose === 'login' ? '/phone/login' : '/phone/register', { name: 'Anyone', phone, code: '000000' }),
        ),
      );
      const codes = [latestCode(member.phone), latestCode(stranger)];
      if (!codes.includes('000000')) {
        expect(guesses.map((answer) => answer.statusCode)).toEqual([400, 400]);
        expect(guesses[0]!.body).toEqual(guesses[1]!.body);
      }
    }
  });
});
