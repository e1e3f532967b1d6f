import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    // Probe routes exercise the shared error handler the way every body-taking route of the API meets it.
    beforeReady: (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/backend/api/probe',
        { schema: { body: z.object({ quantity: z.number().int(), address: z.object({ pincode: z.string() }) }) } },
        async () => ({ ok: true }),
      );
      typed.get('/backend/api/boom', async () => {
        throw new Error('select * from users -- secret detail');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe('errors are JSON { message } with the right status', () => {
  it('answers 404 for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/api/noSuchCall' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/i);
  });

  it('answers 400 naming the body for malformed JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/backend/api/probe', headers: json, payload: '{"a":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'body' });
  });

  it('answers 400 naming the field for a wrong type, nested fields with dots', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/backend/api/probe',
      headers: json,
      payload: { quantity: 'two', address: { pincode: '400053' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('quantity');
    expect(wrong.json().message).toContain('quantity');

    const nested = await t.app.inject({
      method: 'POST',
      url: '/backend/api/probe',
      headers: json,
      payload: { quantity: 1, address: { pincode: 400053 } },
    });
    expect(nested.json().field).toBe('address.pincode');
  });

  it('answers 413 for a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/backend/api/probe',
      headers: json,
      payload: JSON.stringify({ quantity: 1, padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/1 MB/);
  });

  it('hides the text of a server error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toContain('secret');
  });

  it('answers 401 on a user call without a token or with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-real-token' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/backend/api/api/user/v1/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('security headers', () => {
  it('sends a page Content-Security-Policy that allows only the YouTube and map frames besides the site itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/www\.google\.com/);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API answers a Content-Security-Policy that allows nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses a large JSON answer when the client accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/backend/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });
});
