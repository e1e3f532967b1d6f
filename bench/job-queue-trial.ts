/**
 * Tries the two job queues the server could run on (pg-boss and graphile-worker) on both databases: how many jobs a
 * second one process sends and works, and how long a job waits from its send to its start when a worker is idle.
 * `npx tsx bench/job-queue-trial.ts [postgres://...]` (without an address: the embedded database only).
 * The figures are in docs/decisions/2026-11-28-job-queue.md.
 */
import { performance } from 'node:perf_hooks';
import { PgBoss, fromPglite } from 'pg-boss';
import { run as runGraphile, quickAddJob } from 'graphile-worker';
import { openDatabase } from '../server/src/db/client.js';

const JOBS = 2000;
const LATENCY_SAMPLES = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function tryPgBoss(label: string, boss: PgBoss, poll: number): Promise<void> {
  boss.on('error', (error) => console.error(label, error));
  let t = performance.now();
  await boss.start();
  const startMs = performance.now() - t;
  await boss.createQueue('trial');
  // Sent one at a time, as requests send them.
  t = performance.now();
  for (let index = 0; index < JOBS; index += 1) await boss.send('trial', { index });
  const sendRate = JOBS / ((performance.now() - t) / 1000);
  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  t = performance.now();
  await boss.work('trial', { batchSize: 50, pollingIntervalSeconds: poll }, async (jobs) => {
    done += jobs.length;
    if (done >= JOBS) allDone();
  });
  await finished;
  const workRate = JOBS / ((performance.now() - t) / 1000);
  await boss.offWork('trial');
  await boss.createQueue('trial-latency');
  const waits: number[] = [];
  let started: ((at: number) => void) | undefined;
  await boss.work('trial-latency', { pollingIntervalSeconds: poll }, async () => started?.(performance.now()));
  for (let index = 0; index < LATENCY_SAMPLES; index += 1) {
    const begun = new Promise<number>((resolve) => (started = resolve));
    const sentAt = performance.now();
    await boss.send('trial-latency', {});
    waits.push((await begun) - sentAt);
  }
  await boss.stop({ graceful: false });
  console.log(
    `${label}: start ${startMs.toFixed(0)} ms; send ${sendRate.toFixed(0)} jobs/s; work ${workRate.toFixed(0)} jobs/s; ` +
      `send to start median ${median(waits).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms (poll ${poll} s)`,
  );
}

async function tryGraphile(url: string): Promise<void> {
  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  let started: ((at: number) => void) | undefined;
  let t = performance.now();
  const runner = await runGraphile({
    connectionString: url,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: undefined,
    taskList: {
      trial: async () => {
        done += 1;
        if (done >= JOBS) allDone();
      },
      latency: async () => started?.(performance.now()),
    },
  });
  const startMs = performance.now() - t;
  // Stop the runner from taking jobs while they are sent, so that sending and working are timed apart.
  t = performance.now();
  const { makeWorkerUtils } = await import('graphile-worker');
  const utils = await makeWorkerUtils({ connectionString: url });
  await runner.stop();
  for (let index = 0; index < JOBS; index += 1) await utils.addJob('trial', { index });
  const sendRate = JOBS / ((performance.now() - t) / 1000);
  t = performance.now();
  const again = await runGraphile({
    connectionString: url,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList: {
      trial: async () => {
        done += 1;
        if (done >= JOBS) allDone();
      },
      latency: async () => started?.(performance.now()),
    },
  });
  await finished;
  const workRate = JOBS / ((performance.now() - t) / 1000);
  const waits: number[] = [];
  for (let index = 0; index < LATENCY_SAMPLES; index += 1) {
    const begun = new Promise<number>((resolve) => (started = resolve));
    const sentAt = performance.now();
    await utils.addJob('latency', {});
    waits.push((await begun) - sentAt);
  }
  await again.stop();
  await utils.release();
  void quickAddJob;
  console.log(
    `graphile-worker on PostgreSQL: start ${startMs.toFixed(0)} ms; send ${sendRate.toFixed(0)} jobs/s; work ${workRate.toFixed(0)} jobs/s; ` +
      `send to start median ${median(waits).toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms (LISTEN/NOTIFY)`,
  );
}

const url = process.argv[2];
const embedded = await openDatabase({});
await tryPgBoss(
  'pg-boss on the embedded database',
  new PgBoss({ db: fromPglite(embedded.pglite!), backend: 'pglite', supervise: false, schedule: false }),
  0.5,
);
await embedded.close();
if (url) {
  await tryPgBoss(
    'pg-boss on PostgreSQL (polling)',
    new PgBoss({ connectionString: url, max: 4, supervise: false, schedule: false }),
    0.5,
  );
  await tryGraphile(url);
}
