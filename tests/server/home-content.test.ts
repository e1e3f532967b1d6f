import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionItems } from '../../server/src/db/schema.js';
import { homeDataSchema, sectionTypes } from '../../src/contract/site.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function homeData() {
  const response = await t.app.inject({ method: 'GET', url: '/backend/api/getHomeData' });
  expect(response.statusCode).toBe(200);
  return homeDataSchema.parse(response.json());
}

async function expectImage(folder: string, file: string) {
  const response = await t.app.inject({ method: 'GET', url: `/backend/uploads/${folder}/${file}` });
  expect(response.statusCode, `${folder}/${file}`).toBe(200);
  expect(response.headers['content-type']).toMatch(/^image\//);
  expect(response.body.length).toBeGreaterThan(200);
}

describe('home data', () => {
  it('answers banners, insider videos and every section type, in the home page order, with the seeded content', async () => {
    const body = await homeData();
    expect(body.bannerList.length).toBeGreaterThanOrEqual(3);
    for (const banner of body.bannerList) {
      expect(banner.alt).not.toBe('');
      // A site page, or none: a banner without a page of its own is not a link.
      expect(banner.link).toMatch(/^(\/.*)?$/);
    }
    // The first leads to its casting call (seeded with the calls).
    expect(body.bannerList[0]!.link).toMatch(/^\/auditions\/\d+$/);
    expect(body.insiderList).toHaveLength(4);
    for (const insider of body.insiderList) {
      expect(insider.video_link).toMatch(/^https:\/\/(www\.youtube\.com\/watch\?v=|youtu\.be\/)[\w-]{11}$/);
      expect(insider.title).not.toBe('');
    }
    expect(body.sectionList.map((section) => section.type)).toEqual([...sectionTypes]);
    for (const section of body.sectionList) {
      expect(section.data.length, section.type).toBeGreaterThanOrEqual(4);
      for (const item of section.data) {
        expect(Object.keys(item).sort()).toEqual(['description', 'id', 'image', 'link', 'title']);
      }
    }
  });

  it('serves every seeded image from the upload folder its kind names', async () => {
    const body = await homeData();
    for (const banner of body.bannerList) await expectImage('banner', banner.image);
    for (const insider of body.insiderList) await expectImage('inside', insider.thumbnail);
    for (const section of body.sectionList) {
      for (const item of section.data) await expectImage('section', item.image);
    }
  });

  it('leaves out a section type that has no items and keeps the order of the rest', async () => {
    await t.database.db.delete(sectionItems).where(eq(sectionItems.type, 'Cine Fashion'));
    const body = await homeData();
    expect(body.sectionList.map((section) => section.type)).toEqual(
      sectionTypes.filter((type) => type !== 'Cine Fashion'),
    );
  });
});
