import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../../src/contract/user.js';
import { authTokens, users } from '../db/schema.js';
import { hashToken } from '../lib/tokens.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of routes that need a signed-in user: answers 401 before the body is even read. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    user: User | null;
    /** The row of the bearer token that authenticated the request, so logout can revoke exactly it. */
    authTokenId: number | null;
  }
}

/** A token unused for this long stops working (30 days, in milliseconds). */
export const TOKEN_IDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often (1 hour) so that reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export default fp(
  async (fastify) => {
    const { db } = fastify;
    fastify.decorateRequest('user', null);
    fastify.decorateRequest('authTokenId', null);

    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new HttpError(401, 'Please log in to continue');
      const tokenHash = hashToken(match[1]);
      const idleCutoff = new Date(Date.now() - TOKEN_IDLE_LIFETIME_MS);
      const [row] = await db
        .select({
          tokenId: authTokens.id,
          lastUsedAt: authTokens.lastUsedAt,
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          role: users.role,
        })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(
          and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.lastUsedAt, idleCutoff)),
        )
        .limit(1);
      if (!row) throw new HttpError(401, 'Your session has expired. Please log in again');
      if (Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(authTokens)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(authTokens.id, row.tokenId));
      }
      request.authTokenId = row.tokenId;
      request.user = { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
