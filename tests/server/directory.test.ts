import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryPageSchema } from '../../src/contract/directory.js';
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
  it.each(categories)('lists at least 6 seeded entries with photos for %s', async (category) => {
    const body = await page(category, '?pageSize=48');
    expect(body.category.name).toBe(category);
    expect(body.total).toBeGreaterThanOrEqual(6);
    expect(body.entries).toHaveLength(body.total);
    for (const entry of body.entries) {
      expect(entry.name).not.toBe('');
      expect(entry.city).not.toBe('');
      const photo = await t.app.inject({ method: 'GET', url: `/backend/uploads/directory/${entry.photo}` });
      expect(photo.statusCode, entry.photo).toBe(200);
    }
  });

  it('pages the entries: 6 by default, and the next page holds the rest', async () => {
    const first = await page('Artist');
    expect(first.pageSize).toBe(6);
    expect(first.entries).toHaveLength(6);
    expect(first.totalPages).toBe(Math.ceil(first.total / 6));
    const second = await page('Artist', '?page=2');
    expect(second.entries).toHaveLength(first.total - 6);
    const ids = new Set([...first.entries, ...second.entries].map((entry) => entry.id));
    expect(ids.size).toBe(first.total);
    const small = await page('Artist', '?pageSize=2&page=3');
    expect(small.entries).toHaveLength(2);
    expect(small.totalPages).toBe(Math.ceil(first.total / 2));
  });

  it('searches by part of the name, in any case, and treats % and _ as plain characters', async () => {
    const body = await page('Artist', '?search=KULK');
    expect(body.entries.map((entry) => entry.name)).toEqual(['Ananya Kulkarni']);
    expect(body.total).toBe(1);
    expect((await page('Artist', `?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await page('Artist', `?search=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('filters by city, any case, and combines the filter with the search', async () => {
    const mumbai = await page('Artist', '?city=mumbai');
    expect(mumbai.entries.length).toBeGreaterThan(1);
    expect(mumbai.entries.every((entry) => entry.city === 'Mumbai')).toBe(true);
    expect(mumbai.cities).toContain('Pune');
    const both = await page('Artist', '?city=Mumbai&search=rohan');
    expect(both.entries.map((entry) => entry.name)).toEqual(['Rohan Mehta']);
    const none = await page('Artist', '?city=Pune&search=rohan');
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
  const profiles = async (query: string) =>
    (await t.app.inject({ url: `/backend/api/api/v1/profiles?${query}` })).json();

  it('holds 60 people across crafts and cities and 30 organisations across the seven other categories', async () => {
    expect((await profiles('category=Artist')).meta.total).toBe(60);
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
      const { meta } = await profiles(`category=${encodeURIComponent(category)}`);
      expect(meta.total, category).toBeGreaterThanOrEqual(4);
      organisations += meta.total;
    }
    expect(organisations).toBe(30);
    for (const craft of ['actor', 'writer', 'director', 'dop', 'editor', 'stunts']) {
      expect((await profiles(`craft=${craft}`)).meta.total, craft).toBeGreaterThan(0);
    }
    expect((await profiles('language=Tamil&city=Chennai')).meta.total).toBeGreaterThan(0);
    // Verified first.
    const first = (await profiles('category=Artist&per_page=48')).data as { verified: boolean }[];
    const firstUnverified = first.findIndex((card) => !card.verified);
    expect(first.slice(firstUnverified).every((card) => !card.verified)).toBe(true);
    expect(firstUnverified).toBeGreaterThan(0);
  });
});
