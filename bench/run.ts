/**
 * `npm run bench`: builds the production app, starts the real server on a fresh demo database and measures bytes,
 * Lighthouse, offline start, server throughput against a bare ceiling, outbox sync, carousel transitions and the
 * server's peak memory.
 * Prints a table and writes it to bench/results/ (latest.md and latest.json for a whole run). It reports; it asserts
 * nothing on timing.
 *
 * BENCH_SMOKE=1 runs every stage briefly (CI keeps it working with this); BENCH_SKIP_BUILD=1 reuses dist/.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import type { Product } from '../src/contract/catalog.js';
import { type CarouselTransition, measureCarouselTransitions } from './lib/carousel.js';
import { launchChromium, measureBytes, measureOfflineStart, type OfflineStart, type PageBytes } from './lib/browser.js';
import type { LighthouseFigures } from './lib/lighthouse.js';
import { runLighthouseApart } from './lib/lighthouse-process.js';
import { type LoadFigures, type LoadTarget, measureLoad } from './lib/load.js';
import { buildServer } from '../server/src/build/build-server.js';
import { compiledServerArgs } from '../server/src/entry-points.js';
import { startPostgresCluster } from './lib/postgres.js';
import { peakRssMb, run, startNode } from './lib/processes.js';
import { type BenchResults, budgetsOf, renderMarkdown, WRITE_FLOOR } from './lib/report.js';
import { API, USER_API, addToCart, fetchText, listAllProducts, registerShopper, type Shopper } from './lib/shop-api.js';
import { measureSync, type SyncFigures } from './lib/sync.js';
import { fillProfiles, measureSearches, type VolumeFigures, volumeUploadsDir } from './lib/volume.js';
import { type CastingFigures, fillApplications, measureCasting } from './lib/casting.js';
import { measureSeveralProcesses, type ProcessesFigures } from './lib/several-processes.js';
import { whyNoCluster } from '../tests/cluster/cluster.js';
import { measureTapeTranscode, type TapeFigures } from './lib/tapes.js';
import { measureLive } from './lib/live.js';
import { type InvoiceFigures, measureInvoicePdf } from './lib/invoices.js';
import { measurePaymentBudget } from './lib/payments.js';
import { measureTapeResume } from './lib/tape-resume.js';
import { measurePins, type PinFigures } from './lib/pins.js';

/** When the run began: its date in the results, and the name of its files. */
const startedAt = new Date();
const smoke = process.env.BENCH_SMOKE === '1';
const settings = {
  connections: 50,
  durationSeconds: smoke ? 1 : 10,
  warmupSeconds: smoke ? 0 : 2,
  lighthouseRuns: smoke ? 1 : Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
  offlineRuns: smoke ? 1 : 5,
  syncEdits: 100,
};
const log = (line: string) => console.log(line);
/**
 * BENCH_ONLY=bytes,lighthouse,offline,load,postgres,sync,carousels,volume,casting,processes,tapes,live,invoices,payments,
 * resume,pins runs just those stages (to work on one figure).
 */
const only = process.env.BENCH_ONLY?.split(',');
const runs = (stage: string) => !only || only.includes(stage);
/**
 * BENCH_TARGET=addToCart measures only the load targets whose name starts so (stages 4 and 4b); the write floor's
 * name starts so too, so that `addToCart` is always measured beside it.
 */
// BENCH_PG_PORT moves stage 4b's throw-away cluster off its port (54339), for a machine where that one is taken.
const onlyTarget = process.env.BENCH_TARGET;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  log('Building the production app...');
  await run('npm', ['run', 'build']);
} else {
  // The server's programs take a second to compile: always from the current sources.
  await buildServer();
}

/**
 * Starts the compiled server as `npm start` runs it, on the embedded database (in `dataDir`, a new folder unless
 * given) or on `databaseUrl`.
 */
async function startServer(databaseUrl: string, dataDir?: string) {
  dataDir ??= await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-'));
  // Request logging is left at warn: the figures are the server's, not the terminal's.
  const server = await startNode(
    compiledServerArgs(),
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SKIP_BUILD: '1',
      REGISTER_LIMIT: '100000',
      // The write floor that `addToCart` is measured beside (stages 4 and 4b).
      BENCH_WRITE_FLOOR: '1',
    },
    /running at (http:\/\/localhost:\d+)\//,
  );
  return {
    server,
    baseUrl: server.url.replace('localhost', '127.0.0.1'),
    async stop() {
      await server.stop();
      await fs.rm(dataDir!, { recursive: true, force: true });
    },
  };
}

log('Starting the server on a fresh demo database...');
const main = await startServer('');
const { server, baseUrl } = main;
const browser = await launchChromium();

/** Stage 4: autocannon on the four endpoints, each beside the bare ceiling. */
async function measureServer(
  title: string,
  baseUrl: string,
  products: Product[],
  product: Product,
): Promise<LoadFigures[]> {
  log(`\n${title}`);

  const stocked = products.filter((item) => item.stock >= 10).slice(0, 5);
  const shoppers: Shopper[] = [];
  for (let index = 0; index < 20; index += 1) shoppers.push(await registerShopper(baseUrl, `load-${index}`));
  const probe = await registerShopper(baseUrl, 'probe');
  const cartBody = JSON.stringify(await addToCart(baseUrl, probe, stocked[0]!.id));
  const pairs = shoppers.flatMap((shopper) => stocked.map((item) => ({ shopper, productId: item.id })));
  // A shopper and product pair belongs to one connection for a whole round (autocannon clears a connection's
  // context after each round), so two connections never add to the same line at once. 100 pairs for 50 connections:
  // a pair is given back at the end of its round, and each connection holds at most one.
  const freePairs = [...pairs];
  const addPath = `${USER_API}/addToCart`;
  // Each edit with its own Idempotency-Key, as the app's outbox sends them (the server then also stores each answer).
  const headersOf = (shopper: Shopper) => ({
    authorization: `Bearer ${shopper.token}`,
    'content-type': 'application/json',
    'idempotency-key': randomUUID(),
  });
  type CartContext = { pair?: (typeof pairs)[number]; lineId?: number };
  // Four adds of one to a line, then its quantity set back to 1, so no line reaches the limit of 10 per product.
  const add: autocannon.Request = {
    method: 'POST',
    path: addPath,
    setupRequest: (request, context: CartContext) => {
      context.pair ??= freePairs.shift();
      if (!context.pair) throw new Error('More connections than shopper and product pairs');
      return {
        ...request,
        headers: headersOf(context.pair.shopper),
        body: JSON.stringify({ product_id: context.pair.productId, quantity: 1 }),
      };
    },
    onResponse: (status, body, context: CartContext) => {
      if (status !== 200 || context.lineId !== undefined) return;
      const cart = JSON.parse(body) as { data: { id: number; product_id: number }[] };
      context.lineId = cart.data.find((line) => line.product_id === context.pair?.productId)?.id;
    },
  };
  const reset: autocannon.Request = {
    method: 'PUT',
    setupRequest: (request, context: CartContext) => ({
      ...request,
      path: `${USER_API}/cart/${context.lineId}`,
      headers: headersOf(context.pair!.shopper),
      body: JSON.stringify({ quantity: 1 }),
    }),
    onResponse: (_status, _body, context: CartContext) => {
      if (context.pair) freePairs.push(context.pair);
    },
  };
  // The write floor: the same keyed statements in one transaction each, on a bare route (no sign-in, no batch, no
  // look-up of the key), on the same server and database; in rounds of four adds and a quantity set, as above.
  const floorPath = `${API}/bench/write-floor`;
  const floorBody = (pair: (typeof pairs)[number], change: { product_id: number } | { line_id: number }) =>
    JSON.stringify({ user_id: pair.shopper.userId, quantity: 1, ...change });
  // Pairs of their own: those `addToCart`'s connections held when it ended never came back to `freePairs`.
  const freeFloorPairs = [...pairs];
  const floorAdd: autocannon.Request = {
    method: 'POST',
    path: floorPath,
    setupRequest: (request, context: CartContext) => {
      context.pair ??= freeFloorPairs.shift();
      if (!context.pair) throw new Error('More connections than shopper and product pairs');
      return {
        ...request,
        headers: headersOf(context.pair.shopper),
        body: floorBody(context.pair, { product_id: context.pair.productId }),
      };
    },
    onResponse: add.onResponse!,
  };
  const floorReset: autocannon.Request = {
    method: 'POST',
    path: floorPath,
    setupRequest: (request, context: CartContext) => ({
      ...request,
      headers: headersOf(context.pair!.shopper),
      body: floorBody(context.pair!, { line_id: context.lineId! }),
    }),
    onResponse: (_status, _body, context: CartContext) => {
      if (context.pair) freeFloorPairs.push(context.pair);
    },
  };
  const productPath = `${API}/api/v1/getProduct/${product.id}`;
  const targets: LoadTarget[] = [
    {
      name: 'getHomeData',
      method: 'GET',
      path: `${API}/getHomeData`,
      cannedBody: await fetchText(baseUrl, `${API}/getHomeData`),
    },
    {
      name: 'Product list',
      method: 'GET',
      path: `${API}/getProduct`,
      cannedBody: await fetchText(baseUrl, `${API}/getProduct`),
    },
    { name: 'Product detail', method: 'GET', path: productPath, cannedBody: await fetchText(baseUrl, productPath) },
    {
      name: 'addToCart (signed in)',
      method: 'POST',
      path: addPath,
      cannedBody: cartBody,
      headers: headersOf(probe),
      body: JSON.stringify({ product_id: stocked[0]!.id, quantity: 1 }),
      requests: [add, add, add, add, reset],
    },
    {
      name: WRITE_FLOOR,
      method: 'POST',
      path: floorPath,
      cannedBody: cartBody,
      headers: headersOf(probe),
      body: floorBody({ shopper: probe, productId: stocked[0]!.id }, { product_id: stocked[0]!.id }),
      requests: [floorAdd, floorAdd, floorAdd, floorAdd, floorReset],
    },
  ];
  const chosen = targets.filter((target) => !onlyTarget || target.name.startsWith(onlyTarget));
  return measureLoad(baseUrl, chosen, settings, log);
}

/**
 * Stage 4 again, on PostgreSQL: a cluster started as CI starts it, a second server on it with the same demo content.
 * The embedded database's server is idle meanwhile.
 */
async function measurePostgres(): Promise<{ figures: LoadFigures[]; skipped: string | null }> {
  const cluster = startPostgresCluster(Number(process.env.BENCH_PG_PORT ?? 54339));
  if (typeof cluster === 'string') {
    log(`\n4b. Server under load on PostgreSQL: not run, ${cluster}`);
    return { figures: [], skipped: cluster };
  }
  try {
    const pg = await startServer(cluster.url);
    try {
      const products = await listAllProducts(pg.baseUrl);
      const product = products.find((item) => item.stock >= 10) ?? products[0]!;
      const title = '4b. Server under load on PostgreSQL';
      return { figures: await measureServer(title, pg.baseUrl, products, product), skipped: null };
    } finally {
      await pg.stop();
    }
  } finally {
    cluster.stop();
  }
}

/**
 * Stage 8: the directory's search on a large network, 100,000 profiles on PostgreSQL and 20,000 on the embedded
 * database, each in a database of its own with the demo content, at 20 connections.
 */
async function measureVolume(): Promise<{ figures: VolumeFigures[]; skipped: string | null }> {
  log('\n8. Directory search on a large network');
  const searchSettings = { connections: 20, durationSeconds: settings.durationSeconds };
  const figures: VolumeFigures[] = [];
  const embeddedProfiles = smoke ? 2_000 : 20_000;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-volume-'));
  await fillProfiles({ pgliteDir: path.join(dataDir, 'pglite') }, volumeUploadsDir(dataDir), embeddedProfiles);
  const embedded = await startServer('', dataDir);
  try {
    const label = { database: 'embedded', profiles: embeddedProfiles };
    figures.push(...(await measureSearches(embedded.baseUrl, label, searchSettings, log)));
  } finally {
    await embedded.stop();
  }
  // BENCH_VOLUME_PG_PORT moves this stage's cluster off its port (54338).
  const cluster = startPostgresCluster(Number(process.env.BENCH_VOLUME_PG_PORT ?? 54338));
  if (typeof cluster === 'string') {
    log(`  PostgreSQL: not run, ${cluster}`);
    return { figures, skipped: cluster };
  }
  try {
    const postgresProfiles = smoke ? 2_000 : 100_000;
    const uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-volume-uploads-'));
    await fillProfiles({ databaseUrl: cluster.url }, uploads, postgresProfiles);
    const pg = await startServer(cluster.url);
    try {
      const label = { database: 'PostgreSQL', profiles: postgresProfiles };
      figures.push(...(await measureSearches(pg.baseUrl, label, searchSettings, log)));
    } finally {
      await pg.stop();
      await fs.rm(uploads, { recursive: true, force: true });
    }
  } finally {
    cluster.stop();
  }
  return { figures, skipped: null };
}

/**
 * Stage 9: casting on PostgreSQL: one call with 10,000 applications, then applying (members who have not applied
 * yet) and the poster's filtered applicant list, at 20 connections.
 */
async function measureCastingVolume(): Promise<{ figures: CastingFigures[]; skipped: string | null }> {
  log('\n9. Casting on PostgreSQL');
  const cluster = startPostgresCluster(54337);
  if (typeof cluster === 'string') {
    log(`  not run, ${cluster}`);
    return { figures: [], skipped: cluster };
  }
  try {
    const applications = smoke ? 500 : 10_000;
    const uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-casting-uploads-'));
    const volume = await fillApplications({ databaseUrl: cluster.url }, uploads, applications, smoke ? 2_000 : 20_000);
    const pg = await startServer(cluster.url);
    try {
      const castingSettings = {
        connections: 20,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      };
      return { figures: await measureCasting(pg.baseUrl, volume, applications, castingSettings, log), skipped: null };
    } finally {
      await pg.stop();
      await fs.rm(uploads, { recursive: true, force: true });
    }
  } finally {
    cluster.stop();
  }
}

/**
 * Stage 10: three web processes and a worker behind haproxy on one PostgreSQL cluster, each figure beside one of the
 * processes asked directly and beside the write floor (bench/lib/several-processes.ts).
 */
async function measureProcesses(): Promise<{ figures: ProcessesFigures | null; skipped: string | null }> {
  log('\n10. Several processes behind haproxy on PostgreSQL');
  const why = await whyNoCluster();
  if (why) {
    log(`  not run, ${why}`);
    return { figures: null, skipped: why };
  }
  return { figures: await measureSeveralProcesses({ ...settings, smoke }, log), skipped: null };
}

/**
 * Stage 12: members' live streams on two processes on PostgreSQL: a notice written through one seen on the other's
 * stream, and thousands of streams open on one process (bench/lib/live.ts). BENCH_LIVE_PG_PORT moves its cluster.
 */
async function measureLiveStreams() {
  log('\n12. Live streams across processes on PostgreSQL');
  const why = await whyNoCluster();
  if (why) {
    log(`  not run, ${why}`);
    return { figures: null, skipped: why };
  }
  return measureLive(
    {
      port: Number(process.env.BENCH_LIVE_PG_PORT ?? 54349),
      notices: smoke ? 10 : 200,
      streams: smoke ? 50 : 2_000,
    },
    log,
  );
}

/**
 * Stage 15: a 100 MB self-tape upload cut at 50% mid-request and resumed through the compiled server on PostgreSQL
 * (bench/lib/tape-resume.ts); the smoke run sends 10 MB. BENCH_RESUME_PG_PORT moves its cluster.
 */
async function measureUploadResume() {
  log('\n15. A self-tape upload cut at 50% and resumed');
  return measureTapeResume(
    { port: Number(process.env.BENCH_RESUME_PG_PORT ?? 54351), sizeBytes: (smoke ? 10 : 100) * 2 ** 20 },
    log,
  );
}

try {
  const products = await listAllProducts(baseUrl);
  const product = products.find((item) => item.stock >= 10) ?? products[0]!;
  const pages = [
    { name: 'Home', path: '/', ready: 'main a[href^="/category/"]' },
    { name: 'Shop list', path: '/shop', ready: 'main a[href^="/shop/"]' },
    { name: 'Product', path: `/shop/${product.id}`, ready: 'main h1' },
  ];

  // The Hindi home page too: its budget is English's plus the Hindi words, the font counted apart.
  const bytesPages = [...pages, { name: 'Home (Hindi)', path: '/hi/', ready: 'main a[href^="/hi/category/"]' }];
  const bytes: PageBytes[] = [];
  if (runs('bytes')) log('\n1. Bytes on a cold first load');
  for (const page of runs('bytes') ? bytesPages : []) {
    const row = await measureBytes(browser, baseUrl, page.name, page.path, page.ready);
    log(
      `  ${row.name}: JS ${(row.js / 1024).toFixed(1)} KB in ${row.jsFiles} files, CSS ${(row.css / 1024).toFixed(1)} KB, fonts ${(row.fonts / 1024).toFixed(1)} KB`,
    );
    bytes.push(row);
  }

  const lighthousePages = [
    ...pages.map(({ name, path }) => ({ name, path })),
    { name: 'About', path: '/about' },
    // The network's public pages, rendered by the server as the others.
    { name: 'Profile', path: '/profiles/aarav-sharma-1' },
    { name: 'Auditions', path: '/auditions' },
    // The same four budgeted pages in Hindi: the Hindi words and the Devanagari font are theirs to carry.
    { name: 'Home (Hindi)', path: '/hi/' },
    { name: 'Shop list (Hindi)', path: '/hi/shop' },
    { name: 'Profile (Hindi)', path: '/hi/profiles/aarav-sharma-1' },
    { name: 'Auditions (Hindi)', path: '/hi/auditions' },
  ];
  let lighthouse: LighthouseFigures[] = [];
  if (runs('lighthouse')) {
    log('\n2. Lighthouse (mobile defaults)');
    lighthouse = await runLighthouseApart({
      baseUrl,
      pages: smoke ? lighthousePages.slice(0, 1) : lighthousePages,
      runs: settings.lighthouseRuns,
      reportDir: 'bench/results/lighthouse',
    });
  }

  let offline: OfflineStart | null = null;
  if (runs('offline')) {
    log('\n3. Offline start');
    offline = await measureOfflineStart(browser, baseUrl, pages[0]!.ready, settings.offlineRuns);
    log(
      `  home FCP online ${offline.onlineFcpMs.toFixed(0)} ms, offline ${offline.offlineFcpMs.toFixed(0)} ms; ` +
        `content online ${offline.onlineContentMs.toFixed(0)} ms, offline ${offline.offlineContentMs.toFixed(0)} ms`,
    );
  }

  const load = runs('load') ? await measureServer('4. Server under load', baseUrl, products, product) : [];
  const loadPostgres = runs('postgres') ? await measurePostgres() : { figures: [], skipped: 'not asked for' };

  let sync: SyncFigures | null = null;
  if (runs('sync')) {
    log('\n5. Outbox sync after reconnect');
    const syncShopper = await registerShopper(baseUrl, 'sync');
    const syncProducts = products.filter((item) => item.stock >= 3).slice(0, 25);
    sync = await measureSync(browser, baseUrl, syncShopper, syncProducts, settings.syncEdits);
    log(
      `  ${sync.edits} edits acknowledged in ${sync.syncMs.toFixed(0)} ms; server state matches: ${sync.serverStateMatches}`,
    );
  }

  let carousels: CarouselTransition[] = [];
  if (runs('carousels')) {
    log('\n6. Carousel transitions');
    carousels = await measureCarouselTransitions(browser, baseUrl, smoke ? [1280] : [1280, 800, 390]);
    for (const row of carousels) {
      log(
        `  ${row.carousel} at ${row.viewportWidth} px: ${row.visibleMs} ms visible, ${row.settledMs} ms to Embla's end`,
      );
    }
  }

  const peakRss = peakRssMb(server.child.pid!);
  const volume = runs('volume') ? await measureVolume() : { figures: [], skipped: 'not asked for' };
  const casting = runs('casting') ? await measureCastingVolume() : { figures: [], skipped: 'not asked for' };
  const processes = runs('processes') ? await measureProcesses() : { figures: null, skipped: 'not asked for' };
  let tapes: TapeFigures | null = null;
  if (runs('tapes')) {
    log('\n11. A self-tape transcoded');
    tapes = await measureTapeTranscode(smoke, log);
  }
  const live = runs('live') ? await measureLiveStreams() : { figures: null, skipped: 'not asked for' };
  let invoices: InvoiceFigures | null = null;
  if (runs('invoices')) {
    log('\n13. A tax invoice PDF made by the job');
    invoices = await measureInvoicePdf(smoke, log);
  }
  let payments = null;
  if (runs('payments')) {
    log('\n14. Online payments: signed webhooks three times shuffled, tabs closed, one reconciliation pass');
    payments = await measurePaymentBudget(smoke);
    log(
      `  ${payments.orders} orders: paid ${payments.paid}, duplicated ${payments.duplicates}, lost ${payments.lost} ` +
        `(${payments.foundByReconciliation} found by the reconciliation pass, deliveries in ${(payments.deliveryMs / 1000).toFixed(1)} s)`,
    );
  }
  const resume = runs('resume') ? await measureUploadResume() : { figures: null, skipped: 'not asked for' };
  let pins: PinFigures | null = null;
  if (runs('pins')) {
    log('\n16. Check delivery to a PIN');
    pins = await measurePins(baseUrl, smoke);
    log(
      `  online: ${pins.requests} checks, ${pins.concurrency} at a time: p50 ${pins.onlineP50Ms.toFixed(1)} ms, ` +
        `p99 ${pins.onlineP99Ms.toFixed(1)} ms, ${pins.errors} errors; offline copy (${pins.offlineBytes} bytes): ` +
        `first lookup p99 ${pins.offlineColdP99Ms.toFixed(2)} ms, later p99 ${pins.offlineWarmP99Ms.toFixed(4)} ms`,
    );
  }
  log(`\n7. Server peak RSS: ${peakRss === null ? 'unknown' : `${peakRss.toFixed(0)} MB`}`);

  const results: BenchResults = {
    date: startedAt.toISOString(),
    commit: execSync('git rev-parse --short HEAD').toString().trim(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    smoke,
    settings,
    bytes,
    lighthouse,
    offline,
    load,
    loadPostgres: loadPostgres.figures,
    postgresSkipped: loadPostgres.skipped,
    sync,
    carousels,
    peakRssMb: peakRss,
    volume: volume.figures,
    volumeSkipped: volume.skipped,
    casting: casting.figures,
    castingSkipped: casting.skipped,
    severalProcesses: processes.figures,
    severalProcessesSkipped: processes.skipped,
    tapes,
    live: live.figures,
    liveSkipped: live.skipped,
    invoices,
    payments,
    tapeResume: resume.figures,
    tapeResumeSkipped: resume.skipped,
    pins,
    budgets: [],
  };
  results.budgets = budgetsOf(results);
  const markdown = renderMarkdown(results);
  const json = JSON.stringify(results, null, 2) + '\n';
  // Each run keeps a file of its own; only a whole run (every stage, every target, not the smoke) is the latest.
  const whole = !smoke && !only && !onlyTarget;
  const names = [`${results.date.replace(/[:.]/g, '-')}${whole ? '' : '-partial'}`, ...(whole ? ['latest'] : [])];
  await fs.mkdir('bench/results', { recursive: true });
  for (const name of names) {
    await fs.writeFile(`bench/results/${name}.md`, markdown);
    await fs.writeFile(`bench/results/${name}.json`, json);
  }
  log('\n' + markdown);
  log(`Written to ${names.map((name) => `bench/results/${name}.md and .json`).join(', ')}`);
} finally {
  await browser.close();
  await main.stop();
}
