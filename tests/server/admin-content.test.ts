import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../server/src/db/schema.js';
import { buildApp } from '../../server/src/app.js';
import { OTHER_PROCESS_LAG_MS } from '../../server/src/plugins/read-cache.js';
import { createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

/** One app for the file: the lists each test edits are its own (banners, insiders, a section, a category). */
let testApp: TestApp;
let editor: Shopper;

beforeAll(async () => {
  testApp = await createTestApp({ readCache: true });
  editor = await createStaff(testApp.app, 'editor', 'Kabir Editor');
});
afterAll(() => testApp.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object) =>
  testApp.app.inject({
    method,
    url: `${ADMIN_API}${path}`,
    headers: editor.headers,
    ...(body === undefined ? {} : { payload: body }),
  });

describe('banners in the back office', () => {
  const homeBanners = async () =>
    (await testApp.app.inject({ url: '/backend/api/getHomeData' })).json().bannerList as { id: number }[];

  it('adds, moves and removes banners; the home page shows each change at once, in order', async () => {
    const seeded = (await call('GET', '/banners')).json().data as { id: number; position: number }[];
    expect(seeded.map((banner) => banner.position)).toEqual([1, 2, 3]);
    expect((await homeBanners()).map((banner) => banner.id)).toEqual(seeded.map((banner) => banner.id));

    const created = await call('POST', '/banners', {
      image: 'banner-2.svg',
      link: '/category/Studio',
      alt: 'Studio floors to rent',
      position: 1,
    });
    expect(created.statusCode).toBe(201);
    const banner = created.json().data;
    expect(banner).toMatchObject({ position: 1, link: '/category/Studio', alt: 'Studio floors to rent' });
    expect((await homeBanners()).map((item) => item.id)).toEqual([banner.id, ...seeded.map((item) => item.id)]);

    const moved = await call('PUT', `/banners/${banner.id}`, { image: 'banner-2.svg', link: '', position: 3 });
    expect(moved.statusCode).toBe(200);
    expect((await homeBanners()).map((item) => item.id)).toEqual([
      seeded[0]!.id,
      seeded[1]!.id,
      banner.id,
      seeded[2]!.id,
    ]);

    expect((await call('DELETE', `/banners/${seeded[0]!.id}`)).statusCode).toBe(200);
    const after = (await call('GET', '/banners')).json().data as { id: number; position: number }[];
    expect(after.map((item) => [item.id, item.position])).toEqual([
      [seeded[1]!.id, 1],
      [banner.id, 2],
      [seeded[2]!.id, 3],
    ]);
    expect((await homeBanners()).map((item) => item.id)).toEqual(after.map((item) => item.id));

    const records = await testApp.app.db.select().from(auditLog).where(eq(auditLog.entity, 'banner'));
    expect(records.map((record) => record.action)).toEqual(['create', 'update', 'delete']);
    expect(records[2]!.before).toMatchObject({ id: seeded[0]!.id });
  });

  it('refuses a link that is not a page or an http(s) address, and an image that was never uploaded', async () => {
    const unsafe = await call('POST', '/banners', { image: 'banner-1.svg', link: 'javascript:alert(1)' });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().field).toBe('link');
    const climbing = await call('POST', '/banners', { image: '../settings/logo.svg' });
    expect(climbing.statusCode).toBe(400);
    expect(climbing.json()).toMatchObject({ field: 'image', message: 'image must be the name of an uploaded file' });
    const missing = await call('POST', '/banners', { image: 'never-uploaded.webp' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      field: 'image',
      message: 'There is no uploaded image of that name: upload it first',
    });
    expect((await call('PUT', '/banners/999999', { image: 'banner-1.svg' })).statusCode).toBe(404);
    expect((await call('DELETE', '/banners/999999')).statusCode).toBe(404);
  });
});

describe('insider videos and section items in the back office', () => {
  const home = async () => (await testApp.app.inject({ url: '/backend/api/getHomeData' })).json();

  it('adds an insider video first; the home page shows it at once; a link that is not YouTube is refused', async () => {
    const video = {
      title: 'On the sets of Monsoon Letters',
      thumbnail: 'insider-1.svg',
      video_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      position: 1,
    };
    const notYoutube = await call('POST', '/insiders', { ...video, video_link: 'https://example.com/clip.mp4' });
    expect(notYoutube.statusCode).toBe(400);
    expect(notYoutube.json()).toMatchObject({ field: 'video_link' });
    const missing = await call('POST', '/insiders', { ...video, thumbnail: 'never-uploaded.webp' });
    expect(missing.json()).toMatchObject({ field: 'thumbnail' });

    const created = await call('POST', '/insiders', video);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ title: video.title, position: 1 });
    expect((await home()).insiderList[0]).toMatchObject({ id: created.json().data.id, title: video.title });
  });

  it('keeps each section’s items in their own order: a new Cine News item at position 2 moves only Cine News', async () => {
    const fashionBefore = (await call('GET', '/sections/cine-fashion/items')).json().data;
    const newsBefore = (await call('GET', '/sections/cine-news/items')).json().data as { id: number }[];
    const created = await call('POST', '/sections/cine-news/items', {
      title: 'Konkan coast doubles as Goa for a Hindi feature',
      description: 'The unit moves to Sindhudurg for a 40-day schedule.',
      position: 2,
    });
    expect(created.statusCode).toBe(201);
    const news = (await home()).sectionList.find((section: { type: string }) => section.type === 'Cine News');
    expect(news.data.map((item: { id: number }) => item.id)).toEqual([
      newsBefore[0]!.id,
      created.json().data.id,
      ...newsBefore.slice(1).map((item) => item.id),
    ]);
    expect((await call('GET', '/sections/cine-fashion/items')).json().data).toEqual(fashionBefore);

    const unknown = await call('GET', '/sections/cine-gossip/items');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'type' });
    // An item is found only in its own section.
    expect((await call('DELETE', `/sections/cine-fashion/items/${created.json().data.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/sections/cine-news/items/${created.json().data.id}`)).statusCode).toBe(200);
  });

  it('shows an edit made through another server process on the same database within 10 seconds', async () => {
    const other = await buildApp({
      database: testApp.database,
      dataDir: testApp.dataDir,
      distDir: testApp.dataDir,
      logLevel: 'silent',
      readCache: true,
    });
    // The caches' clock stands still unless the test moves it: "10 seconds later" is exact, whatever the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const title = 'Behind the scenes: the climax in one take';
      const titles = async () =>
        ((await other.inject({ url: '/backend/api/getHomeData' })).json().insiderList as { title: string }[]).map(
          (item) => item.title,
        );
      expect(await titles()).not.toContain(title);
      // The other process has the home data cached now; the edit is made through this one.
      const created = await call('POST', '/insiders', {
        title,
        thumbnail: 'insider-2.svg',
        video_link: 'https://youtu.be/dQw4w9WgXcQ',
      });
      expect(created.statusCode).toBe(201);
      // On PostgreSQL the other process may already have dropped its copy on the change notice
      // (tests/server/change-notices.test.ts); without one, the copy expires within the lag.
      vi.setSystemTime(Date.now() + OTHER_PROCESS_LAG_MS);
      // Its stale copy may answer once more while the fresh one loads.
      await expect.poll(titles).toContain(title);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });
});
