import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_EMAIL_MESSAGE } from '../../src/contract/email.js';
import { createShopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
});
afterAll(async () => {
  await testApp.close();
});

/** The lists of addresses people paste into an email field. */
const lists = [
  'ravi@example.in, sita@example.in',
  'ravi@example.in;sita@example.in',
  'ravi@example.in sita@example.in',
];

describe('an email field holds one address', () => {
  it('a list of addresses is refused with 400 naming the field, wherever an email is taken', async () => {
    const { app } = testApp;
    const member = await createShopper(app, 'Form Filler');
    const profile = {
      kind: 'person',
      handle: 'form-filler',
      display_name: 'Form Filler',
      category: 'Artist',
      crafts: ['actor'],
      city: 'Pune',
    };
    for (const list of lists) {
      const sent = [
        [
          'email',
          await app.inject({
            method: 'POST',
            url: `${USER_API}/register`,
            payload: { name: 'Ravi Kumar', email: list, password: 'Dolly-Zoom-1958' },
          }),
        ],
        [
          'email',
          await app.inject({
            method: 'POST',
            url: `${USER_API}/login`,
            payload: { email: list, password: 'Dolly-Zoom-1958' },
          }),
        ],
        ['email', await app.inject({ method: 'POST', url: `${USER_API}/forgot-password`, payload: { email: list } })],
        [
          'email',
          await app.inject({
            method: 'POST',
            url: '/backend/api/api/v1/contact',
            payload: { name: 'Ravi Kumar', email: list, message: 'Please write to all of us about the shoot.' },
          }),
        ],
        [
          'email',
          await app.inject({
            method: 'PUT',
            url: `${USER_API}/me/profile`,
            headers: member.headers,
            payload: { ...profile, email: list },
          }),
        ],
      ] as const;
      for (const [field, response] of sent) {
        expect(response.statusCode, list).toBe(400);
        expect(response.json()).toEqual({ message: ONE_EMAIL_MESSAGE, field, code: 'email_one' });
      }
    }
  });
});
