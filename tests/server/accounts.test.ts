import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, mailOutbox, users } from '../../server/src/db/schema.js';

import { createShopper, USER_API, validAddress } from './shop-helpers.js';
import { refusal } from './refusal.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  return testApp.app.inject({
    method: 'POST',
    url: `${USER_API}${path}`,
    payload: body as object,
    headers,
    remoteAddress,
  });
}

const newUser = { name: 'Kavya Rao', email: 'Kavya.Rao@Example.in', password: 'Dolly-Zoom-1958', phone: '98450 12345' };

describe('register and login', () => {
  it('registers with a scrypt hash, a random token and the role, and logs in again', async () => {
    const registered = await post('/register', newUser);
    expect(registered.statusCode).toBe(201);
    const body = registered.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Kavya Rao',
      email: 'kavya.rao@example.in',
      phone: '9845012345',
      role: 'customer',
      // Until the link mailed to the address is opened.
      email_confirmed: false,
      // A phone given at registration is only a contact number until a code sent to it is typed.
      phone_confirmed: false,
    });
    expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [row] = await testApp.app.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(row?.passwordHash).not.toContain(newUser.password);
    const [token] = await testApp.app.db.select().from(authTokens).where(eq(authTokens.userId, body.user.id));
    expect(token?.tokenHash).not.toBe(body.token);

    const profile = await testApp.app.inject({
      method: 'GET',
      url: `${USER_API}/profile`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.json().data).toMatchObject({ email: 'kavya.rao@example.in', addresses: [] });

    const login = await post('/login', { email: 'KAVYA.RAO@example.in', password: newUser.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toEqual(body.user);
    expect(login.json().token).not.toBe(body.token);
  });

  it('refuses each invalid registration with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...newUser, name: '' }, 'name', 'Name is required'],
      [{ ...newUser, email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ ...newUser, password: 'Short1!' }, 'password', 'Password must be at least 8 characters'],
      [{ ...newUser, password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
      [{ ...newUser, phone: '12345' }, 'phone', 'Phone must be a 10-digit mobile number'],
      [
        { ...newUser, email: 'fresh@example.in', password: 'Password123' },
        'password',
        'This password is too common; choose one that is harder to guess',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post('/register', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual(refusal({ field, message }));
    }
    const taken = await post('/register', { ...newUser, email: 'kavya.rao@EXAMPLE.in' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('email');
    const noPhone = await post('/register', { ...newUser, email: 'nophone@example.in', phone: '' });
    expect(noPhone.statusCode).toBe(201);
    expect(noPhone.json().user.phone).toBeNull();
  });

  it('answers a wrong password or unknown email alike, with 401 on the password field', async () => {
    const wrong = await post('/login', { email: newUser.email, password: 'Wrong-password-1' }, {}, '10.0.1.1');
    const unknown = await post('/login', { email: 'nobody@example.in', password: 'Wrong-password-1' }, {}, '10.0.1.2');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Email or password is incorrect',
        field: 'password',
        code: 'login_wrong',
      });
    }
    const missing = await post('/login', { email: newUser.email }, {}, '10.0.1.3');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('password');
  });

  it('slows repeated failures for one email, then refuses its address with 429 and Retry-After', async () => {
    const victim = { email: 'throttled@example.in', password: 'Right-password-9' };
    expect((await post('/register', { ...victim, name: 'Throttled' })).statusCode).toBe(201);
    const timings: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const started = performance.now();
      // A different address each time: the email's own count must be enough.
      const response = await post('/login', { ...victim, password: 'wrong-guess' }, {}, `10.2.0.${attempt}`);
      timings.push(performance.now() - started);
      expect(response.statusCode).toBe(401);
    }
    // The delay is part of the behaviour: the later failures waited at least their added step.
    expect(timings.at(-1)).toBeGreaterThanOrEqual(700);
    // From a new address, the right password is answered with a mailed sign-in link, not a session.
    expect((await post('/login', victim, {}, '10.2.1.1')).statusCode).toBe(202);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await post('/login', { ...victim, password: 'wrong-guess' }, {}, '10.2.1.2');
    }
    const refused = await post('/login', victim, {}, '10.2.1.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many failed logins\. Try again in \d+ minutes?\.$/);
  });

  it('logs out by revoking only the token used', async () => {
    const first = (await post('/login', { email: newUser.email, password: newUser.password })).json().token;
    const second = (await post('/login', { email: newUser.email, password: newUser.password })).json().token;
    const logout = await post('/logout', {}, { authorization: `Bearer ${first}` });
    expect(logout.statusCode).toBe(200);
    const profile = (token: string) =>
      testApp.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: { authorization: `Bearer ${token}` } });
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
    expect((await post('/logout', {})).statusCode).toBe(401);
  });

  it('changes the password with the current one: other sessions end, this one stays, and the account is mailed', async () => {
    const account = { name: 'Ishaan Bose', email: 'ishaan.bose@example.in', password: 'Jump-Cut-1960' };
    const here = (await post('/register', account)).json().token as string;
    const elsewhere = (await post('/login', account)).json().token as string;
    const change = (token: string, body: object, address = '10.3.0.1') =>
      post('/change-password', body, { authorization: `Bearer ${token}` }, address);
    const profile = (token: string) =>
      testApp.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: { authorization: `Bearer ${token}` } });

    const refusals: [object, string, string][] = [
      [
        { current_password: 'Jump-Cut-1961', new_password: 'Match-Cut-1968' },
        'current_password',
        'This is not your current password',
      ],
      [{ current_password: '', new_password: 'Match-Cut-1968' }, 'current_password', 'Enter your current password'],
      [
        { current_password: account.password, new_password: 'short' },
        'new_password',
        'The new password must be at least 8 characters',
      ],
      [
        { current_password: account.password, new_password: account.password },
        'new_password',
        'Choose a password other than your current one',
      ],
      [
        { current_password: account.password, new_password: 'password123' },
        'new_password',
        'This password is too common; choose one that is harder to guess',
      ],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await change(here, body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json(), message).toMatchObject({ field, message });
    }
    expect(
      (await post('/change-password', { current_password: account.password, new_password: 'Match-Cut-1968' }))
        .statusCode,
    ).toBe(401);
    // Nothing changed yet: both sessions work, and the old password logs in.
    expect((await profile(elsewhere)).statusCode).toBe(200);

    const changed = await change(here, { current_password: account.password, new_password: 'Match-Cut-1968' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Your password has been changed. Your other devices have been logged out.');
    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(elsewhere)).statusCode).toBe(401);
    expect((await post('/login', account, {}, '10.3.0.2')).statusCode).toBe(401);
    expect((await post('/login', { ...account, password: 'Match-Cut-1968' }, {}, '10.3.0.2')).statusCode).toBe(200);
    const mails = await testApp.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your email for CineVerse',
      'Your CineVerse password was changed',
    ]);
  });

  it('slows wrong current passwords on a password change, then refuses with 429', async () => {
    const account = { name: 'Guessed', email: 'guessed@example.in', password: 'Long-Take-1948' };
    const token = (await post('/register', account)).json().token as string;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await post(
        '/change-password',
        { current_password: `guess-${attempt}`, new_password: 'Freeze-Frame-1' },
        { authorization: `Bearer ${token}` },
        `10.4.0.${attempt}`,
      );
      expect(wrong.statusCode).toBe(400);
    }
    // Even the right one, now: the session cannot be used to go on guessing.
    const refused = await post(
      '/change-password',
      { current_password: account.password, new_password: 'Freeze-Frame-1' },
      { authorization: `Bearer ${token}` },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);
  });

  it('stops accepting a token idle for more than 30 days', async () => {
    const shopper = await createShopper(testApp.app);
    await testApp.app.db
      .update(authTokens)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(authTokens.userId, shopper.id));
    const response = await testApp.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: shopper.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('profile and addresses', () => {
  it('updates name and phone, with field errors for bad values', async () => {
    const shopper = await createShopper(testApp.app);
    const put = (body: unknown) =>
      testApp.app.inject({
        method: 'PUT',
        url: `${USER_API}/profile`,
        headers: shopper.headers,
        payload: body as object,
      });
    const updated = await put({ name: 'Ravi Shankar', phone: '+91 99000 11223', role: 'admin', id: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      id: shopper.id,
      name: 'Ravi Shankar',
      phone: '9900011223',
      role: 'customer',
    });
    expect((await put({ name: 'R', phone: '' })).json()).toEqual(
      refusal({
        field: 'name',
        message: 'Name must be at least 2 characters',
      }),
    );
    expect((await put({ name: 'Ravi', phone: '555' })).json().field).toBe('phone');
  });

  it('adds, edits and removes addresses, and hides them from other users', async () => {
    const owner = await createShopper(testApp.app);
    const stranger = await createShopper(testApp.app);
    const added = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addresses`,
      headers: owner.headers,
      payload: validAddress,
    });
    expect(added.statusCode).toBe(201);
    const address = added.json().data;
    expect(address).toMatchObject({ ...validAddress, id: expect.any(Number) });

    const edit = (who: typeof owner, body: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: `${USER_API}/addresses/${address.id}`,
        headers: who.headers,
        payload: body,
      });
    expect((await edit(owner, { ...validAddress, city: 'Pune' })).json().data.city).toBe('Pune');
    expect((await edit(stranger, validAddress)).statusCode).toBe(404);
    const badPin = await edit(owner, { ...validAddress, pincode: '01234' });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json()).toEqual(
      refusal({ field: 'pincode', message: 'PIN code must be 6 digits and cannot start with 0' }),
    );

    const remove = (who: typeof owner) =>
      testApp.app.inject({ method: 'DELETE', url: `${USER_API}/addresses/${address.id}`, headers: who.headers });
    expect((await remove(stranger)).statusCode).toBe(404);
    expect((await remove(owner)).statusCode).toBe(200);
    const profile = await testApp.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: owner.headers });
    expect(profile.json().data.addresses).toEqual([]);
  });

  it('keeps at most 10 addresses', async () => {
    const shopper = await createShopper(testApp.app);
    for (let index = 0; index < 10; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `${USER_API}/addresses`,
        headers: shopper.headers,
        payload: { ...validAddress, line1: `House ${index}` },
      });
      expect(response.statusCode).toBe(201);
    }
    const eleventh = await testApp.app.inject({
      method: 'POST',
      url: `${USER_API}/addresses`,
      headers: shopper.headers,
      payload: validAddress,
    });
    expect(eleventh.statusCode).toBe(409);
  });
});
