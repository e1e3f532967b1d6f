import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../server/src/routes/contact/index.js';
import { findErrorCode } from '../../src/contract/error-codes.js';
import { contactMessages } from '../../server/src/db/schema.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const url = '/backend/api/api/v1/contact';
const valid = {
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.in',
  message: 'I would like to list my dubbing studio.',
};
/** Each request below sends from its own address, so that the rate limit (which counts every attempt) stays out of the way. */
const from = (last: number) => `203.0.113.${last}`;

async function storedMessages() {
  const [row] = await t.database.db.select({ total: count() }).from(contactMessages);
  return row?.total ?? 0;
}

describe('POST /backend/api/api/v1/contact', () => {
  it('stores a valid message for the team and answers 201 with the success text', async () => {
    const before = await storedMessages();
    const response = await t.app.inject({ method: 'POST', url, payload: valid, remoteAddress: from(1) });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Message sent successfully! We'll get back to you within 24 hours");
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(before + 1);
    const stored = rows.find((row) => row.id === response.json().id);
    expect(stored).toMatchObject({ ...valid, ipAddress: from(1), answeredAt: null });
  });

  it.each([
    ['an empty name', { ...valid, name: '' }, 'name', 'Name is required', 10],
    ['a blank name', { ...valid, name: '   ' }, 'name', 'Name is required', 11],
    ['a 2-letter name', { ...valid, name: 'Al' }, 'name', 'Name must be at least 3 characters', 12],
    ['no name', { email: valid.email, message: valid.message }, 'name', 'Name is required', 13],
    ['an empty email', { ...valid, email: '' }, 'email', 'Email is required', 14],
    ['a broken email', { ...valid, email: 'ravi@' }, 'email', 'Invalid email address', 15],
    ['an empty message', { ...valid, message: '' }, 'message', 'Message is required', 16],
    ['a 9-letter message', { ...valid, message: 'Too short' }, 'message', 'Message must be at least 10 characters', 17],
    [
      'a 5001-letter message',
      { ...valid, message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters',
      18,
    ],
  ])('answers 400 naming the field for %s, and stores nothing', async (_label, payload, field, message, address) => {
    const before = await storedMessages();
    const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: from(address) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field, ...findErrorCode(message) });
    expect(await storedMessages()).toBe(before);
  });

  it('limits each address to 5 messages per 15 minutes, and other addresses still get through', async () => {
    const before = await storedMessages();
    for (let index = 0; index < CONTACT_RATE_LIMIT.max; index += 1) {
      const response = await t.app.inject({ method: 'POST', url, payload: valid, remoteAddress: from(3) });
      expect(response.statusCode).toBe(201);
    }
    const limited = await t.app.inject({ method: 'POST', url, payload: valid, remoteAddress: from(3) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many messages from this address. Please try again in 15 minutes.');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await storedMessages()).toBe(before + CONTACT_RATE_LIMIT.max);

    const other = await t.app.inject({ method: 'POST', url, payload: valid, remoteAddress: from(4) });
    expect(other.statusCode).toBe(201);
  });

  it('stores a message sent again with the same Idempotency-Key once, and refuses a malformed key', async () => {
    const before = await storedMessages();
    const headers = { 'idempotency-key': 'contact-outbox-1' };
    const first = await t.app.inject({ method: 'POST', url, payload: valid, headers, remoteAddress: from(5) });
    const again = await t.app.inject({ method: 'POST', url, payload: valid, headers, remoteAddress: from(6) });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await storedMessages()).toBe(before + 1);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      payload: valid,
      headers: { 'idempotency-key': 'has space' },
      remoteAddress: from(7),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('Idempotency-Key');
  });

  it('refuses the key of one message sent with another, naming the key, and stores nothing', async () => {
    const headers = { 'idempotency-key': 'contact-pressed-once' };
    const first = await t.app.inject({ method: 'POST', url, payload: valid, headers, remoteAddress: from(8) });
    expect(first.statusCode).toBe(201);
    const before = await storedMessages();
    const other = await t.app.inject({
      method: 'POST',
      url,
      payload: { ...valid, message: 'A different message under the same key.' },
      headers,
      remoteAddress: from(9),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().field).toBe('Idempotency-Key');
    expect(await storedMessages()).toBe(before);
  });
});

describe('behind a reverse proxy', () => {
  it('limits each client address from X-Forwarded-For, not the proxy', async () => {
    const proxied = await createTestApp({ seed: false, trustProxy: true });
    try {
      const send = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url,
          payload: valid,
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let index = 0; index < CONTACT_RATE_LIMIT.max; index += 1) {
        expect((await send('198.51.100.7')).statusCode).toBe(201);
      }
      expect((await send('198.51.100.7')).statusCode).toBe(429);
      expect((await send('198.51.100.8')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});
