import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../../src/contract/roles.js';
import { EMAIL_NOT_CONFIRMED, type User } from '../../../src/contract/user.js';
import { authTokens, users } from '../db/schema.js';
import { hashToken } from '../lib/tokens.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of routes that need a signed-in user: answers 401 before the body is even read. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook of answers no cache may keep (tokens, or whether an account exists). */
    noStore(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Drops the remembered sessions, so the next request of each reads its token and user again. */
    forgetSessions(): void;
    /**
     * onRequest hook of a back-office route: a signed-in user (401 without) whose role is one of `allowed` or admin
     * (403 otherwise). The one place a route says who may call it.
     */
    allowRoles(...allowed: Role[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook of a write that reaches other people (a message, an application, a casting call): a signed-in
     * user (401 without) whose email or phone is confirmed (403 with code `email_not_confirmed` otherwise).
     */
    requireConfirmedEmail(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    user: User | null;
    /** The row of the bearer token that authenticated the request, so logout can revoke exactly it. */
    authTokenId: number | null;
  }
}

/**
 * Whether the account's owner has shown the email is theirs (by the link mailed to it) or the phone is (by a code sent
 * to it). An account that has not may browse and shop, but reaches no one: it cannot be used to write to members,
 * apply or post in someone else's name.
 */
export function hasConfirmedContact(user: Pick<User, 'email_confirmed' | 'phone_confirmed'>): boolean {
  return user.email_confirmed || user.phone_confirmed;
}

/**
 * The address a member's own mail may go to: their email, unless it is unproven while their phone is confirmed. Such
 * an account signs in by its phone; the email was typed once and never opened, and may be a stranger's, who must not
 * get the member's notices, receipts or a link to set their password. Only the mail that confirms it goes there (and
 * `notify.ts`'s `mailRecipients` keeps the same rule for notices).
 */
export function mailableEmail(user: Pick<User, 'email' | 'email_confirmed' | 'phone_confirmed'>): string | null {
  return user.email_confirmed || !user.phone_confirmed ? user.email : null;
}

/** A token unused for this long stops working (30 days, in milliseconds). */
export const TOKEN_IDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often (1 hour) so that reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A checked token is remembered for 3 s, so a shopper's burst of cart calls reads it once. This process forgets
 * every session on a logout or a profile change; another server process on the same database may honour a
 * logged-out token for up to this long.
 */
export const SESSION_CACHE_TTL_MS = 3_000;
const SESSION_CACHE_ENTRIES = 10_000;
/** A token last used before this is idle: it stops working. */
const idleCutoff = sql.raw(`now() - make_interval(secs => ${TOKEN_IDLE_LIFETIME_MS / 1000})`);

interface Session {
  tokenId: number;
  lastUsedAt: number;
  user: User;
  checkedAt: number;
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    fastify.decorateRequest('user', null);
    fastify.decorateRequest('authTokenId', null);

    const sessions = new Map<string, Session>();
    fastify.decorate('forgetSessions', () => sessions.clear());
    // Another process disabled an account, changed a role or revoked a token: its kept sessions go too.
    fastify.changeNotices.on('sessions', () => sessions.clear());
    fastify.decorate('noStore', async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    });

    // Built once: a session is looked up on every first request of a token and every 3 s after.
    const sessionOf = db
      .select({
        tokenId: authTokens.id,
        lastUsedAt: authTokens.lastUsedAt,
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        role: users.role,
        emailConfirmedAt: users.emailConfirmedAt,
        phoneConfirmedAt: users.phoneConfirmedAt,
      })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(authTokens.revokedAt),
          gt(authTokens.lastUsedAt, idleCutoff),
          // A disabled account's tokens stop working (this process forgets its sessions when it disables one).
          isNull(users.disabledAt),
        ),
      )
      .limit(1)
      .prepare('session_of');

    async function lookUp(tokenHash: string): Promise<Session | null> {
      const [row] = await sessionOf.execute({ tokenHash });
      if (!row) return null;
      return {
        tokenId: row.tokenId,
        lastUsedAt: row.lastUsedAt.getTime(),
        user: {
          id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          role: row.role,
          email_confirmed: row.emailConfirmedAt !== null,
          phone_confirmed: row.phoneConfirmedAt !== null,
        },
        checkedAt: Date.now(),
      };
    }

    fastify.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      // A signed-in answer is the user's own: no cache on the way may keep it (errors included).
      reply.header('cache-control', 'no-store');
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new HttpError(401, 'Please log in to continue');
      const tokenHash = hashToken(match[1]);
      const now = Date.now();
      let session = sessions.get(tokenHash);
      if (!session || now - session.checkedAt > SESSION_CACHE_TTL_MS) {
        sessions.delete(tokenHash);
        session = (await lookUp(tokenHash)) ?? undefined;
        if (!session) throw new HttpError(401, 'Your session has expired. Please log in again');
        if (sessions.size >= SESSION_CACHE_ENTRIES) sessions.delete(sessions.keys().next().value ?? '');
        sessions.set(tokenHash, session);
      }
      if (now - session.lastUsedAt > TOUCH_INTERVAL_MS) {
        session.lastUsedAt = now;
        await db
          .update(authTokens)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(authTokens.id, session.tokenId));
      }
      request.authTokenId = session.tokenId;
      request.user = session.user;
    });

    fastify.decorate('requireConfirmedEmail', async (request: FastifyRequest, reply: FastifyReply) => {
      await fastify.authenticate(request, reply);
      if (request.user && !hasConfirmedContact(request.user)) {
        throw new HttpError(
          403,
          `Confirm your email first: open the link we sent to ${request.user.email ?? 'your email'}, or ask for a new one.`,
          undefined,
          undefined,
          EMAIL_NOT_CONFIRMED,
        );
      }
    });

    fastify.decorate('allowRoles', (...allowed: Role[]) => {
      const permitted = new Set<string>([...allowed, 'admin']);
      return async (request: FastifyRequest, reply: FastifyReply) => {
        await fastify.authenticate(request, reply);
        if (!permitted.has(request.user?.role ?? '')) {
          throw new HttpError(403, 'Your account is not allowed to do this');
        }
      };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
