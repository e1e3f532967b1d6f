import type { LiveFigures } from './live.js';
import type { PinFigures } from './pins.js';
import type { PageBytes, OfflineStart } from './browser.js';
import type { CarouselTransition } from './carousel.js';
import type { LighthouseFigures } from './lighthouse.js';
import type { LoadFigures } from './load.js';
import type { SyncFigures } from './sync.js';
import type { CastingFigures } from './casting.js';
import type { VolumeFigures } from './volume.js';
import type { ProcessesFigures } from './several-processes.js';
import type { TapeResumeFigures } from './tape-resume.js';
import type { TapeFigures } from './tapes.js';
import type { InvoiceFigures } from './invoices.js';
import type { PaymentBudgetFigures } from './payments.js';

/**
 * The load target of the write floor: the same keyed cart statements in one transaction each on a bare route
 * (`/backend/api/bench/write-floor`). Its name starts with `addToCart`, so that BENCH_TARGET=addToCart runs both.
 */
export const WRITE_FLOOR = 'addToCart write floor (bare keyed upsert)';

export interface Budget {
  figure: string;
  budget: string;
  measured: string;
  ok: boolean;
}

export interface BenchResults {
  /** When the run began. */
  date: string;
  commit: string;
  machine: { cpus: number; memoryGb: number; node: string };
  smoke: boolean;
  settings: Record<string, number>;
  bytes: PageBytes[];
  lighthouse: LighthouseFigures[];
  offline: OfflineStart | null;
  load: LoadFigures[];
  /** Stage 4 on PostgreSQL; empty when it did not run, `postgresSkipped` saying why. */
  loadPostgres: LoadFigures[];
  postgresSkipped: string | null;
  sync: SyncFigures | null;
  carousels: CarouselTransition[];
  peakRssMb: number | null;
  /** Stage 8: the directory's search on a large network; `volumeSkipped` says why PostgreSQL's part did not run. */
  volume: VolumeFigures[];
  volumeSkipped: string | null;
  /** Stage 9: applying and the poster's list on a call with 10,000 applications, on PostgreSQL. */
  casting: CastingFigures[];
  castingSkipped: string | null;
  /** Stage 10: three web processes and a worker behind haproxy; `severalProcessesSkipped` says why it did not run. */
  severalProcesses?: ProcessesFigures | null;
  severalProcessesSkipped?: string | null;
  /** Stage 11: a 3-minute 720p self-tape made into its renditions. */
  tapes?: TapeFigures | null;
  /** Stage 12: members' live streams across two processes; `liveSkipped` says why it did not run. */
  live?: LiveFigures | null;
  liveSkipped?: string | null;
  /** Stage 13: a tax invoice's PDF drawn and stored by the `invoices` job's work. */
  invoices?: InvoiceFigures | null;
  /** Stage 14: signed webhooks sent three times shuffled, tabs closed, one reconciliation pass. */
  payments?: PaymentBudgetFigures | null;
  /** Stage 15: a self-tape upload cut at 50% and resumed; `tapeResumeSkipped` says why it did not run. */
  tapeResume?: TapeResumeFigures | null;
  tapeResumeSkipped?: string | null;
  /** Stage 16: a PIN checked through the API and in the device's compact copy. */
  pins?: PinFigures | null;
  budgets: Budget[];
}

/** 1 KB = 1,024 bytes. */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

export function budgetsOf(results: BenchResults): Budget[] {
  const home = results.bytes.find((row) => row.path === '/');
  const budgets: Budget[] = [];
  if (home) {
    budgets.push({
      figure: 'JS on first load of `/` (until the app is ready), compressed',
      budget: '<= 180 KB',
      measured: kb(home.js),
      ok: home.js <= 180 * 1024,
    });
    budgets.push({
      figure: 'CSS on first load of `/`, compressed',
      budget: '<= 20 KB',
      measured: kb(home.css),
      ok: home.css <= 20 * 1024,
    });
  }
  const hindiHome = results.bytes.find((row) => row.path === '/hi/');
  if (hindiHome) {
    budgets.push({
      figure: 'JS on first load of `/hi/` (until the app is ready), compressed, its font apart',
      budget: '<= 185 KB',
      measured: `${kb(hindiHome.js)} (font ${kb(hindiHome.fonts)})`,
      ok: hindiHome.js <= 185 * 1024,
    });
  }
  for (const page of results.lighthouse) {
    // Home, shop, auditions and a profile, in both languages: the pages a phone opens first.
    if (/^\/(hi\/)?(shop|auditions|profiles\/[^/]+)?$/.test(page.path)) {
      budgets.push({
        figure: `Total blocking time, ${page.name} (Lighthouse's CPU index of the run beside it)`,
        budget: '<= 150 ms',
        measured: `${ms(page.tbtMs)} (CPU index ${page.benchmarkIndex})`,
        ok: page.tbtMs <= 150,
      });
    }
    budgets.push({
      figure: `Lighthouse performance, ${page.name}`,
      budget: '>= 95',
      measured: String(page.performance),
      ok: page.performance >= 95,
    });
    budgets.push({
      figure: `Lighthouse accessibility / best practices / SEO, ${page.name}`,
      budget: '100 / 100 / 100',
      measured: `${page.accessibility} / ${page.bestPractices} / ${page.seo}`,
      ok: page.accessibility === 100 && page.bestPractices === 100 && page.seo === 100,
    });
  }
  const homeLighthouse = results.lighthouse.find((page) => page.path === '/');
  if (homeLighthouse) {
    budgets.push({
      figure: 'LCP (Lighthouse mobile) on `/`',
      budget: '<= 2.0 s',
      measured: ms(homeLighthouse.lcpMs),
      ok: homeLighthouse.lcpMs <= 2000,
    });
  }
  const homeData = results.load.find((row) => row.name === 'getHomeData');
  if (homeData) {
    budgets.push({
      figure: '`getHomeData` throughput vs the bare-route ceiling',
      budget: '>= 0.5',
      measured: homeData.ratio.toFixed(2),
      ok: homeData.ratio >= 0.5,
    });
  }
  for (const [rows, where] of [
    [results.load, ''],
    [results.loadPostgres, ' on PostgreSQL'],
  ] as const) {
    const floor = rows.find((row) => row.name === WRITE_FLOOR);
    for (const row of rows) {
      if (row === floor) continue;
      // Writes on the embedded database, which runs one transaction at a time, have twice the time.
      const limit = where === '' && row.name.startsWith('addToCart') ? 50 : 25;
      budgets.push({
        figure: `p99 latency at ${results.settings.connections} connections${where}, ${row.name}`,
        budget: `<= ${limit} ms`,
        measured: ms(row.p99Ms),
        ok: row.p99Ms <= limit,
      });
      // Writes are also judged beside the floor measured in the same run on the same database.
      if (floor && row.name.startsWith('addToCart')) {
        budgets.push({
          figure: `p99 at ${results.settings.connections} connections${where}, ${row.name}, beside the write floor`,
          budget: `<= 2x the floor's ${ms(floor.p99Ms)}`,
          measured: `${ms(row.p99Ms)} (${(row.p99Ms / floor.p99Ms).toFixed(2)}x)`,
          ok: row.errors === 0 && row.p99Ms <= 2 * floor.p99Ms,
        });
      }
    }
  }
  const { sync } = results;
  if (sync) {
    budgets.push({
      figure: `${sync.edits} queued edits synced after reconnect`,
      budget: '<= 3 s',
      measured: `${ms(sync.syncMs)}${sync.serverStateMatches ? '' : ' (server state wrong)'}`,
      ok: sync.syncMs <= 3000 && sync.serverStateMatches,
    });
  }
  if (results.peakRssMb !== null) {
    budgets.push({
      figure: 'Server peak RSS',
      budget: '<= 400 MB',
      measured: `${Math.round(results.peakRssMb)} MB`,
      ok: results.peakRssMb <= 400,
    });
  }
  for (const row of results.volume) {
    // The issue's budgets: 100,000 profiles on PostgreSQL within 50 ms, 20,000 on the embedded database within 100.
    const limit = row.database === 'PostgreSQL' ? 50 : 100;
    budgets.push({
      figure: `Directory search p99 at 20 connections, ${row.database}, ${row.profiles.toLocaleString('en-IN')} profiles, ${row.search}`,
      budget: `<= ${limit} ms`,
      measured: ms(row.p99Ms),
      ok: row.p99Ms <= limit,
    });
  }
  for (const row of results.casting) {
    budgets.push({
      figure: `Casting p99 at 20 connections, PostgreSQL, ${row.applications.toLocaleString('en-IN')} applications to one call, ${row.request}`,
      budget: '<= 50 ms',
      measured: ms(row.p99Ms),
      ok: row.p99Ms <= 50,
    });
  }
  budgets.push(...processesBudgets(results.severalProcesses ?? null));
  if (results.tapes) {
    const { tapes } = results;
    budgets.push({
      figure: `A ${tapes.tapeSeconds} s 720p self-tape made into 720p and 480p MP4s and a poster frame, × its length`,
      budget: '<= 1.5',
      measured: `${tapes.ratio.toFixed(2)} (${tapes.transcodeSeconds.toFixed(1)} s)`,
      ok: tapes.ratio <= 1.5,
    });
  }
  if (results.invoices) {
    budgets.push({
      figure: 'A tax invoice PDF (five lines, Hindi) drawn and stored by the job, p95',
      budget: '<= 200 ms',
      measured: `${ms(results.invoices.p95Ms)} (first ${ms(results.invoices.firstMs)})`,
      ok: results.invoices.p95Ms <= 200,
    });
  }
  if (results.payments) {
    const { payments } = results;
    budgets.push({
      figure:
        `Paid orders duplicated and lost: ${payments.webhooks.toLocaleString('en-IN')} signed webhooks each sent ` +
        `${payments.deliveries / payments.webhooks} times shuffled, ${payments.closedTabs} tabs closed, one reconciliation pass`,
      budget: '0 and 0',
      measured: `${payments.duplicates} and ${payments.lost}`,
      ok: payments.duplicates === 0 && payments.lost === 0 && payments.paid === payments.orders,
    });
  }
  if (results.live) {
    budgets.push(
      {
        figure: 'A notice seen in another process’s live stream, p95',
        budget: '<= 1000 ms',
        measured: ms(results.live.p95Ms),
        ok: results.live.p95Ms <= 1000,
      },
      {
        figure: `Peak RSS of one process holding ${results.live.streams.toLocaleString('en-IN')} open live streams`,
        budget: '<= 500 MB',
        measured: results.live.peakRssMb === null ? 'unknown' : `${results.live.peakRssMb.toFixed(0)} MB`,
        ok: results.live.peakRssMb !== null && results.live.peakRssMb <= 500 && results.live.streams >= 2_000,
      },
    );
  }
  if (results.tapeResume) {
    const resume = results.tapeResume;
    budgets.push({
      figure: `A ${(resume.sizeBytes / 2 ** 20).toFixed(0)} MB self-tape upload cut at 50% and resumed: bytes sent twice`,
      budget: `<= one chunk (${kb(resume.chunkBytes)})`,
      measured: `${kb(resume.excessBytes)}${resume.intact ? '' : ', stored file differs'}`,
      ok: resume.excessBytes <= resume.chunkBytes && resume.intact,
    });
  }
  if (results.pins) {
    budgets.push(
      {
        figure: `A PIN checked online (GET /checkPincode, ${results.pins.concurrency} at a time), p99`,
        budget: '<= 50 ms',
        measured: `${results.pins.onlineP99Ms.toFixed(1)} ms`,
        ok: results.pins.onlineP99Ms <= 50 && results.pins.errors === 0,
      },
      {
        figure: 'A PIN checked offline (the compact copy read, then the PIN found), p99',
        budget: '<= 20 ms',
        measured: `${results.pins.offlineColdP99Ms.toFixed(2)} ms`,
        ok: results.pins.offlineColdP99Ms <= 20,
      },
    );
  }
  const processErrors = (results.severalProcesses?.rows ?? []).flatMap((row) => [row.single, row.cluster]);
  const errors = [
    ...results.load,
    ...results.loadPostgres,
    ...results.volume,
    ...results.casting,
    ...processErrors,
  ].reduce((sum, row) => sum + row.errors, 0);
  budgets.push({ figure: 'Errors under load', budget: '0', measured: String(errors), ok: errors === 0 });
  return budgets;
}

/** The issue's budgets for several processes: each beside the single-process figure and the floor of the same run. */
function processesBudgets(figures: ProcessesFigures | null): Budget[] {
  if (!figures) return [];
  const budgets: Budget[] = [];
  const where = `${figures.webProcesses} web processes behind haproxy, ${figures.connections} connections`;
  for (const row of figures.rows) {
    if (row.kind === 'read') {
      budgets.push({
        figure: `p99, ${where}, ${row.name} (one process: ${ms(row.single.p99Ms)})`,
        budget: '<= 25 ms',
        measured: ms(row.cluster.p99Ms),
        ok: row.cluster.p99Ms <= 25,
      });
    } else {
      const limit = 2 * figures.floor.p99Ms;
      budgets.push({
        figure: `p99, ${where}, ${row.name} (one process: ${ms(row.single.p99Ms)}; floor ${ms(figures.floor.p99Ms)})`,
        budget: `<= 2 × floor = ${ms(limit)}, 0 errors`,
        measured: `${ms(row.cluster.p99Ms)}, ${row.cluster.errors} errors`,
        ok: row.cluster.p99Ms <= limit && row.cluster.errors === 0,
      });
    }
  }
  budgets.push({
    figure: `An edit answered by every process (p95 of ${figures.edit.samples} answers)`,
    budget: '<= 1 s',
    measured: figures.edit.notSeen > 0 ? `${figures.edit.notSeen} not within 15 s` : `${ms(figures.edit.p95Ms)}`,
    ok: figures.edit.notSeen === 0 && figures.edit.p95Ms <= 1000,
  });
  const { notice } = figures;
  if ('notMeasured' in notice) {
    budgets.push({ figure: 'A notice to 100,000 members', budget: '<= 60 s', measured: 'not measured', ok: false });
  } else {
    const done =
      notice.writtenMs === null || notice.mailsQueuedMs === null
        ? null
        : Math.max(notice.writtenMs, notice.mailsQueuedMs);
    budgets.push({
      figure: `A notice to ${notice.members.toLocaleString('en-IN')} members written and its mails queued`,
      budget: '<= 60 s',
      measured: done === null ? 'not within the wait' : ms(done),
      ok: done !== null && done <= 60_000,
    });
    budgets.push({
      figure: `Reads p99 during the notice (${where})`,
      budget: '<= 50 ms',
      measured: ms(notice.readsDuring.p99Ms),
      ok: notice.readsDuring.p99Ms <= 50,
    });
  }
  return budgets;
}

function processesSection(figures: ProcessesFigures | null | undefined, skipped: string | null | undefined): string[] {
  const title = '## 10. Several processes: web processes behind haproxy on PostgreSQL';
  if (!figures) return [title, `Not run${skipped ? `: ${skipped}` : ''}.`];
  const time = (value: number | null) => (value === null ? 'not within the wait' : ms(value));
  const { notice } = figures;
  return [
    title,
    `${figures.webProcesses} web processes and a worker, ${figures.connections} connections; "one process" is one of ` +
      'them asked directly, in the same run, on the same database.',
    '',
    table(
      [
        'request',
        'one process p50',
        'one process p99',
        'one process req/s',
        'behind haproxy p50',
        'p99',
        'req/s',
        'errors',
      ],
      figures.rows.map((row) => [
        row.name,
        ms(row.single.p50Ms),
        ms(row.single.p99Ms),
        row.single.rps.toFixed(0),
        ms(row.cluster.p50Ms),
        ms(row.cluster.p99Ms),
        row.cluster.rps.toFixed(0),
        `${row.single.errors} / ${row.cluster.errors}`,
      ]),
    ),
    '',
    `Write floor: p50 ${ms(figures.floor.p50Ms)}, p99 ${ms(figures.floor.p99Ms)} over ${figures.floor.requests} ` +
      `transactions (${figures.floor.how}).`,
    '',
    `An edit answered by every process: p95 ${figures.edit.notSeen > 0 ? 'over 15 s' : ms(figures.edit.p95Ms)}, ` +
      `slowest ${ms(figures.edit.maxMs)} (${figures.edit.samples} answers, ${figures.edit.notSeen} not within 15 s).`,
    '',
    'notMeasured' in notice
      ? `Notice to many members: not measured, ${notice.notMeasured}.`
      : `Notice to ${notice.members.toLocaleString('en-IN')} members (${notice.note}): notifications written ` +
        `${time(notice.writtenMs)}, mails queued ${time(notice.mailsQueuedMs)}; the admin's request answered ` +
        `${notice.requestStatus} after ${ms(notice.requestMs)}; reads meanwhile p99 ${ms(notice.readsDuring.p99Ms)}, ` +
        `${notice.readsDuring.errors} errors.`,
  ];
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function offlineSection(offline: OfflineStart | null): string[] {
  if (!offline) return ['## 3. Offline start of the installed app', 'Not run.'];
  return [
    `## 3. Offline start of the installed app (median of ${offline.runs})`,
    table(
      ['network', 'first contentful paint', 'home content on screen'],
      [
        ['online', ms(offline.onlineFcpMs), ms(offline.onlineContentMs)],
        ['offline', ms(offline.offlineFcpMs), ms(offline.offlineContentMs)],
      ],
    ),
  ];
}

function loadTable(rows: LoadFigures[]): string {
  return table(
    ['endpoint', 'req/s', 'p50', 'p99', 'errors', 'ceiling req/s', 'ceiling p99', 'ratio'],
    rows.map((row) => [
      `${row.name} \`${row.path}\``,
      row.rps.toFixed(0),
      ms(row.p50Ms),
      ms(row.p99Ms),
      String(row.errors),
      row.ceilingRps.toFixed(0),
      ms(row.ceilingP99Ms),
      row.ratio.toFixed(2),
    ]),
  );
}

export function renderMarkdown(results: BenchResults): string {
  const { machine } = results;
  return [
    `# Benchmark${results.smoke ? ' (smoke run: short and partial, not for figures)' : ''}`,
    '',
    `${results.date}, commit ${results.commit}, ${machine.cpus} CPUs, ${machine.memoryGb} GB, Node ${machine.node}.`,
    '',
    '## Budgets',
    table(
      ['figure', 'budget', 'measured', ''],
      results.budgets.map((budget) => [budget.figure, budget.budget, budget.measured, budget.ok ? 'ok' : 'OVER']),
    ),
    '',
    '## 1. Bytes on a cold first load (compressed, as sent)',
    table(
      ['page', 'JS until ready', 'JS after ready', 'CSS', 'fonts', 'images', 'API', 'all'],
      results.bytes.map((row) => [
        `${row.name} \`${row.path}\``,
        `${kb(row.js)} (${row.jsFiles} files)`,
        kb(row.jsAfterReady),
        `${kb(row.css)} (${row.cssFiles} files)`,
        kb(row.fonts),
        kb(row.images),
        kb(row.api),
        kb(row.total),
      ]),
    ),
    '',
    '## 2. Lighthouse, mobile defaults',
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'CPU index'],
      results.lighthouse.map((page) => [
        `${page.name} \`${page.path}\``,
        String(page.performance),
        String(page.accessibility),
        String(page.bestPractices),
        String(page.seo),
        ms(page.fcpMs),
        ms(page.lcpMs),
        ms(page.tbtMs),
        page.cls.toFixed(3),
        String(page.benchmarkIndex),
      ]),
    ),
    ...results.lighthouse
      .filter((page) => page.failing.length > 0)
      .map((page) => `- ${page.name}, audits below 90: ${page.failing.join(', ')}`),
    '',
    ...offlineSection(results.offline),
    '',
    `## 4. Server, ${results.settings.connections} connections, ${results.settings.durationSeconds} s each`,
    loadTable(results.load),
    '',
    '## 4b. The same on PostgreSQL',
    results.loadPostgres.length > 0
      ? loadTable(results.loadPostgres)
      : `Not run: ${results.postgresSkipped ?? 'no figures'}.`,
    '',
    '## 5. Outbox sync',
    results.sync
      ? `${results.sync.edits} queued cart and wishlist edits acknowledged ${ms(results.sync.syncMs)} after the network ` +
        `returned; the server's cart and wishlist ${results.sync.serverStateMatches ? 'match' : 'do NOT match'} the edits.`
      : 'Not run.',
    '',
    '## 6. Carousel transitions (one step, by its button)',
    results.carousels.length > 0
      ? table(
          ['carousel', 'width', 'distance', 'visible motion (to within 1 px)', "Embla's end (0.001 px)"],
          results.carousels.map((row) => [
            row.carousel,
            `${row.viewportWidth} px`,
            `${row.distancePx} px`,
            ms(row.visibleMs),
            ms(row.settledMs),
          ]),
        )
      : 'Not run.',
    '',
    '## 7. Memory',
    `Server peak RSS: ${results.peakRssMb === null ? 'unknown (needs /proc)' : `${Math.round(results.peakRssMb)} MB`}.`,
    '',
    '## 8. Directory search on a large network (20 connections)',
    results.volume.length > 0
      ? table(
          ['database', 'profiles', 'search', 'req/s', 'p50', 'p99', 'errors'],
          results.volume.map((row) => [
            row.database,
            row.profiles.toLocaleString('en-IN'),
            row.search,
            row.rps.toFixed(0),
            ms(row.p50Ms),
            ms(row.p99Ms),
            String(row.errors),
          ]),
        )
      : 'Not run.',
    ...(results.volumeSkipped && results.volume.length > 0 ? [`PostgreSQL: not run, ${results.volumeSkipped}.`] : []),
    '',
    '## 9. Casting on PostgreSQL (20 connections)',
    results.casting.length > 0
      ? table(
          ['applications to the call', 'request', 'req/s', 'p50', 'p99', 'errors'],
          results.casting.map((row) => [
            row.applications.toLocaleString('en-IN'),
            row.request,
            row.rps.toFixed(0),
            ms(row.p50Ms),
            ms(row.p99Ms),
            String(row.errors),
          ]),
        )
      : `Not run${results.castingSkipped ? `: ${results.castingSkipped}` : ''}.`,
    '',
    ...processesSection(results.severalProcesses, results.severalProcessesSkipped),
    ...liveSection(results.live ?? null, results.liveSkipped ?? null),
    ...tapeResumeSection(results.tapeResume ?? null, results.tapeResumeSkipped ?? null),
    ...pinsSection(results.pins ?? null),
    '',
    '## 11. A self-tape transcoded',
    results.tapes
      ? `A ${results.tapes.tapeSeconds} s 720p tape of ${results.tapes.sizeMb.toFixed(1)} MB, from its upload's parts ` +
        `to the stored 720p and 480p renditions and poster frame: ${results.tapes.transcodeSeconds.toFixed(1)} s, ` +
        `${results.tapes.ratio.toFixed(2)} × its length; ffmpeg's CPU time ` +
        `${results.tapes.cpuSeconds === null ? 'unknown' : `${results.tapes.cpuSeconds.toFixed(1)} s`}.`
      : 'Not run.',
    '',
    '## 13. A tax invoice PDF made by the job',
    results.invoices
      ? `A five-line invoice to a Hindi reader drawn with pdfkit in the Noto fonts and stored: the first in a fresh ` +
        `process ${ms(results.invoices.firstMs)}; then ${results.invoices.runs}: p50 ${ms(results.invoices.p50Ms)}, ` +
        `p95 ${ms(results.invoices.p95Ms)}, max ${ms(results.invoices.maxMs)}; ` +
        `${results.invoices.sizeKb.toFixed(1)} KB.`
      : 'Not run.',
    '',
    '## 14. Online payments: webhooks, callbacks and reconciliation',
    results.payments
      ? `${results.payments.orders.toLocaleString('en-IN')} online orders; ${results.payments.deliveries.toLocaleString('en-IN')} ` +
        `webhook deliveries and ${results.payments.callbacks} callbacks (${results.payments.closedTabs} tabs closed) shuffled, ` +
        `in ${(results.payments.deliveryMs / 1000).toFixed(1)} s; paid before the reconciliation pass ` +
        `${results.payments.paidBeforeReconciliation}, found by it ${results.payments.foundByReconciliation}; paid ` +
        `${results.payments.paid}, duplicated ${results.payments.duplicates}, lost ${results.payments.lost}, refused ${results.payments.refusals}.`
      : 'Not run.',
    '',
  ].join('\n');
}

function pinsSection(pins: PinFigures | null): string[] {
  if (!pins) return [];
  return [
    '',
    '## 16. Check delivery to a PIN',
    '',
    `Online: ${pins.requests.toLocaleString('en-IN')} checks of PINs drawn from the directory, ${pins.concurrency} ` +
      `at a time: p50 ${pins.onlineP50Ms.toFixed(1)} ms, p99 ${pins.onlineP99Ms.toFixed(1)} ms, ${pins.errors} errors.`,
    `Offline: the compact copy (${kb(pins.offlineBytes)}) read and a PIN found, p99 ` +
      `${pins.offlineColdP99Ms.toFixed(2)} ms; a lookup in the copy once read, p99 ${pins.offlineWarmP99Ms.toFixed(4)} ms.`,
  ];
}

function liveSection(live: LiveFigures | null, skipped: string | null): string[] {
  if (!live) return skipped ? ['', '## 12. Live streams across processes', '', `Not run: ${skipped}.`] : [];
  return [
    '',
    '## 12. Live streams across processes',
    '',
    `A notice inserted by another connection until process B's stream delivered it (${live.notices} in turn): ` +
      `p50 ${ms(live.p50Ms)}, p95 ${ms(live.p95Ms)}, max ${ms(live.maxMs)}.`,
    `${live.streams.toLocaleString('en-IN')} streams open on process B: RSS ${
      live.idleRssMb === null ? 'unknown' : `${live.idleRssMb.toFixed(0)} MB`
    } before, peak ${live.peakRssMb === null ? 'unknown' : `${live.peakRssMb.toFixed(0)} MB`}; one notice to each ` +
      `member, all delivered in ${ms(live.fanOutMs)}.`,
  ];
}

function tapeResumeSection(resume: TapeResumeFigures | null, skipped: string | null): string[] {
  if (!resume)
    return skipped ? ['', '## 15. A self-tape upload cut at 50% and resumed', '', `Not run: ${skipped}.`] : [];
  return [
    '',
    '## 15. A self-tape upload cut at 50% and resumed',
    '',
    `${resume.sizeBytes.toLocaleString('en-IN')} bytes in PATCHes of ${resume.chunkBytes.toLocaleString('en-IN')}, ` +
      `the connection destroyed after ${resume.cutAtBytes.toLocaleString('en-IN')} bytes; the server had ` +
      `${resume.resumedAtBytes.toLocaleString('en-IN')} and the upload went on from there: ` +
      `${resume.sentBytes.toLocaleString('en-IN')} bytes sent, ${resume.excessBytes.toLocaleString('en-IN')} twice; ` +
      `the stored file ${resume.intact ? 'equals' : 'differs from'} the original; ${resume.seconds.toFixed(1)} s.`,
  ];
}
