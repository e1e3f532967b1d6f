import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gauge } from 'prom-client';
import { mailOutbox } from '../../server/src/db/schema.js';
import { QUEUES } from '../../server/src/lib/jobs.js';
import { IMAGES_IN_FLIGHT, IMAGES_WAITING, imageWork } from '../../server/src/lib/images.js';
import { QueueFullError } from '../../server/src/lib/work-queue.js';
import { createShopper, productNamed, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const TOKEN = 'scraper-token-for-tests';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

describe('metrics', () => {
  let testApp: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp({ metricsToken: TOKEN, logStream: { write: (line) => void log.push(line) } });
  });
  afterAll(() => testApp.close());

  async function scrape(): Promise<Sample[]> {
    const response = await testApp.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['cache-control']).toBe('no-store');
    return samplesOf(response.body);
  }
  const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.find(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )?.value;

  it('answers only the bearer token METRICS_TOKEN, and logs no scrape at info', async () => {
    expect((await testApp.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await testApp.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toHaveProperty('message');
    await scrape();
    expect(log.some((line) => line.includes('"/metrics"'))).toBe(false);
  });

  it('counts requests by route template, method and status, with a latency histogram, never by address', async () => {
    const product = await productNamed(testApp.app, 'Miniature Clapperboard');
    for (let request = 0; request < 3; request += 1) {
      expect((await testApp.app.inject({ url: `/backend/api/api/v1/getProduct/${product.id}` })).statusCode).toBe(200);
    }
    expect((await testApp.app.inject({ url: '/backend/api/api/v1/getProduct/999999' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/backend/api/no-such-call' })).statusCode).toBe(404);
    const samples = await scrape();
    const route = '/backend/api/api/v1/getProduct/:id';
    expect(valueOf(samples, 'http_request_duration_seconds_count', { route, method: 'GET', status: '200' })).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { route, method: 'GET', status: '404' })).toBe(1);
    expect(
      valueOf(samples, 'http_request_duration_seconds_bucket', { route, method: 'GET', status: '200', le: '+Inf' }),
    ).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { route: '(none)', status: '404' })).toBe(1);
    const routes = new Set(samples.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : [])));
    expect([...routes].filter((name) => /\d{3,}|no-such-call/.test(name))).toEqual([]);
  });

  it('reports the database, the mail backlog and the process', async () => {
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    // A mail that failed and waits for its retry tomorrow: unsent, an hour old.
    await testApp.app.db.insert(mailOutbox).values({
      to: 'someone@example.in',
      subject: 'Waiting',
      text: 'Waiting to be sent',
      createdAt: anHourAgo,
      nextAttemptAt: new Date(Date.now() + 24 * 60 * 60_000),
    });
    const samples = await scrape();
    expect(valueOf(samples, 'cineverse_database_up')).toBe(1);
    expect(valueOf(samples, 'cineverse_database_query_wait_seconds')).toBeGreaterThan(0);
    expect(valueOf(samples, 'cineverse_mail_unsent')).toBeGreaterThanOrEqual(1);
    // Not due until tomorrow: waiting for its retry is not mail failing to go out.
    expect(valueOf(samples, 'cineverse_mail_oldest_unsent_age_seconds')).toBe(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    if (testApp.database.kind === 'postgres') {
      expect(valueOf(samples, 'cineverse_database_connections', { state: 'active' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'cineverse_change_listener_up')).toBe(1);
    }
  });

  it('reports the job queue: what waits in each queue, and mail given up on', async () => {
    const before = await scrape();
    // A fan-out due tomorrow waits in its queue; a mail that used its 20 tries is a dead letter.
    await testApp.app.jobs.send(QUEUES.notices, { userIds: [] }, { startAfter: new Date(Date.now() + 86_400_000) });
    await testApp.app.db.insert(mailOutbox).values({
      to: 'gone@example.in',
      subject: 'Given up on',
      text: 'Refused by the mail server',
      attempts: 20,
      lastError: '550 no such mailbox',
    });
    const samples = await scrape();
    const queued = (list: Sample[]) => valueOf(list, 'cineverse_jobs_queued', { queue: QUEUES.notices }) ?? 0;
    expect(queued(samples)).toBe(queued(before) + 1);
    expect(valueOf(samples, 'cineverse_jobs_active', { queue: QUEUES.mail })).toBeDefined();
    expect(valueOf(samples, 'cineverse_jobs_oldest_waiting_seconds', { queue: QUEUES.notices })).toBeDefined();
    expect(valueOf(samples, 'cineverse_mail_dead_letters')).toBe(
      (valueOf(before, 'cineverse_mail_dead_letters') ?? 0) + 1,
    );
  });

  it('reports how late the oldest mail due is, where no process sends it', async () => {
    const web = await createTestApp({ metricsToken: TOKEN, role: 'web' });
    try {
      await web.app.db.insert(mailOutbox).values({
        to: 'late@example.in',
        subject: 'Late',
        text: 'Due an hour ago',
        nextAttemptAt: new Date(Date.now() - 60 * 60_000),
      });
      const response = await web.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const samples = samplesOf(response.body);
      expect(valueOf(samples, 'cineverse_mail_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(3600);
    } finally {
      await web.close();
    }
  });

  it('reports image work running, waiting and refused', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = Array.from({ length: IMAGES_IN_FLIGHT + IMAGES_WAITING }, () => imageWork.run(() => held));
    await expect(imageWork.run(async () => {})).rejects.toBeInstanceOf(QueueFullError);
    const samples = await scrape();
    expect(valueOf(samples, 'cineverse_image_work_running')).toBe(IMAGES_IN_FLIGHT);
    expect(valueOf(samples, 'cineverse_image_work_waiting')).toBe(IMAGES_WAITING);
    expect(valueOf(samples, 'cineverse_image_work_refused_total')).toBeGreaterThanOrEqual(1);
    release();
    await Promise.all(busy);
    expect(valueOf(await scrape(), 'cineverse_image_work_waiting')).toBe(0);
  });

  it('counts writes answered by replaying their Idempotency-Key', async () => {
    const shopper = await createShopper(testApp.app);
    const product = await productNamed(testApp.app, 'Miniature Clapperboard');
    const before = valueOf(await scrape(), 'cineverse_idempotent_replays_total') ?? 0;
    const add = () =>
      testApp.app.inject({
        method: 'POST',
        url: `${USER_API}/addToCart`,
        headers: { ...shopper.headers, 'idempotency-key': 'metrics-replay-1' },
        payload: { product_id: product.id, quantity: 1 },
      });
    expect((await add()).statusCode).toBe(200);
    const again = await add();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(valueOf(await scrape(), 'cineverse_idempotent_replays_total')).toBe(before + 1);
  });

  it('takes collectors added by other code', async () => {
    new Gauge({
      name: 'cineverse_test_queue_depth',
      help: 'A collector added from outside the plugin',
      registers: [testApp.app.metrics.registry],
      collect() {
        this.set(42);
      },
    });
    expect(valueOf(await scrape(), 'cineverse_test_queue_depth')).toBe(42);
  });
});

describe('metrics without a token', () => {
  it('answer 404: nothing is exposed unless the operator configures it', async () => {
    const testApp = await createTestApp({ seed: false });
    try {
      expect((await testApp.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const withHeader = await testApp.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
      expect(withHeader.statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });
});
