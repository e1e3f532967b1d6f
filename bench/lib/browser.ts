import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium.js';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

export interface PageBytes {
  name: string;
  path: string;
  /**
   * Compressed bytes on the wire (the response bodies as sent), by kind. `js` is the JavaScript requested until the
   * app is ready (`data-app-ready`); what is requested after it (code that only moves slides) is `jsAfterReady`.
   */
  js: number;
  jsAfterReady: number;
  css: number;
  fonts: number;
  images: number;
  api: number;
  total: number;
  jsFiles: number;
  cssFiles: number;
  /** Each script and stylesheet with its compressed bytes, largest first: what to look at when the total grows. */
  files: { path: string; bytes: number }[];
}

function kindOf(
  url: URL,
  resourceType: string,
): keyof Pick<PageBytes, 'js' | 'css' | 'fonts' | 'images' | 'api'> | null {
  if (url.pathname.endsWith('.js')) return 'js';
  if (url.pathname.endsWith('.css')) return 'css';
  if (/\.(woff2?|ttf)$/.test(url.pathname)) return 'fonts';
  if (resourceType === 'image') return 'images';
  if (url.pathname.startsWith('/backend/')) return 'api';
  return null;
}

/**
 * A cold first load in a new profile, the service worker kept out so that only what the page itself needs is
 * counted (the worker's background precache is the offline copy, not the first load).
 */
export async function measureBytes(
  browser: Browser,
  baseUrl: string,
  name: string,
  path: string,
  readySelector: string,
): Promise<PageBytes> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const finished: Promise<{ url: string; kind: ReturnType<typeof kindOf>; bytes: number }>[] = [];
  const row: PageBytes = {
    name,
    path,
    js: 0,
    jsAfterReady: 0,
    css: 0,
    fonts: 0,
    images: 0,
    api: 0,
    total: 0,
    jsFiles: 0,
    cssFiles: 0,
    files: [],
  };
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    finished.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        kind: kindOf(url, request.resourceType()),
        bytes: sizes.responseBodySize,
      })),
    );
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await page.locator(readySelector).first().waitFor();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const { readyAt, requestedAt } = await page.evaluate(() => ({
    // The page's own clock: when the app marked itself ready, and when each resource was requested.
    readyAt: performance.getEntriesByName('app-ready')[0]!.startTime,
    requestedAt: Object.fromEntries(
      performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime] as const),
    ),
  }));
  for (const { url, kind, bytes } of await Promise.all(finished)) {
    row.total += bytes;
    if (!kind) continue;
    const path = new URL(url).pathname;
    if (kind === 'js' && (requestedAt[url] ?? 0) > readyAt) {
      row.jsAfterReady += bytes;
      row.files.push({ path: `${path} (after ready)`, bytes });
      continue;
    }
    row[kind] += bytes;
    if (kind === 'js') row.jsFiles += 1;
    if (kind === 'css') row.cssFiles += 1;
    if (kind === 'js' || kind === 'css') row.files.push({ path, bytes });
  }
  await context.close();
  row.files.sort((a, b) => b.bytes - a.bytes);
  return row;
}

export interface OfflineStart {
  onlineFcpMs: number;
  offlineFcpMs: number;
  onlineContentMs: number;
  offlineContentMs: number;
  runs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Records, in the page's own clock, when the first element matching `selector` appears. */
function watchFor(selector: string) {
  return `(() => {
    const seen = () => {
      if (window.__contentAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__contentAt = performance.now();
      }
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  })();`;
}

async function timings(page: Page): Promise<{ fcp: number; content: number }> {
  await page.waitForFunction(
    () =>
      performance.getEntriesByName('first-contentful-paint').length > 0 &&
      (window as unknown as { __contentAt?: number }).__contentAt !== undefined,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    content: (window as unknown as { __contentAt: number }).__contentAt,
  }));
}

async function installWorker(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(baseUrl + '/');
  // `ready` resolves once the worker is active, which is after it has precached the whole app.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.close();
}

/**
 * Home page start with the service worker installed, online and with the network cut: the first contentful paint
 * and the moment the home page's content (its category tiles) is on screen, medians of `runs` navigations.
 */
export async function measureOfflineStart(
  browser: Browser,
  baseUrl: string,
  contentSelector: string,
  runs: number,
): Promise<OfflineStart> {
  const context = await browser.newContext();
  await context.addInitScript(watchFor(contentSelector));
  await installWorker(context, baseUrl);
  const online: { fcp: number; content: number }[] = [];
  const offline: { fcp: number; content: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    for (const isOffline of [false, true]) {
      await context.setOffline(isOffline);
      const page = await context.newPage();
      await page.goto(baseUrl + '/');
      (isOffline ? offline : online).push(await timings(page));
      await page.close();
    }
  }
  await context.setOffline(false);
  await context.close();
  return {
    onlineFcpMs: median(online.map((t) => t.fcp)),
    offlineFcpMs: median(offline.map((t) => t.fcp)),
    onlineContentMs: median(online.map((t) => t.content)),
    offlineContentMs: median(offline.map((t) => t.content)),
    runs,
  };
}
