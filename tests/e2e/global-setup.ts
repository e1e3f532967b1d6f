import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/src/build/build-server.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { makeDataTemplate, startServerProcess } from './server-process.js';

/**
 * Compiles the server and starts it as `npm start` does (it builds the PWA when stale), with a fresh temporary
 * database, mailing through a local SMTP server that writes each mail to a folder, as a member's inbox would hold
 * it. BASE_URL and MAIL_DIR are handed to the tests through the environment; the returned function stops both. The
 * demo database is made once, first (E2E_DATA_TEMPLATE): this server and every one a test starts begin on a copy.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await buildServer();
  const template = await makeDataTemplate();
  process.env.E2E_DATA_TEMPLATE = template;
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-mail-'));
  const smtp = await startSmtpSink({ dir: mailDir });
  const server = await startServerProcess({ SMTP_URL: smtp.url }, true);
  process.env.BASE_URL = server.url;
  process.env.MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    await smtp.close();
    await fs.rm(mailDir, { recursive: true, force: true });
    await fs.rm(template, { recursive: true, force: true });
  };
}
