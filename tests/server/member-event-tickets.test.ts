import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../server/src/db/schema.js';
import { tell } from '../../server/src/lib/tell.js';
import { makeStreamTicket } from '../../server/src/lib/stream-tickets.js';
import { memberEventNames, memberEventsTicketSchema } from '../../src/contract/member-events.js';
import { notificationSchema } from '../../src/contract/notifications.js';
import { openMemberStream, type MemberStream } from '../support/member-stream.js';
import { createShopper, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The live stream opened as the browser's EventSource opens it: no Authorization header, a short-lived ticket asked
 * for with the bearer token. The ticket opens only its own member's stream, for a minute, and never after its session
 * ended; it is never written to the log.
 */

let testApp: TestApp;
let app: FastifyInstance;
let baseUrl: string;
/** A second server on the same database: a ticket from one opens a stream on the other. */
let other: FastifyInstance;
let otherUrl: string;
const streams: MemberStream[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ seed: false, logStream: { write: (line) => logLines.push(line) } });
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
  // On PostgreSQL, two of the server's sockets of streams this test opened by ticket and then aborted are not yet
  // idle when the apps close, and a close waits for them: they are cut here (a server process cuts them after 10 s).
  other?.server.closeAllConnections();
  await other?.close();
  testApp?.app.server.closeAllConnections();
  await testApp?.close();
});

async function ticketOf(who: Shopper): Promise<string> {
  const response = await fetch(`${baseUrl}${USER_API}/me/events/ticket`, { method: 'POST', headers: who.headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toContain('no-store');
  return memberEventsTicketSchema.parse(await response.json()).ticket;
}

async function openWithTicket(url: string, ticket: string, lastEventId?: number): Promise<MemberStream> {
  const query = `?ticket=${encodeURIComponent(ticket)}${lastEventId === undefined ? '' : `&last_event_id=${lastEventId}`}`;
  const stream = await openMemberStream(url, null, undefined, query);
  streams.push(stream);
  return stream;
}

async function notify(who: Shopper, title: string): Promise<void> {
  await app.db.transaction((tx) =>
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

async function sessionOf(who: Shopper) {
  const [row] = await app.db
    .select({ id: authTokens.id, tokenHash: authTokens.tokenHash })
    .from(authTokens)
    .where(eq(authTokens.userId, who.id));
  return row!;
}

describe('a ticket to the live stream', () => {
  it('is given only to a signed-in member', async () => {
    const response = await fetch(`${baseUrl}${USER_API}/me/events/ticket`, { method: 'POST' });
    expect(response.status).toBe(401);
    const stream = await openWithTicket(baseUrl, 'not-a-ticket');
    expect(stream.status).toBe(401);
  });

  it('opens the member’s own stream without a header, on any process, and resumes after last_event_id', async () => {
    const member = await createShopper(app, 'Ticket Holder');
    const stranger = await createShopper(app, 'Somebody Else');
    const ticket = await ticketOf(member);
    const stream = await openWithTicket(otherUrl, ticket);
    expect(stream.status).toBe(200);
    const ready = await stream.next((event) => event.event === memberEventNames.ready);
    await notify(stranger, 'Not for the ticket holder');
    await notify(member, 'Shipped to the ticket holder');
    const told = await stream.next(notice('Shipped to the ticket holder'));
    expect(stream.events.some(notice('Not for the ticket holder'))).toBe(false);

    // A new EventSource cannot set Last-Event-ID: the app gives it in the query, with the same (still good) ticket.
    await notify(member, 'Told while away');
    const again = await openWithTicket(baseUrl, ticket, Number(ready.lastEventId));
    await again.next(notice('Told while away'));
    const titles = again.events
      .filter((event) => event.event === memberEventNames.notice)
      .map((event) => notificationSchema.parse(JSON.parse(event.data)).title);
    expect(titles).toEqual(['Shipped to the ticket holder', 'Told while away']);
    expect(Number(told.lastEventId)).toBeGreaterThan(Number(ready.lastEventId));
  });

  it('is refused once expired, altered, or moved to another member’s session', async () => {
    const member = await createShopper(app, 'Expired Ticket');
    const stranger = await createShopper(app, 'Other Member');
    const session = await sessionOf(member);
    const strangers = await sessionOf(stranger);

    const expired = makeStreamTicket(session.id, session.tokenHash, new Date(Date.now() - 61_000)).ticket;
    expect((await openWithTicket(baseUrl, expired)).status).toBe(401);

    const ticket = await ticketOf(member);
    const [, expires, nonce, mac] = ticket.split('.');
    // The member's own ticket, pointed at the other member's session: its signature no longer matches.
    expect((await openWithTicket(baseUrl, `${strangers.id}.${expires}.${nonce}.${mac}`)).status).toBe(401);
    // A later expiry written in by hand.
    expect((await openWithTicket(baseUrl, `${session.id}.${Number(expires) + 3600}.${nonce}.${mac}`)).status).toBe(401);
    // The same ticket as given still works: the refusals above were the changes.
    expect((await openWithTicket(baseUrl, ticket)).status).toBe(200);
  });

  it('is refused once its session is logged out, and its stream ends then, while another session keeps working', async () => {
    const member = await createShopper(app, 'Two Phones');
    const secondToken = await app.accountRepository.issueToken(member.id);
    const second: Shopper = { ...member, token: secondToken, headers: { authorization: `Bearer ${secondToken}` } };
    const ticket = await ticketOf(member);
    const secondTicket = await ticketOf(second);
    const stream = await openWithTicket(otherUrl, ticket);
    await stream.next((event) => event.event === memberEventNames.ready);

    const logout = await app.inject({ method: 'POST', url: `${USER_API}/logout`, headers: member.headers });
    expect(logout.statusCode).toBeLessThan(300);
    await stream.ended;
    expect((await openWithTicket(baseUrl, ticket)).status).toBe(401);
    expect((await openWithTicket(otherUrl, ticket)).status).toBe(401);
    const response = await fetch(`${baseUrl}${USER_API}/me/events/ticket`, { method: 'POST', headers: member.headers });
    expect(response.status).toBe(401);

    const kept = await openWithTicket(baseUrl, secondTicket);
    expect(kept.status).toBe(200);
    await kept.next((event) => event.event === memberEventNames.ready);
  });

  it('never appears in the log', async () => {
    const member = await createShopper(app, 'Logged Member');
    const ticket = await ticketOf(member);
    const stream = await openWithTicket(baseUrl, ticket);
    await stream.next((event) => event.event === memberEventNames.ready);
    expect((await openWithTicket(baseUrl, `${ticket}x`)).status).toBe(401);
    expect(logLines.join('\n')).toContain('/me/events');
    expect(logLines.join('\n')).not.toContain(ticket.split('.').at(-1));
  });
});
