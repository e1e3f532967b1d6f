import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/src/db/schema.js';
import { createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

describe('banners in the back office', () => {
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
