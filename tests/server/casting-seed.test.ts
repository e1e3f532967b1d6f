import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castingApplications, sectionItems } from '../../server/src/db/schema.js';
import { createTestApp, type TestApp } from './test-app.js';

const PUBLIC = '/backend/api/api/v1';
const USER = '/backend/api/api/user/v1';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

async function login(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${USER}/login`,
    payload: { email, password: 'Audition@2026' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

describe('the demo casting content', () => {
  it('has at least 10 open calls across cities and languages, and 2 closed ones', async () => {
    const open = (await app.inject({ url: `${PUBLIC}/casting-calls?per_page=48` })).json();
    expect(open.meta.total).toBeGreaterThanOrEqual(10);
    const cities = new Set(open.data.map((call: { city: string }) => call.city));
    const languages = new Set(
      open.data.flatMap((call: { roles: { languages: string[] }[] }) => call.roles.flatMap((role) => role.languages)),
    );
    expect(cities.size).toBeGreaterThanOrEqual(8);
    expect(languages.size).toBeGreaterThanOrEqual(8);
    // Deadlines at the end of a day in India, not at the minute the demo was seeded.
    for (const call of open.data as { deadline: string }[]) expect(call.deadline).toMatch(/T23:59:00\+05:30$/);
    const statuses = await app.db.select({ status: castingApplications.status }).from(castingApplications);
    expect(new Set(statuses.map((row) => row.status))).toEqual(
      new Set(['submitted', 'viewed', 'shortlisted', 'callback', 'selected', 'not_selected', 'withdrawn']),
    );
  });

  it('lets the casting director and the actor log in, each with their own side of it', async () => {
    const director = await login('neha@cineverse.in');
    const calls = (await app.inject({ url: `${USER}/me/casting-calls`, headers: director })).json().data;
    expect(calls.map((call: { status: string }) => call.status)).toContain('closed');
    expect(calls.find((call: { title: string }) => call.title === 'Monsoon Letters').applications).toBeGreaterThan(5);
    const actor = await login('actor@cineverse.in');
    const applications = (await app.inject({ url: `${USER}/me/applications`, headers: actor })).json().data;
    expect(applications.map((item: { status: string }) => item.status).sort()).toEqual(['callback', 'submitted']);
    // A callback at an hour a casting office keeps.
    const callback = applications.find((item: { status: string }) => item.status === 'callback');
    expect(callback.callback.at).toMatch(/T15:30:00\+05:30$/);
  });

  it('points the home page’s Auditions items at real calls', async () => {
    const items = await app.db.select().from(sectionItems).where(eq(sectionItems.type, 'Cine Audition'));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.link).toMatch(/^\/auditions\/\d+$/);
      const call = await app.inject({ url: `${PUBLIC}/casting-calls/${item.link.split('/').pop()}` });
      expect(call.statusCode).toBe(200);
    }
  });
});
