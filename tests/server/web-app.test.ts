import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = path.join(await fs.mkdtemp('/tmp/cineverse-dist-'), 'dist');
  await fs.mkdir(path.join(distDir, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><head><script type="module" src="/assets/index-AbC123.js"></script></head><div id="root"></div>',
  );
  await fs.writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  await fs.writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), 'console.log(1);');
  t = await createTestApp({ seed: false, distDir });
});
afterAll(async () => {
  await t.close();
});

describe('serving the PWA', () => {
  it('answers every page route of the spec with the app shell and status 200', async () => {
    for (const url of ['/', '/about', '/contact', '/privacy-policy', '/terms-and-conditions', '/category/Artist']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('id="root"');
    }
  });

  it('answers an unknown page path with the app shell and status 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/scene' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('id="root"');
  });

  it('never lets HTTP caches keep index.html or the service worker', async () => {
    for (const url of ['/', '/about', '/sw.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with JSON 404, not the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('the home page shell', () => {
  it("preloads the first banner, the home page's largest image, and only on the home page", async () => {
    const seeded = await createTestApp({ distDir });
    try {
      const home = (await seeded.app.inject({ method: 'GET', url: '/backend/api/getHomeData' })).json();
      const banner = `/backend/uploads/banner/${encodeURIComponent(home.bannerList[0].image)}`;
      const shell = await seeded.app.inject({ method: 'GET', url: '/' });
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(shell.headers['cache-control']).toBe('no-store');
      const preload = shell.body.indexOf(`<link rel="preload" as="image" href="${banner}" fetchpriority="high">`);
      // Asked for before the code: ahead of the entry script in the head.
      expect(preload).toBeGreaterThan(-1);
      expect(preload).toBeLessThan(shell.body.indexOf('<script type="module"'));
      expect(shell.body).toContain('id="root"');
      expect((await seeded.app.inject({ method: 'GET', url: banner })).statusCode).toBe(200);
      for (const url of ['/about', '/shop', '/no/such/scene']) {
        expect((await seeded.app.inject({ method: 'GET', url })).body, url).not.toContain('rel="preload"');
      }
    } finally {
      await seeded.close();
    }
  });

  it('serves the plain shell when there is no banner', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('rel="preload"');
  });
});
