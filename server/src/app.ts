import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { COLOR_SCHEME_SCRIPT } from '../../src/contract/page-routes.js';
import { ADMIN_API_PATH } from '../../src/contract/admin.js';
import type { ProcessRole } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { addressKey } from './lib/client-address.js';
import { brotliOptions, COMPRESS_FROM_BYTES } from './lib/compression.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { folderStorage, type Storage } from './lib/storage.js';
import accountRepository from './plugins/account-repository.js';
import attemptCounter from './plugins/attempt-counter.js';
import authPlugin from './plugins/auth.js';
import changeNotices from './plugins/change-notices.js';
import cartRepository from './plugins/cart-repository.js';
import catalogRepository from './plugins/catalog-repository.js';
import contactRepository from './plugins/contact-repository.js';
import databasePlugin from './plugins/database.js';
import directoryRepository from './plugins/directory-repository.js';
import couponRepository from './plugins/coupon-repository.js';
import errorHandler from './plugins/error-handler.js';
import health from './plugins/health.js';
import idempotency from './plugins/idempotency.js';
import mailer, { type MailTransport } from './plugins/mailer.js';
import phoneCodeRepository from './plugins/phone-code-repository.js';
import { logSmsProvider } from './lib/sms/log-provider.js';
import type { PaymentGateway } from './lib/payments/gateway.js';
import paymentRepository from './plugins/payment-repository.js';
import paymentRoutes from './routes/shop/payments.js';
import type { SmsProvider } from './lib/sms/sms-provider.js';
import phoneSignInRoutes from './routes/user/phone-sign-in.js';
import metrics from './plugins/metrics.js';
import orderRepository from './plugins/order-repository.js';
import readCache from './plugins/read-cache.js';
import securityHeaders from './plugins/security-headers.js';
import contentRepository from './plugins/content-repository.js';
import decisionTeller from './plugins/decision-teller.js';
import mailSender from './plugins/mail-sender.js';
import jobQueue from './plugins/job-queue.js';
import noticeFanOut from './plugins/notice-fan-out.js';
import pushRepository from './plugins/push-repository.js';
import type { PushSettings } from './lib/push.js';
import tapeTranscoder from './plugins/tape-transcoder.js';
import memberEvents from './plugins/member-events.js';
import siteRepository from './plugins/site-repository.js';
import staffRepository from './plugins/staff-repository.js';
import storagePlugin from './plugins/storage.js';
import upkeep from './plugins/upkeep.js';
import webApp from './plugins/web-app.js';
import adminRoutes from './routes/admin/index.js';
import catalogRoutes from './routes/catalog/index.js';
import deliveryRoutes from './routes/shop/delivery.js';
import contactRoutes, { CONTACT_RATE_LIMIT } from './routes/contact/index.js';
import directoryRoutes from './routes/directory/index.js';
import cartRoutes from './routes/shop/cart.js';
import writeFloorRoutes from './routes/bench/write-floor.js';
import orderRoutes from './routes/shop/orders.js';
import siteRoutes, { homeBannerImage } from './routes/site/index.js';
import accountRoutes from './routes/user/accounts.js';
import privacyRoutes from './routes/user/privacy.js';
import contactClaimRoutes from './routes/user/contact-claims.js';
import profileRoutes from './routes/user/profile.js';
import { myProfileRoutes, publicProfileRoutes, profileActionRoutes } from './routes/network/profiles.js';
import conversationRepository from './plugins/conversation-repository.js';
import memberData from './plugins/member-data.js';
import moderationRepository from './plugins/moderation-repository.js';
import profileRepository from './plugins/profile-repository.js';
import applicationRepository from './plugins/application-repository.js';
import callbackRepository from './plugins/callback-repository.js';
import castingRepository from './plugins/casting-repository.js';
import savedCallRepository from './plugins/saved-call-repository.js';
import rolesForYou from './plugins/roles-for-you.js';
import shareCards from './plugins/share-cards.js';
import invoices from './plugins/invoices.js';
import invoiceRoutes from './routes/shop/invoices.js';
import guardianConsentRepository from './plugins/guardian-consent-repository.js';
import guardianMessageRepository from './plugins/guardian-message-repository.js';
import notificationRepository from './plugins/notification-repository.js';
import { memberCastingRoutes, publicCastingRoutes } from './routes/network/casting.js';
import { rolesForYouRoutes } from './routes/network/roles-for-you.js';
import { callbackRoutes } from './routes/network/callbacks.js';
import { guardianRoutes, memberGuardianRoutes } from './routes/network/guardian.js';
import { notificationRoutes } from './routes/network/notifications.js';
import { pushRoutes } from './routes/network/push.js';
import { tapePlaybackRoutes } from './routes/network/tape-playback.js';
import tapeRepository from './plugins/tape-repository.js';
import type { TapeUploadOptions } from './lib/tape-uploads.js';
import { tapeRequestRoutes, tapeUploadRoutes } from './routes/network/tapes.js';
import returnRepository from './plugins/return-repository.js';
import returnRoutes, { returnPhotoRoutes } from './routes/shop/returns.js';
import { grievanceOfficerRoutes } from './routes/admin/returns.js';
import { memberEventRoutes } from './routes/network/member-events.js';

// The contract is written with zod/mini, which carries no messages of its own: API clients get zod's English ones
// ("Invalid input: expected object, received undefined") for the rules the contract gives no message.
z.config(z.locales.en());

export const API_PREFIX = '/backend/api';
export const API_VERSION = 'v1';
/** 1 MB: the largest body any call takes (a contact message, an order) is far smaller. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  database: DatabaseHandle;
  /** Close the database when the app closes (true for the real server). */
  closeDatabase?: boolean;
  dataDir: string;
  distDir: string;
  logLevel?: string;
  /** Read the client's address from X-Forwarded-For (set when a reverse proxy is in front). */
  trustProxy?: boolean;
  /** Registrations allowed per client address per hour (default 10). */
  registerLimit?: number;
  /** Contact messages allowed per client address every 15 minutes (default 5). */
  contactLimit?: number;
  /** The site's address as users reach it, for links in mail (default http://localhost:8080). */
  publicUrl?: string;
  /** Delivers mail; without one, mail is written to the log. */
  mailTransport?: MailTransport;
  /** SMTP server for mail (`SMTP_URL`), and the sender (`MAIL_FROM`). */
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  /** Strict-Transport-Security on every answer (the site is served over HTTPS only). */
  hsts?: boolean;
  /** Keep the public reads' answers in memory for a short time (on unless turned off; see plugins/read-cache). */
  readCache?: boolean;
  /**
   * How long the reads' copies are kept while change notices arrive, and without them (plugins/read-cache.ts); a
   * test sets the first long to prove a notice is what dropped a copy.
   */
  cacheExpiry?: { listeningMs?: number; fallbackMs?: number };
  /** How soon a lost change-notice listener is opened again (plugins/change-notices.ts). */
  changeNoticeRetryMs?: number;
  /** How often the members' live streams get a comment to keep them open (plugins/member-events.ts; default 25 s). */
  liveHeartbeatMs?: number;
  /** The bearer token of `/metrics` (`METRICS_TOKEN`); without one it answers 404. */
  metricsToken?: string | undefined;
  /** Check every JSON answer against its route's zod schema before it is written (the server tests do). */
  checkResponses?: boolean;
  /** Run the hourly upkeep once as soon as the app is ready too (the real server; tests run it when they mean to). */
  upkeepAtStart?: boolean;
  /** Running in production (`NODE_ENV=production`): the log never holds a mail's subject or text. */
  production?: boolean;
  /** Where the log goes (standard output unless given; a test reads it). */
  logStream?: { write(line: string): void };
  /** Where stored files go (lib/storage.ts): DATA_DIR/uploads unless given (the server passes the bucket's). */
  storage?: Storage;
  /** What this process does (`ROLE`): web processes queue jobs and do none (default `all`). */
  role?: ProcessRole;
  /** Seconds before a job, or a mail, of a process that died is taken over (`JOB_CLAIM_SECONDS`, default 600). */
  jobClaimSeconds?: number;
  /** Tries a mail gets before it is a dead letter (`MAIL_TRIES`, default 20). */
  mailTries?: number;
  /** Serve the bench's write floor (BENCH_WRITE_FLOOR=1): a keyed cart write without a sign-in. Never in production. */
  benchWriteFloor?: boolean;
  /**
   * Sends sign-in codes by SMS (MSG91 when SMS_* is set). Without one, phone sign-in is off in production and writes
   * its codes to the log in development (docs/operations/sms.md).
   */
  smsProvider?: SmsProvider;
  /** Web Push: the VAPID keys and subject, and the push services sent to (docs/operations/push.md). */
  push?: PushSettings;
  /**
   * Online payments' gateway (Razorpay's adapter when RAZORPAY_* is set; docs/operations/payments.md). Without one
   * only cash on delivery is offered.
   */
  paymentGateway?: PaymentGateway;
  /** Self-tape uploads' part size and lease (lib/tape-uploads.ts); tests make them small. */
  tapeUploads?: Partial<TapeUploadOptions>;
}

/** Hosts the app's frames load from: the YouTube embed (privacy-enhanced) and the contact page's map. */
const frameSources = ['https://www.youtube-nocookie.com', 'https://www.google.com', 'https://maps.google.com'];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
      // A request's address is logged without its query: links mailed to members carry their tokens there.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.replace(/\?.*$/s, ''),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // On shutdown, idle keep-alive sockets are closed at once; requests in flight still finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(responseSerializerCompiler(options.checkResponses ?? false));

  // External plugins first: security headers and compression wrap every reply, including errors and static files.
  await fastify.register(errorHandler);
  await fastify.register(securityHeaders, {
    dataPrefix: '/backend/',
    hsts: options.hsts ?? false,
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The shell's inline script, by its hash (src/contract/page-routes.ts).
          scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`],
          // Mantine sets inline style attributes and injects its CSS variables in a style tag.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // A self-tape recorded or picked on the device plays back from a blob: address before it is sent.
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: frameSources,
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // The checkout form is posted to the payment gateway's page.
          formAction: ["'self'", ...(options.paymentGateway ? [options.paymentGateway.checkoutOrigin] : [])],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // The YouTube and map frames are cross-origin documents that do not send CORP headers.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
      // YouTube's embedded player refuses to play without the embedding page's origin as referrer.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    },
  });
  await fastify.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: brotliOptions(false),
  });
  // Off by default: only the routes that name a limit in their config (the contact form) are limited, per address
  // (an IPv6 address by its /64, as the attempt counters count it).
  await fastify.register(fastifyRateLimit, { global: false, keyGenerator: (request) => addressKey(request.ip) });
  await fastify.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'CineVerse API',
        description: 'Site content and the merchandise shop. Errors are JSON `{ message, field? }`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  // App services next, so that routes can rely on them being decorated.
  await fastify.register(databasePlugin, {
    handle: options.database,
    closeOnShutdown: options.closeDatabase ?? false,
  });
  await fastify.register(storagePlugin, {
    storage: options.storage ?? folderStorage(path.join(options.dataDir, 'uploads')),
  });
  // The load balancer's /healthz and /readyz: before everything that could fail to load on a sick database.
  await fastify.register(health);
  await fastify.register(jobQueue, {
    role: options.role ?? 'all',
    claimSeconds: options.jobClaimSeconds ?? 600,
    mailTries: options.mailTries,
  });
  await fastify.register(changeNotices, { retryMs: options.changeNoticeRetryMs });
  await fastify.register(readCache, {
    enabled: options.readCache ?? true,
    listeningTtlMs: options.cacheExpiry?.listeningMs,
    fallbackTtlMs: options.cacheExpiry?.fallbackMs,
  });
  // Before the routes, so that its request timing hook sees every one of them.
  await fastify.register(metrics, { token: options.metricsToken });
  await fastify.register(siteRepository);
  await fastify.register(directoryRepository);
  await fastify.register(contactRepository);
  await fastify.register(authPlugin);
  await fastify.register(attemptCounter);
  // Never the log in production: a code written there would be read by whoever reads the log.
  const smsProvider = options.smsProvider ?? (options.production ? undefined : logSmsProvider(fastify.log));
  await fastify.register(phoneCodeRepository, { offered: smsProvider !== undefined });
  await fastify.register(mailer, {
    transport: options.mailTransport,
    smtpUrl: options.smtpUrl,
    from: options.mailFrom,
    logBodies: !options.production,
  });
  await fastify.register(idempotency);
  await fastify.register(accountRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(catalogRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(cartRepository);
  await fastify.register(couponRepository);
  await fastify.register(orderRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(paymentRepository, {
    gateway: options.paymentGateway,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
  });
  await fastify.register(returnRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(mailSender, { claimSeconds: options.jobClaimSeconds ?? 600, tries: options.mailTries });
  await fastify.register(staffRepository);
  await fastify.register(contentRepository);
  // Before the profiles: saving a minor's profile asks their guardian to confirm.
  await fastify.register(guardianConsentRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(profileRepository);
  await fastify.register(conversationRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  // The applications first: a role closed (calls) and a call taken down (moderation) answer their applicants.
  await fastify.register(tapeRepository, {
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    uploads: options.tapeUploads,
  });
  await fastify.register(applicationRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(castingRepository);
  await fastify.register(savedCallRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(rolesForYou, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(callbackRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(moderationRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(guardianMessageRepository, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(decisionTeller);
  await fastify.register(notificationRepository);
  await fastify.register(memberData);
  await fastify.register(upkeep, { atStart: options.upkeepAtStart ?? false });
  await fastify.register(noticeFanOut);
  await fastify.register(pushRepository, {
    ...options.push,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
  });
  await fastify.register(shareCards, {
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    backfillAtStart: options.upkeepAtStart ?? false,
  });
  await fastify.register(tapeTranscoder, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(invoices, { publicUrl: options.publicUrl ?? 'http://localhost:8080' });
  await fastify.register(memberEvents, { heartbeatMs: options.liveHeartbeatMs });

  // Routes, at the spec's paths under the API base.
  await fastify.register(siteRoutes, { prefix: API_PREFIX });
  await fastify.register(directoryRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  await fastify.register(contactRoutes, {
    prefix: `${API_PREFIX}/api/${API_VERSION}`,
    contactLimit: options.contactLimit ?? CONTACT_RATE_LIMIT.max,
  });
  await fastify.register(catalogRoutes, { prefix: API_PREFIX, versionPrefix: `/api/${API_VERSION}` });
  await fastify.register(deliveryRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  const userPrefix = `${API_PREFIX}/api/user/${API_VERSION}`;
  await fastify.register(accountRoutes, {
    prefix: userPrefix,
    registerLimit: options.registerLimit ?? 10,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
  });
  if (smsProvider) {
    await fastify.register(phoneSignInRoutes, {
      prefix: userPrefix,
      provider: smsProvider,
      host: new URL(options.publicUrl ?? 'http://localhost:8080').hostname,
    });
  }
  await fastify.register(profileRoutes, { prefix: userPrefix });
  await fastify.register(privacyRoutes, { prefix: userPrefix });
  await fastify.register(contactClaimRoutes, {
    prefix: userPrefix,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
  });
  await fastify.register(myProfileRoutes, { prefix: userPrefix });
  await fastify.register(publicProfileRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  await fastify.register(profileActionRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  await fastify.register(publicCastingRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  await fastify.register(memberCastingRoutes, { prefix: userPrefix });
  await fastify.register(rolesForYouRoutes, { prefix: userPrefix });
  await fastify.register(callbackRoutes, { prefix: userPrefix });
  await fastify.register(notificationRoutes, { prefix: userPrefix });
  await fastify.register(pushRoutes, { prefix: userPrefix });
  await fastify.register(tapePlaybackRoutes, { prefix: API_PREFIX });
  await fastify.register(tapeUploadRoutes, { prefix: userPrefix });
  await fastify.register(tapeRequestRoutes, { prefix: userPrefix });
  await fastify.register(memberEventRoutes, { prefix: userPrefix });
  await fastify.register(guardianRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  await fastify.register(memberGuardianRoutes, { prefix: userPrefix });
  await fastify.register(cartRoutes, { prefix: userPrefix });
  if (options.benchWriteFloor) await fastify.register(writeFloorRoutes, { prefix: API_PREFIX });
  await fastify.register(orderRoutes, { prefix: userPrefix });
  await fastify.register(invoiceRoutes, { prefix: userPrefix });
  await fastify.register(paymentRoutes, {
    prefix: `${API_PREFIX}/api/${API_VERSION}`,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
  });
  await fastify.register(returnRoutes, { prefix: userPrefix });
  await fastify.register(returnPhotoRoutes, { prefix: userPrefix });
  await fastify.register(grievanceOfficerRoutes, { prefix: `${API_PREFIX}/api/${API_VERSION}` });
  await fastify.register(adminRoutes, { prefix: `${API_PREFIX}${ADMIN_API_PATH}` });

  // Last: static files and the catch-all that returns the app shell or a JSON 404.
  await fastify.register(webApp, {
    distDir: options.distDir,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    largestImage: async (pathname) => (pathname === '/' ? homeBannerImage(fastify) : null),
    hiddenPage: (pathname) => fastify.profileRepository.isHiddenPage(pathname),
    shareCard: (pathname) => fastify.shareCards.pageTags(pathname),
  });

  return fastify;
}
