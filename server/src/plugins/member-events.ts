import type { ServerResponse } from 'node:http';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { memberEventNames } from '../../../src/contract/member-events.js';
import type { AppNotification } from '../../../src/contract/notifications.js';
import { authTokens, notifications, users } from '../db/schema.js';
import { inRuns } from '../lib/in-runs.js';
import { makeStreamTicket, parseStreamTicket, ticketSignedFor } from '../lib/stream-tickets.js';
import { TOKEN_IDLE_LIFETIME_MS } from './auth.js';
import { NOTIFICATION_LIST_SIZE } from './notification-repository.js';

/**
 * Members' live streams (server-sent events, `GET /me/events`): each notice written in a member's centre, and each
 * message in their conversations, is sent on every stream the member has open on this process, whichever process
 * wrote it. The news comes from the database's notices (plugins/change-notices.ts, topics `notices` and `messages`,
 * sent by triggers on commit: migration 0038_live_events), so a stream needs no asking: an open stream costs a socket
 * and a few hundred bytes here, and nothing in the database. When the feed was lost (notices may have been missed),
 * every stream is sent what its member missed from the notifications table, and told to load the rest again.
 */

declare module 'fastify' {
  interface FastifyInstance {
    memberEvents: {
      /**
       * Keeps `response` (its head already written) open as `userId`'s stream, signed in with token `tokenId`; sends
       * what the member was told after notification `lastEventId` (from Last-Event-ID), else the `ready` event.
       */
      open(userId: number, tokenId: number | null, response: ServerResponse, lastEventId: number | undefined): void;
      /** Streams open on this process. */
      readonly open_streams: number;
      /** A ticket to open a stream without the Authorization header, for session `tokenId` (lib/stream-tickets.ts). */
      ticket(tokenId: number): Promise<{ ticket: string; expiresAt: Date } | null>;
      /** The member and session a ticket opens a stream for, or null (expired, forged, or its session ended). */
      ticketSession(ticket: string): Promise<{ userId: number; tokenId: number } | null>;
    };
  }
}

export interface MemberEventsOptions {
  /** How often a comment is sent on every stream (default 25 s). */
  heartbeatMs?: number;
}

/**
 * 25 s: proxies and mobile networks drop a connection that says nothing for 30 to 60 s (haproxy's `timeout server`
 * here is longer); a comment line keeps it open, and shows a dead one to the server at the next write.
 */
const HEARTBEAT_MS = 25_000;
/** A member's tabs and devices: beyond this, their oldest stream is closed (its client may open it again). */
export const STREAMS_PER_MEMBER = 8;
/**
 * 256 kB: a client that stops reading is dropped rather than buffered here without end; it resumes with Last-Event-ID
 * when it reads again.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long a client waits before opening a dropped stream again (the `retry:` field). */
const RETRY_MS = 3_000;
/** How long a stream remembers the notices it caught up with, so that their live notices are not sent twice. */
const SENT_KEPT_MS = 10_000;

interface Stream {
  userId: number;
  tokenId: number | null;
  response: ServerResponse;
  /** The newest notice the stream was sent (or the newest there was when it opened). */
  lastId: number;
  /** Until the notices it missed are sent: those sent live meanwhile are noted in `sent`. */
  catching: boolean;
  /** The notices sent while catching up, so that none is sent twice (live and caught up). */
  sent: Set<number>;
}

function eventText(name: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

function noticeOf(row: typeof notifications.$inferSelect): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export default fp<MemberEventsOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const streams = new Map<number, Set<Stream>>();
    let count = 0;

    const write = (stream: Stream, text: string) => {
      const { response } = stream;
      if (response.destroyed || response.writableEnded) return;
      response.write(text);
      if (response.writableLength > MAX_BUFFERED_BYTES) response.destroy();
    };

    const remove = (stream: Stream) => {
      const own = streams.get(stream.userId);
      if (!own?.delete(stream)) return;
      count -= 1;
      if (own.size === 0) streams.delete(stream.userId);
    };

    /** Sends `stream` the notices after `after`, oldest first; too many, and it is told to load the centre again. */
    async function catchUp(stream: Stream, after: number) {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, stream.userId), gt(notifications.id, after)))
        .orderBy(asc(notifications.id))
        .limit(NOTIFICATION_LIST_SIZE + 1);
      if (rows.length > NOTIFICATION_LIST_SIZE) {
        const [latest] = await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.userId, stream.userId))
          .orderBy(desc(notifications.id))
          .limit(1);
        stream.lastId = Math.max(stream.lastId, latest!.id);
        write(stream, eventText(memberEventNames.resync, {}, latest!.id));
        return;
      }
      for (const row of rows) {
        stream.lastId = Math.max(stream.lastId, row.id);
        if (stream.sent.has(row.id)) continue;
        stream.sent.add(row.id);
        write(stream, eventText(memberEventNames.notice, noticeOf(row), row.id));
      }
    }

    /**
     * A stream's catching up is over. The notices it sent are kept in `sent` a little longer, for their live notice
     * still on its way (it comes within a second of the commit), then forgotten: a stream open for days after many
     * lost feeds keeps no list of them.
     */
    const caughtUp = (stream: Stream) => {
      stream.catching = false;
      setTimeout(() => {
        if (!stream.catching) stream.sent.clear();
      }, SENT_KEPT_MS).unref();
    };

    /**
     * News may have been missed (the feed was lost, or is back): every stream is sent its member's notices since the
     * newest it was sent, and its client told to load its conversations again.
     */
    const catchUpEveryone = () => {
      for (const own of streams.values()) {
        for (const stream of own) {
          stream.catching = true;
          catchUp(stream, stream.lastId)
            .then(() => write(stream, eventText(memberEventNames.resync, {})))
            .catch((error: unknown) => fastify.log.error({ err: error }, 'A live stream could not catch up'))
            .finally(() => caughtUp(stream));
        }
      }
    };

    fastify.changeNotices.on('notices', (detail) => {
      if (detail === undefined) {
        catchUpEveryone();
        return;
      }
      const [userId, id] = detail.split(':').map(Number);
      const own = streams.get(userId!);
      if (!own || own.size === 0) return;
      void db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id!), eq(notifications.userId, userId!)))
        .then(([row]) => {
          if (!row) return;
          const text = eventText(memberEventNames.notice, noticeOf(row), row.id);
          for (const stream of streams.get(userId!) ?? []) {
            if (stream.sent.delete(row.id)) continue;
            stream.lastId = Math.max(stream.lastId, row.id);
            write(stream, text);
            if (stream.catching) stream.sent.add(row.id);
          }
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'A live notice could not be read'));
    });

    fastify.changeNotices.on('messages', (detail) => {
      // A lost feed is answered once, by the notices' handler.
      if (detail === undefined) return;
      const [conversation, sides = ''] = detail.split(':');
      const text = eventText(memberEventNames.message, { conversation_id: Number(conversation) });
      for (const userId of new Set(sides.split(',').filter(Boolean).map(Number))) {
        for (const stream of streams.get(userId) ?? []) write(stream, text);
      }
    });

    // A token revoked (logout, a password changed elsewhere) or an account disabled ends its streams at once.
    fastify.changeNotices.on('sessions', () => {
      // The streams open now: one opened while the check runs was signed in after the change.
      const checked = [...streams.values()].flatMap((own) => [...own].filter((stream) => stream.tokenId !== null));
      if (checked.length === 0) return;
      void (async () => {
        const valid = new Set<number>();
        for (const ids of inRuns([...new Set(checked.map((stream) => stream.tokenId!))])) {
          const rows = await db
            .select({ id: authTokens.id })
            .from(authTokens)
            .innerJoin(users, eq(users.id, authTokens.userId))
            .where(and(inArray(authTokens.id, ids), isNull(authTokens.revokedAt), isNull(users.disabledAt)));
          for (const row of rows) valid.add(row.id);
        }
        for (const stream of checked) if (!valid.has(stream.tokenId!)) stream.response.end();
      })().catch((error: unknown) => fastify.log.error({ err: error }, 'Live streams could not be checked'));
    });

    /**
     * Session `tokenId` while it may sign in: not revoked, not idle, its account not disabled. Read from the database
     * every time (not auth.ts's 3-second memory): a ticket must never outlive its session, on any process.
     */
    async function liveSession(tokenId: number) {
      const [row] = await db
        .select({ userId: authTokens.userId, tokenHash: authTokens.tokenHash, lastUsedAt: authTokens.lastUsedAt })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt), isNull(users.disabledAt)))
        .limit(1);
      if (!row || Date.now() - row.lastUsedAt.getTime() > TOKEN_IDLE_LIFETIME_MS) return null;
      return row;
    }

    // One timer for every stream: thousands of open streams cost no timer each.
    const heartbeat = setInterval(() => {
      for (const own of streams.values()) for (const stream of own) write(stream, ': \n\n');
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();

    fastify.decorate('memberEvents', {
      open(userId, tokenId, response, lastEventId) {
        const stream: Stream = {
          userId,
          tokenId,
          response,
          lastId: lastEventId ?? 0,
          catching: lastEventId !== undefined,
          sent: new Set(),
        };
        let own = streams.get(userId);
        if (!own) streams.set(userId, (own = new Set()));
        if (own.size >= STREAMS_PER_MEMBER) own.values().next().value!.response.end();
        own.add(stream);
        count += 1;
        response.on('close', () => remove(stream));
        response.write(`retry: ${RETRY_MS}\n\n`);
        // Registered before anything is read: a notice committed meanwhile is sent live (once, by `sent`).
        const ready =
          lastEventId === undefined
            ? db
                .select({ id: notifications.id })
                .from(notifications)
                .where(eq(notifications.userId, userId))
                .orderBy(desc(notifications.id))
                .limit(1)
                .then(([latest]) => {
                  stream.lastId = Math.max(stream.lastId, latest?.id ?? 0);
                  write(stream, eventText(memberEventNames.ready, {}, stream.lastId));
                })
            : catchUp(stream, lastEventId).finally(() => caughtUp(stream));
        ready.catch((error: unknown) => {
          fastify.log.error({ err: error }, 'A live stream could not be opened');
          response.end();
        });
      },
      get open_streams() {
        return count;
      },
      async ticket(tokenId) {
        const session = await liveSession(tokenId);
        return session ? makeStreamTicket(tokenId, session.tokenHash) : null;
      },
      async ticketSession(ticket) {
        const parsed = parseStreamTicket(ticket);
        if (!parsed) return null;
        const session = await liveSession(parsed.tokenId);
        if (!session || !ticketSignedFor(parsed, session.tokenHash)) return null;
        return { userId: session.userId, tokenId: parsed.tokenId };
      },
    });

    // The server closes only once every connection has: open streams are ended first (their clients reconnect to
    // another process).
    fastify.addHook('preClose', async () => {
      clearInterval(heartbeat);
      for (const own of [...streams.values()]) for (const stream of [...own]) stream.response.end();
    });
  },
  { name: 'member-events', dependencies: ['database', 'change-notices'] },
);
