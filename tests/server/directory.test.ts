import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryPageSchema } from '../../src/contract/directory.js';
import { profiles } from '../../server/src/db/schema.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const categories = [
  'Artist',
  'Union',
  'Vendor',
  'Production House',
  'Studio',
  'Shooting Location',
  'Course',
  'Theatre',
];

async function list(category: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/backend/api/api/v1/categories/${encodeURIComponent(category)}/entries${query}`,
  });
  return response;
}

async function page(category: string, query = '') {
  const response = await list(category, query);
  expect(response.statusCode).toBe(200);
  return directoryPageSchema.parse(response.json());
}

describe('GET /backend/api/api/v1/categories/{name}/entries', () => {
  it.each(categories)("lists %s's public profiles, each with its handle and main photo", async (category) => {
    const body = await page(category, '?pageSize=48');
    expect(body.category.name).toBe(category);
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.entries).toHaveLength(Math.min(body.total, 48));
    for (const entry of body.entries) {
      expect(entry.name).not.toBe('');
      expect(entry.city).not.toBe('');
      const profile = await t.app.inject({ url: `/backend/api/api/v1/profiles/${entry.handle}` });
      expect(profile.json().data.display_name).toBe(entry.name);
      // The demo members show neither phone nor email: the entry keeps them out too.
      expect(entry.phone).toBe('');
      expect(entry.email).toBe('');
    }
    const photo = await t.app.inject({ url: body.entries[0]!.photo_url! });
    expect(photo.statusCode, body.entries[0]!.photo_url).toBe(200);
  });

  it('answers from the profiles: a hidden one leaves the list', async () => {
    const before = await page('Studio', '?pageSize=48');
    const [first] = before.entries;
    await t.database.db.update(profiles).set({ visibility: 'hidden' }).where(eq(profiles.handle, first!.handle!));
    const after = await page('Studio', '?pageSize=48');
    expect(after.total).toBe(before.total - 1);
    expect(after.entries.map((entry) => entry.handle)).not.toContain(first!.handle);
    await t.database.db.update(profiles).set({ visibility: 'public' }).where(eq(profiles.handle, first!.handle!));
  });

  it('pages the entries: 6 by default, and the next page holds the next ones', async () => {
    const first = await page('Artist');
    expect(first.pageSize).toBe(6);
    expect(first.entries).toHaveLength(6);
    expect(first.totalPages).toBe(Math.ceil(first.total / 6));
    const second = await page('Artist', '?page=2');
    expect(second.entries).toHaveLength(6);
    const ids = new Set([...first.entries, ...second.entries].map((entry) => entry.id));
    expect(ids.size).toBe(12);
    const small = await page('Artist', '?pageSize=2&page=3');
    expect(small.entries).toHaveLength(2);
    expect(small.totalPages).toBe(Math.ceil(first.total / 2));
  });

  it('searches by part of the name, in any case, and treats % and _ as plain characters', async () => {
    const all = await page('Artist', '?pageSize=48');
    const name = all.entries[5]!.name;
    const surname = name.split(' ').at(-1)!;
    const body = await page('Artist', `?search=${encodeURIComponent(surname.slice(0, 4).toUpperCase())}`);
    expect(body.entries.map((entry) => entry.name)).toContain(name);
    expect(body.total).toBeLessThan(all.total);
    expect((await page('Artist', `?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await page('Artist', `?search=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('filters by city, any case, and combines the filter with the search', async () => {
    const mumbai = await page('Artist', '?city=mumbai&pageSize=48');
    expect(mumbai.entries.length).toBeGreaterThan(1);
    expect(mumbai.entries.every((entry) => entry.city === 'Mumbai')).toBe(true);
    expect(mumbai.cities).toContain('Pune');
    const someone = mumbai.entries[0]!.name;
    const both = await page('Artist', `?city=Mumbai&search=${encodeURIComponent(someone)}`);
    expect(both.entries.map((entry) => entry.name)).toEqual([someone]);
    const none = await page('Artist', `?city=Nowhere&search=${encodeURIComponent(someone)}`);
    expect(none.entries).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.totalPages).toBe(1);
  });

  it('finds a category whatever the case of its name', async () => {
    expect((await page('production house')).category.name).toBe('Production House');
  });

  it('answers 404 with a message for an unknown category', async () => {
    const response = await list('Stuntmen');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('There is no category named Stuntmen');
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=two', 'page'],
    ['?pageSize=500', 'pageSize'],
    [`?search=${'a'.repeat(101)}`, 'search'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await list('Artist', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});

describe('the demo network', () => {
  const listProfiles = async (query: string) =>
    (await t.app.inject({ url: `/backend/api/api/v1/profiles?${query}` })).json();

  it('holds 60 people across crafts and cities and 30 organisations across the seven other categories', async () => {
    // The network's 60, and the casting director's and the actor's demo logins.
    expect((await listProfiles('category=Artist')).meta.total).toBe(62);
    let organisations = 0;
    for (const category of [
      'Union',
      'Vendor',
      'Production House',
      'Studio',
      'Shooting Location',
      'Course',
      'Theatre',
    ]) {
      const { meta } = await listProfiles(`category=${encodeURIComponent(category)}`);
      expect(meta.total, category).toBeGreaterThanOrEqual(4);
      organisations += meta.total;
    }
    expect(organisations).toBe(30);
    for (const craft of ['actor', 'writer', 'director', 'dop', 'editor', 'stunts']) {
      expect((await listProfiles(`craft=${craft}`)).meta.total, craft).toBeGreaterThan(0);
    }
    expect((await listProfiles('language=Tamil&city=Chennai')).meta.total).toBeGreaterThan(0);
    // Verified first.
    const first = (await listProfiles('category=Artist&per_page=48')).data as { verified: boolean }[];
    const firstUnverified = first.findIndex((card) => !card.verified);
    expect(first.slice(firstUnverified).every((card) => !card.verified)).toBe(true);
    expect(firstUnverified).toBeGreaterThan(0);
  });

  it('filters people by gender and playing age, and sorts by the latest update on request', async () => {
    const women = (await listProfiles('category=Artist&gender=female&per_page=48')).data as { handle: string }[];
    expect(women.length).toBeGreaterThan(0);
    for (const card of women.slice(0, 5)) {
      const { data } = (await t.app.inject({ url: `/backend/api/api/v1/profiles/${card.handle}` })).json();
      expect(data.gender).toBe('female');
    }
    const twentyFive = (await listProfiles('age=25&per_page=48')).data as { handle: string }[];
    expect(twentyFive.length).toBeGreaterThan(0);
    for (const card of twentyFive.slice(0, 5)) {
      const { data } = (await t.app.inject({ url: `/backend/api/api/v1/profiles/${card.handle}` })).json();
      expect(data.playing_age_min).toBeLessThanOrEqual(25);
      expect(data.playing_age_max).toBeGreaterThanOrEqual(25);
    }
    const recent = (await listProfiles('category=Artist&sort=recent&per_page=48')).data as { handle: string }[];
    const [newest] = recent;
    await t.database.db
      .update(profiles)
      .set({ updatedAt: new Date() })
      .where(eq(profiles.handle, recent.at(-1)!.handle));
    const after = (await listProfiles('category=Artist&sort=recent&per_page=48')).data as { handle: string }[];
    expect(after[0]!.handle).toBe(recent.at(-1)!.handle);
    expect(after[1]!.handle).toBe(newest!.handle);
    for (const [query, field] of [
      ['age=0', 'age'],
      ['gender=robot', 'gender'],
      ['sort=name', 'sort'],
    ]) {
      const response = await t.app.inject({ url: `/backend/api/api/v1/profiles?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });

  it("counts each category's listed profiles on the home page's tiles", async () => {
    const home = (await t.app.inject({ url: '/backend/api/getHomeData' })).json();
    expect(home.categoryList.Artist.count).toBe(62);
    const studios = (await listProfiles('category=Studio')).meta.total;
    expect(home.categoryList.Studio.count).toBe(studios);
  });
});
