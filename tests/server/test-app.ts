import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { seedDemoContent } from '../../server/seed/seed.js';
import { type AppOptions, buildApp } from '../../server/src/app.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.js';
import type { MailTransport } from '../../server/src/plugins/mailer.js';
import { folderStorage, type Storage } from '../../server/src/lib/storage.js';
import type { DatabaseTemplates } from './global-setup.js';
import type { ProcessRole } from '../../server/src/config.js';
import type { SmsProvider } from '../../server/src/lib/sms/sms-provider.js';
import type { PushSettings } from '../../server/src/lib/push.js';
import type { PaymentGateway } from '../../server/src/lib/payments/gateway.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL database's address, for a second server on it (undefined on PGlite). */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * A second server process on the same database, as another process of a site would be: on PostgreSQL an app with a
   * pool of its own (closed with it), on PGlite a second app on the same database. Its caller closes it.
   */
  secondProcess(options?: Partial<AppOptions>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** The template dumps, read once per test file: each database loaded from one is a copy of its own. */
const dumps = new Map<string, Promise<Blob>>();
function dumpOf(file: string): Promise<Blob> {
  let dump = dumps.get(file);
  if (!dump) dumps.set(file, (dump = fs.readFile(file).then((bytes) => new Blob([bytes]))));
  return dump;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default; with DATABASE_URL a new PostgreSQL database is
 * created for the test file and dropped after it, so files never see each other's rows. Each starts as a copy of a
 * database migrated (and seeded) once per run (global-setup.ts).
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    distDir?: string;
    trustProxy?: boolean;
    /** Most tests edit rows and read them back at once, so the read cache is off unless asked for. */
    readCache?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    /** Registrations per address per hour: high unless a test checks the limit. */
    registerLimit?: number;
    mailTransport?: MailTransport;
    /** Mail through this SMTP server (a local one the test runs). */
    smtpUrl?: string;
    hsts?: boolean;
    /** Rows the database has before the app starts (after the demo content, if seeded). */
    beforeApp?: (database: DatabaseHandle) => Promise<void>;
    upkeepAtStart?: boolean;
    /** As in production (`NODE_ENV=production`). */
    production?: boolean;
    /** Where the app's log goes (at level info), for a test that reads it. */
    logStream?: { write(line: string): void };
    /** `/metrics` answers to this bearer token (404 without one). */
    metricsToken?: string;
    /** Where files are stored (a bucket: tests/support/s3-server.ts); the data folder's uploads otherwise. */
    storage?: Storage;
    /** What the app does of the job queue's work (`ROLE`, default `all`). */
    role?: ProcessRole;
    /** Where sign-in codes go (the MSG91 adapter on tests/support/msg91-stand-in.ts); the log without one. */
    smsProvider?: SmsProvider;
    /** Web Push's settings (the push services a test runs: tests/support/push-service.ts). */
    push?: PushSettings;
    /** Self-tape uploads' part size and lease (small in tests). */
    tapeUploads?: AppOptions['tapeUploads'];
    /** How often the live streams get their keep-open comment (25 s unless given). */
    liveHeartbeatMs?: number;
    /** Online payments (the Razorpay adapter on tests/support/razorpay-stand-in.ts); cash on delivery only without. */
    paymentGateway?: PaymentGateway;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-test-'));
  const seed = options.seed ?? true;
  // Absent when a file runs outside the server project (its global setup): the database is then made here.
  const templates = inject('databaseTemplates') as DatabaseTemplates | undefined;
  const template = seed ? 'seeded' : 'migrated';
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let loadDataDir: Blob | undefined;
  if (process.env.DATABASE_URL) {
    const name = `cineverse_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    const copyOf = templates?.postgres?.[template];
    await admin.unsafe(`create database ${name}${copyOf ? ` template ${copyOf}` : ''}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else if (templates?.pglite) {
    loadDataDir = await dumpOf(templates.pglite[template]);
  }
  const database = await openDatabase({ databaseUrl, loadDataDir });
  // Applies nothing on a copy of a template (which has every migration); kept for files run without one.
  await database.migrate();
  if (seed) {
    const uploads = path.join(dataDir, 'uploads');
    if (!templates) await seedDemoContent(database.db, options.storage ?? uploads);
    else if (!options.storage) await fs.cp(templates.seededUploads, uploads, { recursive: true });
    else {
      // The template's rows name the seeded images: they go where this app keeps its files.
      const seeded = folderStorage(templates.seededUploads);
      for await (const entry of seeded.list()) {
        const file = await seeded.read(entry.key);
        if (file) await options.storage.put(entry.key, await buffer(file.body), file.contentType);
      }
    }
  }
  await options.beforeApp?.(database);
  const app = await buildApp({
    database,
    closeDatabase: true,
    dataDir,
    distDir: options.distDir ?? path.join(dataDir, 'no-dist'),
    logLevel: options.logStream ? 'info' : (process.env.TEST_LOG ?? 'silent'),
    logStream: options.logStream,
    production: options.production,
    trustProxy: options.trustProxy,
    readCache: options.readCache ?? false,
    registerLimit: options.registerLimit ?? 100_000,
    mailTransport: options.mailTransport,
    smtpUrl: options.smtpUrl,
    publicUrl: 'https://cineverse.test',
    hsts: options.hsts,
    checkResponses: true,
    upkeepAtStart: options.upkeepAtStart,
    metricsToken: options.metricsToken,
    storage: options.storage,
    role: options.role,
    smsProvider: options.smsProvider,
    push: options.push,
    tapeUploads: options.tapeUploads,
    liveHeartbeatMs: options.liveHeartbeatMs,
    paymentGateway: options.paymentGateway,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    databaseUrl,
    async secondProcess(options = {}) {
      const own = databaseUrl ? await openDatabase({ databaseUrl }) : database;
      return buildApp({
        database: own,
        closeDatabase: own !== database,
        dataDir,
        distDir: dataDir,
        logLevel: 'silent',
        readCache: false,
        ...options,
      });
    },
    async close() {
      await app.close();
      await dropDatabase?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
