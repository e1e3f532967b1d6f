import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../server/src/db/schema.js';
import { homeDataSchema } from '../../src/contract/site.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /backend/api/getHomeData', () => {
  it('answers every site setting the spec names and the category list, from the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/api/getHomeData' });
    expect(response.statusCode).toBe(200);
    const body = homeDataSchema.parse(response.json());
    expect(Object.keys(body.site_settings).sort()).toEqual(
      [
        'site_name',
        'site_description',
        'site_logo',
        'site_favicon',
        'site_phone',
        'site_whatsapp',
        'site_address',
        'facebook',
        'instagram',
        'youtube',
        'linkedin',
      ].sort(),
    );
    expect(body.site_settings.site_name).toBe('CineVerse');
    expect(Object.keys(body.categoryList)).toEqual([
      'Artist',
      'Union',
      'Vendor',
      'Production House',
      'Studio',
      'Shooting Location',
      'Course',
      'Theatre',
    ]);
  });

  it('reflects an edit to the settings row', async () => {
    await t.database.db.update(siteSettings).set({ siteName: 'Filmi Duniya' }).where(eq(siteSettings.id, 1));
    const response = await t.app.inject({ method: 'GET', url: '/backend/api/getHomeData' });
    expect(response.json().site_settings.site_name).toBe('Filmi Duniya');
  });
});

describe('uploads', () => {
  it('serves a seeded settings image at /backend/uploads/settings/{file}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/uploads/settings/logo.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a folder that is not an upload folder and for path tricks', async () => {
    for (const url of ['/backend/uploads/secret/logo.png', '/backend/uploads/settings/../../pglite/PG_VERSION']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('GET /backend/api/health', () => {
  it('answers ok with the database kind while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});

describe('OpenAPI', () => {
  it('describes the API under /backend/api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/backend/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/backend/api/getHomeData');
    const ui = await t.app.inject({ method: 'GET', url: '/backend/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
