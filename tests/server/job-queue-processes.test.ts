import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../server/src/db/client.js';
import { mailOutbox } from '../../server/src/db/schema.js';
import { childProcessArgs } from '../../server/src/entry-points.js';
import { queueMail } from '../../server/src/lib/mail-outbox.js';
import { notifyMany } from '../../server/src/lib/notice-fan-out.js';

/**
 * Workers as real processes on one PostgreSQL database: one is killed (SIGKILL) in the middle of a job, and another
 * finishes it without doubling its effect. Only on PostgreSQL (DATABASE_URL): the embedded database is one process's.
 */
const databaseUrl = process.env.DATABASE_URL;

/** Seconds before a killed worker's job and claimed mail are taken over: short, so that the test does not wait long. */
const CLAIM_SECONDS = 5;

interface Worker {
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

describe.skipIf(!databaseUrl)('workers on one PostgreSQL database, one of them killed', () => {
  let admin: postgres.Sql;
  let url: string;
  let name: string;
  let database: DatabaseHandle;
  let web: FastifyInstance;
  let dataDir: string;
  const workers: Worker[] = [];

  /** Mail the sink accepted, by recipient. */
  const accepted: string[] = [];
  /** The first mail to this address is held before it is accepted, until its sender dies. */
  const STALLED = 'stalled@example.in';
  let stalledOnce = false;
  let stalled!: () => void;
  const stalledNow = new Promise<void>((resolve) => (stalled = resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      stream.on('data', () => {});
      stream.on('end', () => {
        if (to.includes(STALLED) && !stalledOnce) {
          // The mail's whole text arrived, and its sender waits for the answer that never comes: it dies waiting.
          stalledOnce = true;
          stalled();
          return;
        }
        accepted.push(...to);
        callback();
      });
    },
  });

  function startWorker(smtpUrl: string): Promise<Worker> {
    const child = spawn(process.execPath, childProcessArgs('server'), {
      env: {
        ...process.env,
        DATABASE_URL: url,
        ROLE: 'worker',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: path.join(dataDir, 'no-dist'),
        SKIP_BUILD: '1',
        DEMO_CONTENT: '0',
        SMTP_URL: smtpUrl,
        JOB_CLAIM_SECONDS: String(CLAIM_SECONDS),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    return new Promise((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (/running at http/.test(output.join(''))) resolve({ child, output, exited });
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.on('exit', (code) => reject(new Error(`a worker exited with ${code}: ${output.join('')}`)));
    }).then((worker) => {
      workers.push(worker as Worker);
      return worker as Worker;
    });
  }

  async function kill(worker: Worker): Promise<void> {
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-workers-'));
    name = `cineverse_test_${randomBytes(6).toString('hex')}`;
    admin = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const address = new URL(databaseUrl!);
    address.pathname = `/${name}`;
    url = address.toString();
    database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    // A web process in this one: it queues the jobs, and does none.
    web = await buildApp({
      database,
      dataDir,
      distDir: path.join(dataDir, 'no-dist'),
      logLevel: 'silent',
      role: 'web',
      jobClaimSeconds: CLAIM_SECONDS,
    });
    await web.ready();
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) await kill(worker);
    await web?.close();
    await database?.close();
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a worker killed while sending leaves its mail to another, and every mail arrives once', async () => {
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    const recipients = [STALLED, ...Array.from({ length: 29 }, (_, index) => `member-${index + 1}@example.in`)];
    await web.db.transaction(async (tx) => {
      for (const to of recipients) await queueMail(tx, { to, kind: 'test', subject: `For ${to}`, text: 'Once' });
    });
    const first = await startWorker(smtpUrl);
    // The first worker claimed a batch and waits on the mail server for the first of them.
    await stalledNow;
    await startWorker(smtpUrl);
    await kill(first);

    await expect.poll(() => new Set(accepted).size, { timeout: 90_000, interval: 500 }).toBe(recipients.length);
    const unsent = await web.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null`);
    expect(unsent).toEqual([]);
    // Each once: the stalled one too, whose first sending was never accepted.
    expect([...accepted].sort()).toEqual([...recipients].sort());
  }, 120_000);

  it('a worker killed in the middle of a notice to many members leaves the rest to another, each told once', async () => {
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    const members = rowsOf<{ id: number }>(
      await web.db.execute(sql`insert into users (name, email, password_hash)
        select 'Member ' || n, 'many-' || n || '@example.in', 'not-a-hash' from generate_series(1, 20000) n
        returning id`),
    ).map((row) => row.id);
    const body = `Run ${randomUUID()}`;
    const told = async () =>
      rowsOf<{ count: number }>(
        await web.db.execute(sql`select count(*)::int as count from notifications where body = ${body}`),
      )[0]!.count;
    // Two workers wait; the one that takes the job says so in its log.
    await startWorker(smtpUrl);
    const alive = workers.filter((worker) => worker.child.exitCode === null);
    await web.db.transaction((tx) =>
      notifyMany(
        tx,
        members.map((userId) => ({
          userId,
          kind: 'application',
          words: { en: { title: 'A role was closed', body }, hi: { title: 'एक भूमिका बंद हुई', body } },
          link: '/me',
        })),
      ),
    );
    await expect.poll(told, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    const writer = alive.find((worker) => worker.output.join('').includes('writing a notice to many members'));
    expect(writer).toBeDefined();
    await kill(writer!);
    const killedAt = await told();
    expect(killedAt).toBeLessThan(members.length);

    await expect.poll(told, { timeout: 90_000, interval: 500 }).toBe(members.length);
    const doubled = rowsOf<{ user_id: number }>(
      await web.db.execute(
        sql`select user_id from notifications where body = ${body} group by user_id having count(*) > 1`,
      ),
    );
    expect(doubled).toEqual([]);
  }, 150_000);
});
