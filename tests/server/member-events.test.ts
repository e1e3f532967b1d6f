import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tell } from '../../server/src/lib/tell.js';
import { memberEventNames } from '../../src/contract/member-events.js';
import { notificationSchema } from '../../src/contract/notifications.js';
import { openMemberStream, type MemberStream } from '../support/member-stream.js';
import { createShopper, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A member's live stream (`GET /me/events`): what they are told arrives on it as it is written, from this process or
 * another on the same database, resumes after Last-Event-ID from the notifications table, keeps open with a comment,
 * and ends when its session does.
 */

let testApp: TestApp;
let app: FastifyInstance;
let baseUrl: string;
/** A second server on the same database: another process on PostgreSQL, a second app on the embedded one. */
let other: FastifyInstance;
let otherUrl: string;
const streams: MemberStream[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ seed: false, liveHeartbeatMs: 200 });
  app = testApp.app;
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  other = await testApp.secondProcess({
    distDir: path.join(testApp.dataDir, 'no-dist'),
    publicUrl: 'https://cineverse.test',
  });
  otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await other?.close();
  await testApp?.close();
});

async function open(url: string, who: Shopper, lastEventId?: string): Promise<MemberStream> {
  const stream = await openMemberStream(url, who.token, lastEventId);
  streams.push(stream);
  return stream;
}

/** Tells `who` a notice titled `title` through `through`'s database, as any event in the product does. */
async function notify(through: FastifyInstance, who: Shopper, title: string): Promise<void> {
  await through.db.transaction((tx) =>
    tell(tx, {
      userId: who.id,
      kind: 'order',
      words: { en: { title, body: 'Your order is on its way.' }, hi: { title, body: 'आपका ऑर्डर रास्ते में है।' } },
      link: '/orders',
    }),
  );
}

const notice = (title: string) => (event: { event: string; data: string }) =>
  event.event === memberEventNames.notice && notificationSchema.parse(JSON.parse(event.data)).title === title;

describe('a member’s live stream', () => {
  it('answers 401 without a session, and nothing is streamed', async () => {
    const response = await fetch(`${baseUrl}${USER_API}/me/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('sends each notice told to the member as it is written, with its id, and nobody else’s', async () => {
    const member = await createShopper(app, 'Asha Live');
    const stranger = await createShopper(app, 'Someone Else');
    const stream = await open(baseUrl, member);
    expect(stream.status).toBe(200);
    const ready = await stream.next((event) => event.event === memberEventNames.ready);
    expect(ready.lastEventId).toBe('0');

    await notify(app, stranger, 'Not for Asha');
    await notify(app, member, 'Order shipped');
    const event = await stream.next(notice('Order shipped'));
    const sent = notificationSchema.parse(JSON.parse(event.data));
    expect(event.lastEventId).toBe(String(sent.id));
    expect(sent).toMatchObject({ kind: 'order', link: '/orders', read: false, body: 'Your order is on its way.' });
    expect(stream.events.some(notice('Not for Asha'))).toBe(false);
  });

  it('reaches a stream held by another server on the same database', async () => {
    const member = await createShopper(app, 'Ravi Elsewhere');
    const stream = await open(otherUrl, member);
    await stream.next((event) => event.event === memberEventNames.ready);
    await notify(app, member, 'Written by the first server');
    await stream.next(notice('Written by the first server'));
  });

  it('never sends a notice whose transaction rolled back', async () => {
    const member = await createShopper(app, 'Meera Rollback');
    const stream = await open(baseUrl, member);
    await stream.next((event) => event.event === memberEventNames.ready);
    await app.db
      .transaction(async (tx) => {
        await tell(tx, {
          userId: member.id,
          kind: 'order',
          words: { en: { title: 'Never happened', body: '' }, hi: { title: 'कभी नहीं हुआ', body: '' } },
          link: '/orders',
        });
        throw new Error('roll back');
      })
      .catch(() => {});
    await notify(app, member, 'After the rollback');
    await stream.next(notice('After the rollback'));
    expect(stream.events.some(notice('Never happened'))).toBe(false);
  });

  it('resumes after Last-Event-ID with what was told meanwhile, oldest first, and nothing before it', async () => {
    const member = await createShopper(app, 'Kiran Resume');
    const first = await open(baseUrl, member);
    await first.next((event) => event.event === memberEventNames.ready);
    await notify(app, member, 'Seen before the cut');
    const seen = await first.next(notice('Seen before the cut'));
    first.close();
    await first.ended;

    await notify(app, member, 'Missed one');
    await notify(app, member, 'Missed two');
    const again = await open(otherUrl, member, seen.lastEventId);
    await again.next(notice('Missed two'));
    const titles = again.events
      .filter((event) => event.event === memberEventNames.notice)
      .map((event) => notificationSchema.parse(JSON.parse(event.data)).title);
    expect(titles).toEqual(['Missed one', 'Missed two']);
  });

  it('tells both sides of a conversation that a message arrived', async () => {
    const member = await createShopper(app, 'Sana Directs');
    const profile = await app.inject({
      method: 'PUT',
      url: `${USER_API}/me/profile`,
      headers: member.headers,
      payload: {
        kind: 'person',
        handle: 'sana-live',
        display_name: 'Sana Iyer',
        category: 'Artist',
        crafts: ['director'],
        city: 'Chennai',
        languages: [{ language: 'Tamil', level: 'native' }],
        date_of_birth: '1990-01-01',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const producer = await createShopper(app, 'Vikram Producer');
    const theirs = await open(baseUrl, member);
    const mine = await open(otherUrl, producer);
    await theirs.next((event) => event.event === memberEventNames.ready);
    await mine.next((event) => event.event === memberEventNames.ready);

    const sent = await app.inject({
      method: 'POST',
      url: '/backend/api/api/v1/profiles/sana-live/contact',
      headers: producer.headers,
      payload: { message: 'We are casting a Tamil web series in Chennai; are you free in March?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [conversation] = (await app.inject({ url: `${USER_API}/me/conversations`, headers: member.headers })).json()
      .data as { id: number }[];
    const isMessage = (event: { event: string; data: string }) =>
      event.event === memberEventNames.message &&
      (JSON.parse(event.data) as { conversation_id: number }).conversation_id === conversation!.id;
    await theirs.next(isMessage);
    await mine.next(isMessage);
    // The member's centre has the notice of it too, on the same stream.
    await theirs.next((event) => event.event === memberEventNames.notice);
  });

  it('keeps the stream open with a comment line between events', async () => {
    const member = await createShopper(app, 'Quiet Member');
    const stream = await open(baseUrl, member);
    await stream.next((event) => event.event === memberEventNames.ready);
    await expect.poll(() => stream.comments.length, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'sends what was told while the server’s feed of notices was cut, once it is back',
    async () => {
      const member = await createShopper(app, 'Dev Cut Off');
      const stream = await open(otherUrl, member);
      await stream.next((event) => event.event === memberEventNames.ready);
      const listener = other.changeNotices.listenerPid;
      expect(listener).toBeDefined();
      await app.db.execute(sql`select pg_terminate_backend(${listener!})`);
      await notify(app, member, 'Told while cut off');
      await stream.next(notice('Told while cut off'));
      await stream.next((event) => event.event === memberEventNames.resync);
      await expect.poll(() => other.changeNotices.state, { timeout: 10_000 }).toBe('listening');
    },
  );

  it('ends the stream when its session is logged out', async () => {
    const member = await createShopper(app, 'Leaving Member');
    const stream = await open(otherUrl, member);
    await stream.next((event) => event.event === memberEventNames.ready);
    const logout = await app.inject({ method: 'POST', url: `${USER_API}/logout`, headers: member.headers });
    expect(logout.statusCode).toBeLessThan(300);
    await stream.ended;
  });
});
