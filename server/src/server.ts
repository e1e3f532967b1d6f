import { spawn } from 'node:child_process';
import { buildApp } from './app.js';
import { buildWebApp, isBuildStale } from './build/build-web-app.js';
import { readConfig } from './config.js';
import { childProcessArgs } from './entry-points.js';
import { databaseOptionsFrom, isNewEmbeddedDatabase, openDatabase } from './db/client.js';
import { type DataDirLock, exitIfLocked, lockDataDir } from './db/data-dir-lock.js';
import { msg91Provider } from './lib/sms/msg91.js';
import { razorpayGateway } from './lib/payments/razorpay.js';
import { createStorage } from './lib/storage.js';
import { hasDemoStaff, seedDemoContent } from '../seed/seed.js';

/** Longest wait for in-flight requests on shutdown (after the drain) before the process exits anyway (10 s). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const config = readConfig();
const databaseOptions = databaseOptionsFrom(config);

/**
 * The embedded database's folder is this process's from now until it exits (data-dir-lock.ts): a second server on
 * the same DATA_DIR stops here, naming this one. The child that creates a new database works under this lock.
 */
let folderLock: DataDirLock | undefined;
try {
  folderLock =
    databaseOptions.databaseUrl || !databaseOptions.pgliteDir ? undefined : lockDataDir(databaseOptions.pgliteDir);
} catch (error) {
  exitIfLocked(error);
}

if (process.env.SKIP_BUILD !== '1' && (await isBuildStale(config.distDir))) {
  console.log('Building the PWA (the build is missing or older than its sources)...');
  await buildWebApp(config.distDir);
}

/**
 * A new embedded database is created, migrated and seeded by `npm run db:seed` in a child process: PGlite's initdb
 * and the demo password's hash need several hundred MB for a moment, and memory a process once gave to
 * WebAssembly stays with it, so the server itself would otherwise keep that footprint for as long as it runs.
 */
async function createEmbeddedDatabase(): Promise<void> {
  console.log('Creating the embedded database with the demo content...');
  const child = spawn(process.execPath, childProcessArgs('seed-cli'), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...folderLock?.childEnv },
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database failed (exit code ${code})`);
}

if (isNewEmbeddedDatabase(databaseOptions)) await createEmbeddedDatabase();
const database = await openDatabase(databaseOptions);
await database.migrate();
// The data folder, or the bucket every process shares (S3_*): see docs/operations/object-store.md.
const storage = createStorage(config);
await storage.check();
if (config.demoContent && (await seedDemoContent(database.db, storage))) {
  console.log('Seeded demo content into the empty database.');
}
if (process.env.NODE_ENV === 'production' && (await hasDemoStaff(database.db))) {
  console.warn(
    'WARNING: the demo staff accounts (README, Demo accounts) exist and their password is public. ' +
      'Disable them or change their role before this site is open to anyone.',
  );
}

const app = await buildApp({
  database,
  closeDatabase: true,
  dataDir: config.dataDir,
  distDir: config.distDir,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  registerLimit: config.registerLimit,
  contactLimit: config.contactLimit,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  publicUrl: config.publicUrl,
  hsts: config.hsts,
  upkeepAtStart: true,
  metricsToken: config.metricsToken,
  role: config.role,
  jobClaimSeconds: config.jobClaimSeconds,
  mailTries: config.mailTries,
  production: process.env.NODE_ENV === 'production',
  storage,
  benchWriteFloor: config.benchWriteFloor,
  smsProvider: config.sms ? msg91Provider(config.sms) : undefined,
  push: config.push,
  paymentGateway: config.payments ? razorpayGateway(config.payments) : undefined,
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
  const timer = setTimeout(() => {
    app.log.error('Shutdown took too long; exiting');
    process.exit(1);
  }, drainMs + SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  // /readyz answers 503 from now on. On SIGTERM (a load balancer's or container's stop) the process keeps serving for
  // DRAIN_SECONDS first, so the load balancer sees it draining and sends its requests elsewhere before it stops
  // taking them; a SIGINT (Ctrl-C at a terminal) closes at once.
  app.health.startDraining();
  if (drainMs > 0) {
    app.log.info(`${signal} received: draining for ${config.drainSeconds} s (/readyz answers 503), then closing`);
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  app.log.info(`${signal} received: finishing requests in flight, then closing the database`);
  try {
    // Stops accepting connections, waits for requests in flight, then runs onClose hooks (the database last).
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`CineVerse is running at http://localhost:${port}/ (database: ${database.kind}, role: ${config.role})`);
