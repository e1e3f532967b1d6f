import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMails, mailOutbox, notifications, sentMessages, users } from '../../server/src/db/schema.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { CONFIRMATION_SUBJECT, createShopper, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const PROFILES = '/backend/api/api/v1/profiles';
const ME = `${USER_API}/me`;

let smtp: SmtpSink;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await createTestApp({ seed: false, smtpUrl: smtp.url });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

let handles = 0;

/** A member with a public profile, and a sender who has written to it: their conversation's id. */
async function conversationBetween(ownerName: string, senderName: string) {
  const { app } = testApp;
  handles += 1;
  const handle = `limits-member-${handles}`;
  const owner = await createShopper(app, ownerName);
  const saved = await app.inject({
    method: 'PUT',
    url: `${ME}/profile`,
    headers: owner.headers,
    payload: { kind: 'person', handle, display_name: ownerName, category: 'Artist', crafts: ['actor'], city: 'Pune' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const sender = await createShopper(app, senderName);
  const first = await app.inject({
    method: 'POST',
    url: `${PROFILES}/${handle}/contact`,
    headers: sender.headers,
    payload: { message: 'We are casting a Marathi feature in Pune; are you free?' },
  });
  expect(first.statusCode, first.body).toBe(201);
  const [conversation] = (await app.inject({ url: `${ME}/conversations`, headers: owner.headers })).json().data;
  return { owner, sender, handle, conversationId: conversation.id as number };
}

const answer = (app: TestApp['app'], who: Shopper, conversationId: number, message: string) =>
  app.inject({
    method: 'POST',
    url: `${ME}/conversations/${conversationId}/messages`,
    headers: who.headers,
    payload: { message },
  });

const emailOf = async (who: Shopper) =>
  (await testApp.app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id)))[0]!.email!;

describe('messages one member may send', () => {
  it('30 an hour, answers and first messages together: 40 sent at once give exactly 30', async () => {
    const { app } = testApp;
    const { owner, sender, conversationId } = await conversationBetween('Anita Owner', 'Rohan Sender');
    // The sender's first message took one of their 30; 29 answers fit, and 11 more sent with them are refused.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => answer(app, sender, conversationId, `Answer number ${index}`)),
    );
    const accepted = answers.filter((response) => response.statusCode === 201);
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(accepted).toHaveLength(29);
    expect(refused).toHaveLength(11);
    for (const response of refused) {
      const seconds = Number(response.headers['retry-after']);
      expect(seconds).toBeGreaterThan(3500);
      expect(seconds).toBeLessThanOrEqual(3600);
      expect(response.json().message).toMatch(
        /^You can send 30 messages an hour and 100 a day\. Try again in \d+ minutes\.$/,
      );
    }
    // A new conversation counts too.
    const other = await conversationBetween('Kiran Owner', 'Other Sender');
    const blocked = await app.inject({
      method: 'POST',
      url: `${PROFILES}/${other.handle}/contact`,
      headers: sender.headers,
      payload: { message: 'Another conversation, started after thirty messages.' },
    });
    expect(blocked.statusCode).toBe(429);
    // The other side's answers are their own count.
    expect((await answer(app, owner, conversationId, 'Yes, I am free in March.')).statusCode).toBe(201);
  });

  it('a message to the team from a signed-in member counts with their messages; without sign-in it does not', async () => {
    const { app } = testApp;
    const { sender, conversationId } = await conversationBetween('Team Owner', 'Team Sender');
    for (let index = 0; index < 28; index += 1) {
      expect((await answer(app, sender, conversationId, `Answer ${index}`)).statusCode).toBe(201);
    }
    const toTeam = (headers: Record<string, string>, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/backend/api/api/v1/contact',
        headers,
        remoteAddress,
        payload: { name: 'Team Sender', email: 'team.sender@example.in', message: 'A question about my order.' },
      });
    expect((await toTeam(sender.headers, '10.9.0.1')).statusCode).toBe(201);
    const over = await toTeam(sender.headers, '10.9.0.2');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await answer(app, sender, conversationId, 'One answer too many')).statusCode).toBe(429);
    // Anyone may write to the team; a token that no longer works is taken as no sign-in.
    expect((await toTeam({}, '10.9.0.3')).statusCode).toBe(201);
    expect((await toTeam({ authorization: 'Bearer no-longer-valid' }, '10.9.0.4')).statusCode).toBe(201);
  });

  it('40 sent at once to two servers on one database give exactly 30', async () => {
    const { app } = testApp;
    const { sender, conversationId } = await conversationBetween('Two Servers Owner', 'Two Servers Sender');
    const second = await testApp.secondProcess();
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          answer(index % 2 === 0 ? app : second, sender, conversationId, `Answer from either server ${index}`),
        ),
      );
      expect(answers.filter((response) => response.statusCode === 201)).toHaveLength(29);
      expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(11);
    } finally {
      await second.close();
    }
  });

  it('100 a day: the 101st waits until the oldest of the day is a day old', async () => {
    const { app } = testApp;
    const { sender, conversationId } = await conversationBetween('Daily Owner', 'Daily Sender');
    // 99 more sent over the day, more than an hour ago (moved back in time as the upkeep tests do).
    await app.db
      .update(sentMessages)
      .set({ sentAt: sql`now() - interval '23 hours'` })
      .where(eq(sentMessages.senderId, sender.id));
    await app.db
      .insert(sentMessages)
      .values(Array.from({ length: 99 }, () => ({ senderId: sender.id, sentAt: sql`now() - interval '2 hours'` })));
    const refused = await answer(app, sender, conversationId, 'The hundred and first message of the day');
    expect(refused.statusCode).toBe(429);
    // The oldest leaves the day in an hour.
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    await app.db
      .update(sentMessages)
      .set({ sentAt: sql`now() - interval '25 hours'` })
      .where(and(eq(sentMessages.senderId, sender.id), sql`${sentMessages.sentAt} < now() - interval '22 hours'`));
    expect((await answer(app, sender, conversationId, 'Now there is room for one more')).statusCode).toBe(201);
  });
});

describe('the mail of a conversation', () => {
  it('80 messages in a burst give at most 2 mails to the recipient in that hour, the second saying how many', async () => {
    const { app } = testApp;
    const { owner, sender, conversationId } = await conversationBetween('Burst Owner', 'Burst Sender');
    const ownerEmail = await emailOf(owner);
    await app.sendQueuedMail();
    // The owner's mail but the link that confirmed their account.
    const mailsTo = () =>
      smtp.received.filter((mail) => mail.to.includes(ownerEmail) && !mail.raw.includes(CONFIRMATION_SUBJECT));
    expect(mailsTo()).toHaveLength(1);

    const burst = [];
    for (let index = 0; index < 80; index += 1)
      burst.push(answer(app, sender, conversationId, `Burst message ${index}`));
    const answers = await Promise.all(burst);
    const sent = answers.filter((response) => response.statusCode === 201).length;
    expect(sent).toBe(29);
    await app.sendQueuedMail();
    // Nothing more this hour: the messages wait in one mail due when the hour ends.
    expect(mailsTo()).toHaveLength(1);
    const waiting = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ownerEmail), sql`${mailOutbox.sentAt} is null`));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.subject).toBe(`${sent} new messages from Burst Sender on CineVerse`);

    // The hour ends (moved back in time as the upkeep tests do): the mail sender sends the gathered mail.
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, waiting[0]!.id));
    await app.db
      .update(conversationMails)
      .set({ nextMailAt: sql`${conversationMails.nextMailAt} - interval '1 hour'` })
      .where(eq(conversationMails.conversationId, conversationId));
    await app.sendQueuedMail();
    const received = mailsTo();
    expect(received).toHaveLength(2);
    expect(received[1]!.raw).toContain(`Subject: ${sent} new messages from Burst Sender on CineVerse`);
    expect(received[1]!.raw).toContain('Burst message');

    // The notification centre still has each message.
    const notices = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'message')));
    expect(notices).toHaveLength(sent + 1);

    // A message in the next hour waits for that hour's end too: one mail an hour at most.
    expect((await answer(testApp.app, owner, conversationId, 'Thank you, I will read them all.')).statusCode).toBe(201);
    expect((await answer(testApp.app, owner, conversationId, 'And reply tonight.')).statusCode).toBe(201);
    const toSender = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, await emailOf(sender)), like(mailOutbox.subject, '%Burst Owner%')))
      .orderBy(asc(mailOutbox.id));
    expect(toSender.map((mail) => mail.subject)).toEqual([
      'Burst Owner answered on CineVerse',
      '1 new message from Burst Owner on CineVerse',
    ]);
  });
});
