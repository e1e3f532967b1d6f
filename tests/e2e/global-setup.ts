import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/src/build/build-server.js';
import { signInCodeTemplate } from '../../server/src/lib/sms/sign-in-code-sms.js';
import { E2E_SMS, startMsg91StandIn } from '../support/msg91-stand-in.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { STAND_IN_KEYS, startRazorpayStandIn } from '../support/razorpay-stand-in.js';
import { PAYMENT_WEBHOOK_PATH } from '../../server/src/plugins/payment-repository.js';
import { makeDataTemplate, startServerProcess } from './server-process.js';

/**
 * Compiles the server and starts it as `npm start` does (it builds the PWA when stale), with a fresh temporary
 * database, mailing through a local SMTP server that writes each mail to a folder, as a member's inbox would hold
 * it. BASE_URL, MAIL_DIR and SMS_DIR (the SMS its MSG91 stand-in was sent) are handed to the tests through the environment; the returned function stops them all. The
 * demo database is made once, first (E2E_DATA_TEMPLATE): this server and every one a test starts begin on a copy.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // CI's side lane (playwright.config.ts) runs while the other lane's server serves from dist-server, which a build
  // would delete and write again: that lane built it, and SKIP_BUILD=1 takes the PWA as it built it too.
  if (process.env.E2E_LANE !== 'side') await buildServer();
  const template = await makeDataTemplate();
  process.env.E2E_DATA_TEMPLATE = template;
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-mail-'));
  const smtp = await startSmtpSink({ dir: mailDir });
  // Sign-in codes go through the MSG91 adapter to a stand-in that writes each SMS to a folder, as a phone holds it.
  const smsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-sms-'));
  const sms = await startMsg91StandIn({
    authKey: E2E_SMS.authKey,
    // The server's PUBLIC_URL is http://localhost:<port>: its WebOTP line names localhost.
    templates: { [E2E_SMS.templateId]: signInCodeTemplate('localhost') },
    dir: smsDir,
  });
  // Online payments go through the Razorpay adapter to a stand-in of the gateway: its checkout page, callback and
  // webhooks, signed as Razorpay signs them.
  const gateway = await startRazorpayStandIn();
  const server = await startServerProcess(
    {
      RAZORPAY_KEY_ID: STAND_IN_KEYS.keyId,
      RAZORPAY_KEY_SECRET: STAND_IN_KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
      RAZORPAY_API_URL: gateway.url,
      RAZORPAY_CHECKOUT_URL: gateway.checkoutUrl,
      SMTP_URL: smtp.url,
      SMS_BASE_URL: sms.url,
      SMS_AUTH_KEY: E2E_SMS.authKey,
      SMS_TEMPLATE_ID: E2E_SMS.templateId,
      SMS_SENDER_ID: E2E_SMS.senderId,
    },
    true,
  );
  gateway.webhookUrl = `${server.url}${PAYMENT_WEBHOOK_PATH}`;
  process.env.BASE_URL = server.url;
  process.env.MAIL_DIR = mailDir;
  process.env.SMS_DIR = smsDir;
  return async () => {
    await server.stop();
    await smtp.close();
    await sms.close();
    await gateway.close();
    await fs.rm(mailDir, { recursive: true, force: true });
    await fs.rm(smsDir, { recursive: true, force: true });
    await fs.rm(template, { recursive: true, force: true });
  };
}
