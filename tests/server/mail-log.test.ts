import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema.js';
import { queueMail } from '../../server/src/lib/mail-outbox.js';
import { createShopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/** An app without SMTP_URL, its log read line by line as the server would write it. */
async function appWithLog(production: boolean) {
  const lines: string[] = [];
  const testApp = await createTestApp({ seed: false, production, logStream: { write: (line) => lines.push(line) } });
  const shopper = await createShopper(testApp.app, 'Meera Iyer');
  const [account] = await testApp.app.db.select().from(users).where(eq(users.id, shopper.id));
  return { testApp, lines, email: account!.email! };
}

/** A reset link's mail and a queued order mail, as the app sends them. */
async function sendTwoMails(testApp: TestApp, email: string) {
  const reset = await testApp.app.inject({ method: 'POST', url: `${USER_API}/forgot-password`, payload: { email } });
  expect(reset.statusCode).toBe(200);
  await queueMail(testApp.app.db, {
    to: email,
    kind: 'order',
    subject: 'Order #41 shipped',
    text: 'Meera, your order is on its way to 12 Film City Road.',
  });
  await testApp.app.sendQueuedMail();
}

const mailLines = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as { msg: string; mail?: Record<string, unknown> }).filter((line) => line.mail);

describe('mail without SMTP_URL in production', () => {
  let withLog: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    withLog = await appWithLog(true);
  });
  afterAll(() => withLog.testApp.close());

  it('logs the kind and the recipient only: no subject, text, link or name', async () => {
    await sendTwoMails(withLog.testApp, withLog.email);
    const logged = mailLines(withLog.lines);
    // The link that confirmed the account at registration is sent by the job queue as soon as it was queued, so it
    // may come before or after the reset link.
    expect(logged.map((line) => line.mail)).toHaveLength(3);
    expect(logged.map((line) => line.mail)).toEqual(
      expect.arrayContaining([
        { kind: 'password-reset', to: withLog.email },
        { kind: 'email-confirmation', to: withLog.email },
        { kind: 'order', to: withLog.email },
      ]),
    );
    const all = withLog.lines.join('\n');
    for (const secret of ['reset-password?token=', 'Choose a new CineVerse password', 'Meera', 'Film City', '#41']) {
      expect(all, secret).not.toContain(secret);
    }
    expect(logged.find((line) => line.mail!.kind === 'password-reset')!.msg).toBe(
      `mail (password-reset) to ${withLog.email} not sent: SMTP_URL is not set`,
    );
  });
});

describe('mail without SMTP_URL in development', () => {
  let withLog: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    withLog = await appWithLog(false);
  });
  afterAll(() => withLog.testApp.close());

  it('keeps the whole mail in the log, so a developer can follow a reset link', async () => {
    await sendTwoMails(withLog.testApp, withLog.email);
    const logged = mailLines(withLog.lines).filter((line) => line.mail!.kind !== 'email-confirmation');
    expect(logged).toHaveLength(2);
    expect(logged[0]!.mail).toMatchObject({ kind: 'password-reset', to: withLog.email });
    expect(String(logged[0]!.mail!.text)).toContain('/reset-password?token=');
    expect(logged[1]!.mail).toMatchObject({ kind: 'order', subject: 'Order #41 shipped' });
  });
});

describe('the request log', () => {
  let withLog: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    withLog = await appWithLog(true);
  });
  afterAll(() => withLog.testApp.close());

  it('names a request’s path without its query, where mailed links carry their tokens', async () => {
    await withLog.testApp.app.inject({ url: '/confirm-email?token=secret-token-of-a-mailed-link' });
    const all = withLog.lines.join('\n');
    expect(all).toContain('"url":"/confirm-email"');
    expect(all).not.toContain('secret-token-of-a-mailed-link');
  });
});
