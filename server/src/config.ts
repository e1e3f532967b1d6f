import { existsSync } from 'node:fs';
import path from 'node:path';

/** Runtime configuration, read once from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the embedded database and uploaded files. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Folder holding the production build of the PWA. */
  distDir: string;
  logLevel: string;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (the contact form's rate limit needs it). */
  trustProxy: boolean;
  /** The site's address as its users reach it (PUBLIC_URL), for links in mail. */
  publicUrl: string;
  /** Registrations allowed per client address per hour (REGISTER_LIMIT, default 10). */
  registerLimit: number;
  /**
   * Send Strict-Transport-Security on every answer (HSTS=1): the site is only ever served over HTTPS. Behind a
   * proxy (TRUST_PROXY), answers to requests the proxy says came over HTTPS (X-Forwarded-Proto) carry it anyway.
   */
  hsts: boolean;
  /** Seeds an empty database with the demo content and demo accounts (`DEMO_CONTENT=0` starts empty). */
  demoContent: boolean;
  /** SMTP server for the app's mail; without it each mail is written to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The bench's write floor route (BENCH_WRITE_FLOOR=1, routes/bench/write-floor.ts); never in production. */
  benchWriteFloor: boolean;
}

/** The folder of package.json: found from here, as this code runs from its sources or compiled into dist-server/. */
export const projectRoot = findProjectRoot(import.meta.dirname);

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

/**
 * Node flags the server runs with (`npm start` writes the same in package.json). Under load V8 let the heap grow to
 * three times its ~60 MB of live objects before collecting (peak RSS over 400 MB in the bench): an old generation
 * allowed to grow by half its live size between full collections keeps the peak near 310 MB. Young-generation
 * semi-spaces of 16 MB (4 MB collected every few milliseconds under load: 21% of the thread). No pretenuring: under
 * the bench's cart writes V8 began allocating some objects straight in the old generation, where they died soon
 * after, and full collections came twice as often.
 * See docs/decisions/2026-11-25-cost-per-request.md and docs/decisions/2026-11-26-answers-written-once.md.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=16',
  '--heap-growing-percent=50',
  '--no-allocation-site-pretenuring',
];

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const registerLimit = env.REGISTER_LIMIT === undefined || env.REGISTER_LIMIT === '' ? 10 : Number(env.REGISTER_LIMIT);
  if (!Number.isInteger(registerLimit) || registerLimit < 1) {
    throw new Error(`REGISTER_LIMIT must be a whole number of 1 or more, got "${env.REGISTER_LIMIT}"`);
  }
  const trustProxy = env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(projectRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
    distDir: path.resolve(projectRoot, env.DIST_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy,
    registerLimit,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port === 0 ? 8080 : port}`,
    hsts: env.HSTS === '1' || env.HSTS === 'true',
    demoContent: env.DEMO_CONTENT !== '0' && env.DEMO_CONTENT !== 'false',
    smtpUrl: env.SMTP_URL || undefined,
    benchWriteFloor: env.BENCH_WRITE_FLOOR === '1',
    mailFrom: env.MAIL_FROM || 'CineVerse <no-reply@cineverse.in>',
  };
}
