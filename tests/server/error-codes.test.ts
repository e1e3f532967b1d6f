import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnglish } from '../../src/contract/error-codes.js';
import { createShopper, productNamed, setStock, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: `${USER_API}${path}`, payload: body, headers, remoteAddress: '10.9.0.1' });

describe('a refusal names its code', () => {
  it('names the code, the field and the params of a contract schema’s text, whose English is unchanged', async () => {
    const short = await post('/register', { name: 'Ira Sen', email: 'ira.sen@example.in', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Password must be at least 8 characters',
      field: 'password',
      code: 'password_too_short',
      params: { min: '8' },
    });
    expect(errorEnglish('password_too_short', { min: '8' })).toBe(short.json().message);
  });

  it('names the code of a route’s refusal, with its field and English as before', async () => {
    const account = { name: 'Ira Sen', email: 'ira.taken@example.in', password: 'Dolly-Zoom-1958' };
    expect((await post('/register', account)).statusCode).toBe(201);
    const taken = await post('/register', account);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'An account with this email already exists; log in instead',
      field: 'email',
      code: 'email_taken',
    });
  });

  it('carries the values of a refusal’s words as params', async () => {
    const shopper = await createShopper(testApp.app);
    const cap = await productNamed(testApp.app, 'Lights Camera Action Cap');
    await setStock(testApp.app, cap.id, 3);
    const over = await post('/addToCart', { product_id: cap.id, quantity: 5 }, shopper.headers);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: `Only 3 of ${cap.name} left in stock`,
      field: 'quantity',
      code: 'stock_left',
      params: { count: '3', product: cap.name },
    });
  });

  it('names a code for Zod’s own English (a limit without a text of the contract), by the field’s limit', async () => {
    const long = await post('/login', { email: 'ira.sen@example.in', password: 'x', device_token: 'd'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'device_token: Too big: expected string to have <=200 characters',
      field: 'device_token',
      code: 'zod_too_long',
      params: { max: '200' },
    });
  });
});
