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

  it('sends nothing from outside the build, whatever the path says', async () => {
    await fs.writeFile(path.join(distDir, '..', 'secret.txt'), 'not for the web');
    for (const url of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/%E0%A4%A.txt']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('not for the web');
    }
  });

  it('answers a page path with a route of its own, and a POST to it with 405', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
    const response = await t.app.inject({ method: 'POST', url: '/about' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});

describe('security headers', () => {
  it('come with every kind of answer: pages, files, compressed files, API answers and errors', async () => {
    const pagePolicy = (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(pagePolicy).toContain("default-src 'self'");
    expect(pagePolicy).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/www\.google\.com/);
    expect(pagePolicy).toContain("frame-ancestors 'none'");
    const answers = {
      page: await t.app.inject({ method: 'GET', url: '/about' }),
      'unknown page': await t.app.inject({ method: 'GET', url: '/no/such/scene' }),
      'service worker': await t.app.inject({ method: 'GET', url: '/sw.js' }),
      asset: await t.app.inject({
        method: 'GET',
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': 'br' },
      }),
      'missing asset': await t.app.inject({ method: 'GET', url: '/assets/missing-Zz9.js' }),
      'API answer': await t.app.inject({ method: 'GET', url: '/backend/api/health' }),
      'API refusal': await t.app.inject({ method: 'GET', url: '/backend/api/api/user/v1/profile' }),
      'unknown API path': await t.app.inject({ method: 'GET', url: '/backend/api/no-such-call' }),
      'bad JSON': await t.app.inject({
        method: 'POST',
        url: '/backend/api/api/v1/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      }),
    };
    for (const [kind, response] of Object.entries(answers)) {
      // The app's pages and files get the page policy; the API's answers, which are never pages, one allowing nothing.
      expect(response.headers['content-security-policy'], kind).toBe(
        /API|bad JSON/.test(kind) ? "default-src 'none';frame-ancestors 'none'" : pagePolicy,
      );
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], kind).toBe('same-origin');
      expect(response.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by'], kind).toBeUndefined();
    }
    expect(answers['unknown API path'].statusCode).toBe(404);
    // The API's documentation is a page of its own, with its own policy.
    const docs = await t.app.inject({ method: 'GET', url: '/backend/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(answers['bad JSON'].statusCode).toBe(400);
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

describe('server-rendered pages', () => {
  const shell = [
    '<!doctype html><html><head>',
    '<link rel="preload" href="/backend/api/getHomeData" as="fetch" crossorigin="anonymous">',
    '<script type="module" src="/assets/index-AbC123.js"></script>',
    '</head><body>',
    '<div id="root">',
    '  <div class="cv-start">Loading CineVerse…</div>',
    '  <!--/app-->',
    '</div>',
    '</body></html>',
  ].join('\n');

  /** A dist folder with the shell, a manifest and `renderer` as the SSR build's module. */
  async function distWith(renderer: string): Promise<string> {
    const dir = path.join(await fs.mkdtemp('/tmp/cineverse-dist-'), 'dist');
    await fs.mkdir(path.join(dir, '.ssr'), { recursive: true });
    await fs.mkdir(path.join(dir, '.vite'), { recursive: true });
    await fs.writeFile(path.join(dir, 'index.html'), shell);
    await fs.writeFile(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/routes/about.tsx?tsr-split=component': { file: 'assets/about-1.js', css: ['assets/about-1.css'] },
      }),
    );
    await fs.writeFile(path.join(dir, '.ssr', 'render-page.js'), renderer);
    return dir;
  }

  // Stands in for the SSR build: renders the site name it asks the API for, through the transport it is given.
  const renderer = `
    export async function renderPage(url, send) {
      const answer = await send('/backend/api/getHomeData', { method: 'GET', headers: { accept: 'application/json' } });
      const home = await answer.json();
      return { html: '<main><h1>' + home.site_settings.site_name + ' at ' + url + '</h1></main>', head: '',
        state: '{"queries":[]}', routeIds: ['__root__', '/about'] };
    }`;

  it("sends a public page rendered from the app's own calls, answered in process, with its styles and data", async () => {
    const app = await createTestApp({ distDir: await distWith(renderer) });
    try {
      const page = await app.app.inject({ method: 'GET', url: '/about' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<div id="root"><main><h1>CineVerse at /about</h1></main></div>');
      expect(page.body).not.toContain('Loading CineVerse');
      expect(page.body).toContain('<script type="application/json" id="cv-state">{"queries":[]}</script>');
      expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/about-1.css">');
      expect(page.body).toContain('<meta name="cv-page-modules" content="/assets/about-1.js">');
      expect(page.body).not.toContain('/backend/api/getHomeData');

      // A signed-in page depends on the device's session: the bare shell.
      const cart = await app.app.inject({ method: 'GET', url: '/cart' });
      expect(cart.statusCode).toBe(200);
      expect(cart.body).toContain('Loading CineVerse');
      expect(cart.body).not.toContain('cv-state');
    } finally {
      await app.close();
    }
  });

  it('sends the bare shell when the renderer cannot load or a page fails to render', async () => {
    for (const broken of [
      'throw new Error("a broken build");',
      'export async function renderPage() { throw new Error("boom"); }',
    ]) {
      const app = await createTestApp({ seed: false, distDir: await distWith(broken) });
      try {
        const page = await app.app.inject({ method: 'GET', url: '/about' });
        expect(page.statusCode, broken).toBe(200);
        expect(page.body, broken).toContain('Loading CineVerse');
      } finally {
        await app.close();
      }
    }
  });
});
