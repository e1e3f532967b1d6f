import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  const distDir = path.join(await fs.mkdtemp('/tmp/cineverse-dist-'), 'dist');
  await fs.mkdir(distDir, { recursive: true });
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><title>CineVerse</title><script type="module" src="/assets/index.js"></script></head>' +
      '<body><div id="root"><p>Loading CineVerse…</p><!--/app--></div></body></html>',
  );
  t = await createTestApp({ seed: false, distDir });
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('pages in Hindi under /hi', () => {
  it('answers every page under /hi with the shell in Hindi, and English pages as before', async () => {
    for (const url of ['/hi', '/hi/', '/hi/shop', '/hi/auditions', '/hi/auditions/1', '/hi/login']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="hi"');
      expect(response.body, url).toContain('CineVerse खुल रहा है…');
    }
    const english = await page('/auditions');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en-IN"');
  });

  it('names the canonical address and the alternates in both languages on public pages of both', async () => {
    const hindi = (await page('/hi/auditions?city=Pune')).body;
    expect(hindi).toContain('<link rel="canonical" href="https://cineverse.test/hi/auditions">');
    expect(hindi).toContain('<link rel="alternate" hreflang="en" href="https://cineverse.test/auditions">');
    expect(hindi).toContain('<link rel="alternate" hreflang="hi" href="https://cineverse.test/hi/auditions">');
    expect(hindi).toContain('<link rel="alternate" hreflang="x-default" href="https://cineverse.test/auditions">');
    const english = (await page('/auditions')).body;
    expect(english).toContain('<link rel="canonical" href="https://cineverse.test/auditions">');
    expect(english).toContain('<link rel="alternate" hreflang="hi" href="https://cineverse.test/hi/auditions">');
    const home = (await page('/hi/')).body;
    expect(home).toContain('<link rel="canonical" href="https://cineverse.test/hi/">');
    expect(home).toContain('<link rel="alternate" hreflang="en" href="https://cineverse.test/">');
  });

  it('answers an unknown path under /hi with status 404 and the Hindi shell', async () => {
    const response = await page('/hi/no/such/scene');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="hi"');
  });

  it('keeps the back office out of search engines in Hindi too', async () => {
    const response = await page('/hi/admin');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.body).not.toContain('rel="canonical"');
  });

  it("sends the home page's plain address to Hindi for a Hindi browser or a device that chose Hindi", async () => {
    const browser = await page('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/hi/');
    expect(browser.headers.vary).toContain('Accept-Language');
    const chosen = await page('/?utm_source=wa', { cookie: 'theme=dark; cv-language=hi' });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/hi/?utm_source=wa');
    // A choice of English on this device outweighs the browser's language; other addresses keep their language.
    expect((await page('/', { 'accept-language': 'hi-IN', cookie: 'cv-language=en' })).statusCode).toBe(200);
    expect((await page('/', { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' })).statusCode).toBe(200);
    expect((await page('/auditions', { 'accept-language': 'hi-IN' })).statusCode).toBe(200);
  });
});

describe("a member's language on the account", () => {
  it('is English by default, saved through the profile update and read back', async () => {
    const member = await createShopper(t.app, 'Asha Verma');
    const before = await t.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: member.headers });
    expect(before.json().data.language).toBe('en');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${USER_API}/profile`,
      headers: member.headers,
      payload: { name: 'Asha Verma', phone: '', language: 'hi' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.language).toBe('hi');
    const after = await t.app.inject({ method: 'GET', url: `${USER_API}/profile`, headers: member.headers });
    expect(after.json().data.language).toBe('hi');
    // An update without a language keeps the account's.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${USER_API}/profile`,
      headers: member.headers,
      payload: { name: 'Asha V', phone: '' },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Asha V', language: 'hi' });
  });

  it('refuses a language there is none of, naming the field', async () => {
    const member = await createShopper(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${USER_API}/profile`,
      headers: member.headers,
      payload: { name: 'Test Shopper', phone: '', language: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'language' });
  });
});
