import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../server/src/db/schema.js';

const GUARDIAN_API = '/backend/api/api/v1/guardian';

/** The token of the latest link to `page` (`/guardian` or `/guardian/messages`) mailed to `email`. */
export async function mailedGuardianToken(
  app: FastifyInstance,
  email: string,
  page: '/guardian' | '/guardian/messages' = '/guardian',
): Promise<string> {
  const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
  const pattern = new RegExp(`${page.replace(/\//g, '\\/')}#([A-Za-z0-9_-]+)`);
  for (const mail of mails) {
    const match = pattern.exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`No ${page} link was mailed to ${email}`);
}

/** The guardian at `email` opens the latest confirmation link mailed to them and confirms. */
export async function confirmGuardian(app: FastifyInstance, email: string): Promise<void> {
  const token = await mailedGuardianToken(app, email);
  const confirmed = await app.inject({ method: 'POST', url: `${GUARDIAN_API}/consent/confirm`, payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`The guardian could not confirm: ${confirmed.body}`);
}
