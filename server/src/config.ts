import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SmsSettings } from './lib/sms/sms-provider.js';
import type { PaymentSettings } from './lib/payments/gateway.js';
import type { ObjectStoreSettings } from './lib/storage.js';
import type { PushSettings } from './lib/push.js';

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
  /** Contact messages allowed per client address every 15 minutes (CONTACT_LIMIT, default 5). */
  contactLimit: number;
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
  /**
   * Seconds a process keeps serving after SIGTERM while /readyz answers 503 (DRAIN_SECONDS, default 2), so that the
   * load balancer, which asks every second, stops sending it requests before it stops taking them.
   */
  drainSeconds: number;
  /** The bearer token a metrics scraper sends to `/metrics` (METRICS_TOKEN); unset, `/metrics` answers 404. */
  metricsToken: string | undefined;
  /**
   * The S3-compatible bucket every stored file goes to (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY, S3_REGION); without it, files are kept in DATA_DIR/uploads. See
   * docs/operations/object-store.md.
   */
  objectStore: ObjectStoreSettings | undefined;
  /**
   * What this process does (`ROLE`): `web` answers requests and queues jobs, `worker` does the jobs (and answers
   * too, for its health checks), `all` both (one process). See docs/operations/job-queue.md.
   */
  role: ProcessRole;
  /**
   * Seconds a job may run, and a mail stays claimed by its sender, before another process takes it over
   * (`JOB_CLAIM_SECONDS`, default 600): a process killed in a job leaves it for this long.
   */
  jobClaimSeconds: number;
  /** Tries a mail gets before it is a dead letter that staff can send again (`MAIL_TRIES`, default 20). */
  mailTries: number;
  /** The bench's write floor route (BENCH_WRITE_FLOOR=1, routes/bench/write-floor.ts); never in production. */
  benchWriteFloor: boolean;
  /**
   * The MSG91 account sign-in codes are sent through (SMS_AUTH_KEY, SMS_TEMPLATE_ID, SMS_SENDER_ID, SMS_BASE_URL);
   * without it phone sign-in is off in production. See docs/operations/sms.md.
   */
  sms: SmsSettings | undefined;
  /**
   * Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_SERVICES): without the keys a pair is made
   * once and kept in the database. See docs/operations/push.md.
   */
  push: PushSettings;
  /**
   * The Razorpay account online payments go through (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET,
   * RAZORPAY_API_URL, RAZORPAY_CHECKOUT_URL); without it only cash on delivery is offered. See
   * docs/operations/payments.md.
   */
  payments: PaymentSettings | undefined;
}

export type ProcessRole = 'web' | 'worker' | 'all';

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
  const contactLimit = env.CONTACT_LIMIT === undefined || env.CONTACT_LIMIT === '' ? 5 : Number(env.CONTACT_LIMIT);
  if (!Number.isInteger(contactLimit) || contactLimit < 1) {
    throw new Error(`CONTACT_LIMIT must be a whole number of 1 or more, got "${env.CONTACT_LIMIT}"`);
  }
  const role = env.ROLE === undefined || env.ROLE === '' ? 'all' : env.ROLE;
  if (role !== 'web' && role !== 'worker' && role !== 'all') {
    throw new Error(`ROLE must be web, worker or all, got "${env.ROLE}"`);
  }
  // The embedded database is one process's: a web process on it would queue work that no worker could ever do.
  if (role !== 'all' && !env.DATABASE_URL) {
    throw new Error(`ROLE=${role} needs DATABASE_URL: web processes and workers share one PostgreSQL database`);
  }
  const jobClaimSeconds =
    env.JOB_CLAIM_SECONDS === undefined || env.JOB_CLAIM_SECONDS === '' ? 600 : Number(env.JOB_CLAIM_SECONDS);
  if (!Number.isInteger(jobClaimSeconds) || jobClaimSeconds < 1) {
    throw new Error(`JOB_CLAIM_SECONDS must be a whole number of 1 or more, got "${env.JOB_CLAIM_SECONDS}"`);
  }
  const mailTries = env.MAIL_TRIES === undefined || env.MAIL_TRIES === '' ? 20 : Number(env.MAIL_TRIES);
  if (!Number.isInteger(mailTries) || mailTries < 1) {
    throw new Error(`MAIL_TRIES must be a whole number of 1 or more, got "${env.MAIL_TRIES}"`);
  }
  const trustProxy = env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true';
  const drainSeconds = env.DRAIN_SECONDS === undefined || env.DRAIN_SECONDS === '' ? 2 : Number(env.DRAIN_SECONDS);
  if (!Number.isFinite(drainSeconds) || drainSeconds < 0 || drainSeconds > 60) {
    throw new Error(`DRAIN_SECONDS must be a number of seconds from 0 to 60, got "${env.DRAIN_SECONDS}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(projectRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
    distDir: path.resolve(projectRoot, env.DIST_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy,
    registerLimit,
    contactLimit,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port === 0 ? 8080 : port}`,
    hsts: env.HSTS === '1' || env.HSTS === 'true',
    demoContent: env.DEMO_CONTENT !== '0' && env.DEMO_CONTENT !== 'false',
    smtpUrl: env.SMTP_URL || undefined,
    benchWriteFloor: benchWriteFloor(env),
    mailFrom: env.MAIL_FROM || 'CineVerse <no-reply@cineverse.in>',
    drainSeconds,
    metricsToken: env.METRICS_TOKEN || undefined,
    role,
    jobClaimSeconds,
    mailTries,
    objectStore: readObjectStore(env),
    sms: readSms(env),
    push: readPush(env),
    payments: readPayments(env),
  };
}

const PAYMENT_VARIABLES = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** The gateway's account, when RAZORPAY_* is set; some of it without the rest is a mistake to refuse at start. */
function readPayments(env: NodeJS.ProcessEnv): PaymentSettings | undefined {
  const missing = PAYMENT_VARIABLES.filter((name) => !env[name]);
  if (missing.length === PAYMENT_VARIABLES.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} must be set too: paying online needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ` +
        'RAZORPAY_WEBHOOK_SECRET (or none of them, to offer cash on delivery only)',
    );
  }
  const apiUrl = env.RAZORPAY_API_URL || 'https://api.razorpay.com';
  const checkoutUrl = env.RAZORPAY_CHECKOUT_URL || new URL('/v1/checkout/embedded', apiUrl).toString();
  for (const [name, value] of [
    ['RAZORPAY_API_URL', apiUrl],
    ['RAZORPAY_CHECKOUT_URL', checkoutUrl],
  ] as const) {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error(`${name} must be an address like https://api.razorpay.com, got "${value}"`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new Error(`${name} must start with https:// or http://, got "${value}"`);
    }
  }
  return {
    keyId: env.RAZORPAY_KEY_ID!,
    keySecret: env.RAZORPAY_KEY_SECRET!,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
    apiUrl,
    checkoutUrl,
  };
}

/** Web Push's settings; one VAPID key without the other is a mistake to refuse at start. */
function readPush(env: NodeJS.ProcessEnv): PushSettings {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither, to keep a pair made once)');
  }
  const subject = env.VAPID_SUBJECT || undefined;
  if (subject !== undefined && !/^(mailto:|https:\/\/)/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https:// address, got "${subject}"`);
  }
  const services = env.PUSH_SERVICES
    ? env.PUSH_SERVICES.split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : undefined;
  return { publicKey, privateKey, subject, services };
}

const SMS_VARIABLES = ['SMS_AUTH_KEY', 'SMS_TEMPLATE_ID', 'SMS_SENDER_ID'] as const;

/** The SMS provider's account, when SMS_* is set; some of it without the rest is a mistake to refuse at start. */
function readSms(env: NodeJS.ProcessEnv): SmsSettings | undefined {
  const missing = SMS_VARIABLES.filter((name) => !env[name]);
  if (missing.length === SMS_VARIABLES.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} must be set too: sending SMS needs SMS_AUTH_KEY, SMS_TEMPLATE_ID and SMS_SENDER_ID ` +
        '(or none of them, to leave phone sign-in off)',
    );
  }
  const baseUrl = env.SMS_BASE_URL || 'https://control.msg91.com';
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new Error(`SMS_BASE_URL must be an address like https://control.msg91.com, got "${baseUrl}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`SMS_BASE_URL must start with https:// or http://, got "${baseUrl}"`);
  }
  return {
    baseUrl,
    authKey: env.SMS_AUTH_KEY!,
    templateId: env.SMS_TEMPLATE_ID!,
    senderId: env.SMS_SENDER_ID!,
  };
}

const OBJECT_STORE_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The bucket, when S3_* is set. Some of the variables without the others is a mistake to refuse, not a reason to
 * keep files on one machine's disk unnoticed.
 */
function readObjectStore(env: NodeJS.ProcessEnv): ObjectStoreSettings | undefined {
  const missing = OBJECT_STORE_VARIABLES.filter((name) => !env[name]);
  if (missing.length === OBJECT_STORE_VARIABLES.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} must be set too: an object store needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and ` +
        'S3_SECRET_ACCESS_KEY (or none of them, to keep files in DATA_DIR/uploads)',
    );
  }
  let endpoint: URL;
  try {
    endpoint = new URL(env.S3_ENDPOINT!);
  } catch {
    throw new Error(`S3_ENDPOINT must be the store's address, like https://s3.example.com, got "${env.S3_ENDPOINT}"`);
  }
  if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') {
    throw new Error(`S3_ENDPOINT must start with https:// or http://, got "${env.S3_ENDPOINT}"`);
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    // AWS itself takes the bucket in the host name; other stores (MinIO, Garage, Ceph, s3rver) in the path.
    forcePathStyle: !endpoint.hostname.endsWith('.amazonaws.com'),
  };
}

/**
 * The bench's write floor writes to any member's cart without a sign-in: refused outright in production rather than
 * left to a stray variable.
 */
function benchWriteFloor(env: NodeJS.ProcessEnv): boolean {
  if (env.BENCH_WRITE_FLOOR !== '1') return false;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'BENCH_WRITE_FLOOR=1 serves a cart write without a sign-in: it cannot be set with NODE_ENV=production',
    );
  }
  return true;
}
