import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';
const ADMIN = '/backend/api/api/admin/v1';
const TOO_BIG = 2_147_483_648;

let testApp: TestApp;
let app: FastifyInstance;
let admin: Shopper;
let house: Shopper;
let callId: number;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
  admin = await createStaff(app, 'admin');
  house = await createShopper(app, 'Red Kite');
  const profile = await send('PUT', `${USER}/me/profile`, house, {
    handle: 'red-kite-edges',
    kind: 'organisation',
    category: 'Production House',
    display_name: 'Red Kite Films',
    city: 'Mumbai',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const call = await send('POST', `${USER}/casting-calls`, house, callBody());
  expect(call.statusCode, call.body).toBe(201);
  callId = call.json().data.id;
});
afterAll(() => testApp.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function callBody(change: Record<string, unknown> = {}) {
  return {
    title: 'Monsoon Letters',
    project_type: 'feature',
    description: 'A Marathi feature about letters lost in a flood.',
    city: 'Pune',
    deadline: inDays(20),
    roles: [{ name: 'Sarita', genders: ['female'], age_min: 20, age_max: 30, languages: ['Marathi'], paid: false }],
    ...change,
  };
}

const coupon = (change: Record<string, unknown>) => ({
  code: `EDGE${Math.floor(Math.random() * 1e9)}`,
  kind: 'flat',
  value: 5000,
  ...change,
});

/** The answer is a 400 naming `field`, with a message that names it too. */
function expectRefused(response: Awaited<ReturnType<typeof send>>, field: string, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { message: string; field: string };
  expect(body.field).toBe(field);
  if (message) expect(body.message).toMatch(message);
}

describe('ids beyond the database integer', () => {
  it('notifications/read refuses them naming ids', async () => {
    const response = await send('POST', `${USER}/notifications/read`, house, { ids: [1, TOO_BIG] });
    expectRefused(response, 'ids.1', /2147483647/);
  });

  it('a bulk move of applications refuses them naming ids', async () => {
    const response = await send('POST', `${USER}/casting-calls/${callId}/applications/transition`, house, {
      ids: [TOO_BIG],
      to: 'shortlisted',
    });
    expectRefused(response, 'ids.0', /2147483647/);
  });

  it('the audit log refuses an actor beyond them naming actor', async () => {
    expectRefused(await send('GET', `${ADMIN}/audit?actor=${TOO_BIG}`, admin), 'actor');
    expectRefused(await send('GET', `${ADMIN}/audit?actor=99999999999999999999999`, admin), 'actor');
  });
});

describe('coupon numbers beyond range', () => {
  it('refuses a value the database cannot hold, naming value', async () => {
    expectRefused(await send('POST', `${ADMIN}/coupons`, admin, coupon({ value: TOO_BIG })), 'value');
    expectRefused(await send('POST', `${ADMIN}/coupons`, admin, coupon({ value: 1e20 })), 'value');
  });

  it('refuses a usage_limit the database cannot hold, naming usage_limit', async () => {
    expectRefused(await send('POST', `${ADMIN}/coupons`, admin, coupon({ usage_limit: TOO_BIG })), 'usage_limit');
    expectRefused(await send('POST', `${ADMIN}/coupons`, admin, coupon({ per_user_limit: TOO_BIG })), 'per_user_limit');
    expectRefused(await send('POST', `${ADMIN}/coupons`, admin, coupon({ min_order: TOO_BIG })), 'min_order');
    expectRefused(await send('POST', `${ADMIN}/coupons`, admin, coupon({ max_discount: TOO_BIG })), 'max_discount');
  });
});

const impossibleDays = ['2026-13-45', '0001-01-01', '2026-02-30'];

describe('impossible dates are refused as not a date', () => {
  it.each(impossibleDays)('casting deadline %s', async (day) => {
    expectRefused(await send('POST', `${USER}/casting-calls`, house, callBody({ deadline: day })), 'deadline', /date/);
    expectRefused(
      await send('POST', `${USER}/casting-calls`, house, callBody({ deadline: `${day}T18:00:00+05:30` })),
      'deadline',
      /date/,
    );
  });

  it.each(impossibleDays)('shoot dates %s', async (day) => {
    expectRefused(await send('POST', `${USER}/casting-calls`, house, callBody({ shoot_start: day })), 'shoot_start');
    expectRefused(
      await send('PUT', `${USER}/casting-calls/${callId}`, house, callBody({ shoot_end: day })),
      'shoot_end',
    );
  });

  it.each(impossibleDays)('date of birth %s', async (day) => {
    const actor = await createShopper(app, 'Asha');
    const response = await send('PUT', `${USER}/me/profile`, actor, {
      handle: `asha-${day}`,
      city: 'Pune',
      kind: 'person',
      category: 'Artist',
      display_name: 'Asha',
      crafts: ['actor'],
      date_of_birth: day,
    });
    expectRefused(response, 'date_of_birth', /not a date/);
  });

  it.each(impossibleDays)('orders list and export from/to %s', async (day) => {
    for (const path of ['/orders', '/orders.csv']) {
      expectRefused(await send('GET', `${ADMIN}${path}?from=${day}`, admin), 'from', /not a date/);
      expectRefused(await send('GET', `${ADMIN}${path}?to=${day}`, admin), 'to', /not a date/);
    }
  });

  it.each(impossibleDays)('coupon window %s', async (day) => {
    const starts = await send('POST', `${ADMIN}/coupons`, admin, coupon({ starts_at: `${day}T00:00:00+05:30` }));
    expectRefused(starts, 'starts_at', /not a date/);
    const ends = await send('POST', `${ADMIN}/coupons`, admin, coupon({ ends_at: `${day}T23:59:00Z` }));
    expectRefused(ends, 'ends_at', /not a date/);
  });

  it('a callback time on an impossible day', async () => {
    const response = await send('POST', `${USER}/applications/1/transition`, house, {
      to: 'callback',
      callback_at: '2026-02-30T11:00:00+05:30',
      callback_place: 'Andheri',
    });
    expectRefused(response, 'callback_at', /not a date/);
  });

  it('still takes real days, leap days included', async () => {
    const leap = await send('POST', `${ADMIN}/coupons`, admin, coupon({ starts_at: '2028-02-29T00:00:00+05:30' }));
    expect(leap.statusCode, leap.body).toBe(201);
    const orders = await send('GET', `${ADMIN}/orders?from=2026-02-28&to=2026-12-31`, admin);
    expect(orders.statusCode, orders.body).toBe(200);
  });
});

describe('a casting deadline', () => {
  it('more than two years ahead is refused naming deadline', async () => {
    const response = await send('POST', `${USER}/casting-calls`, house, callBody({ deadline: inDays(2 * 366 + 1) }));
    expectRefused(response, 'deadline', /2 years ahead/);
    const edit = await send('PUT', `${USER}/casting-calls/${callId}`, house, callBody({ deadline: '9999-12-31' }));
    expectRefused(edit, 'deadline', /2 years ahead/);
  });

  it('up to two years ahead is taken', async () => {
    const response = await send('POST', `${USER}/casting-calls`, house, callBody({ deadline: inDays(700) }));
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('links staff set', () => {
  it.each(['/\\evil.example', '/\\/evil.example', '/\t/evil.example'])(
    'refuses %j as a path on this site, naming link',
    async (link) => {
      for (const path of ['/banners', '/insiders', '/sections/cine-news/items']) {
        const response = await send('POST', `${ADMIN}${path}`, admin, {
          image: 'banner-2.svg',
          thumbnail: 'inside-1.jpg',
          title: 'Studio floors',
          video_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          link,
        });
        expectRefused(response, 'link');
      }
    },
  );
});
