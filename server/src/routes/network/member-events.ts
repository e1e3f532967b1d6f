import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MEMBER_EVENTS_PATH,
  MEMBER_EVENTS_TICKET_PATH,
  memberEventsQuerySchema,
  memberEventsTicketSchema,
} from '../../../../src/contract/member-events.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** The largest notification id a Last-Event-ID may name (a serial column's). */
const MAX_ID = 2_147_483_647;

/** What Last-Event-ID names: a notification's id, or nothing (a value of any other shape is ignored, as a new stream). */
export function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,10}$/.test(value.trim())) return undefined;
  const id = Number(value.trim());
  return id <= MAX_ID ? id : undefined;
}

/** A signed-in member's live stream (plugins/member-events.ts; the events in src/contract/member-events.ts). */
export const memberEventRoutes: FastifyPluginAsyncZod = async (fastify) => {
  /** The stream's member and session: by the bearer token, else by a ticket (EventSource sends no header). */
  const streamSession = new WeakMap<FastifyRequest, { userId: number; tokenId: number | null }>();
  async function signInStream(request: FastifyRequest, reply: FastifyReply) {
    const { ticket } = request.query as { ticket?: unknown };
    if (request.headers.authorization !== undefined || typeof ticket !== 'string') {
      await fastify.authenticate(request, reply);
      streamSession.set(request, { userId: signedInUser(request).id, tokenId: request.authTokenId });
      return;
    }
    reply.header('cache-control', 'no-store');
    const session = await fastify.memberEvents.ticketSession(ticket);
    if (!session) throw new HttpError(401, 'Your session has expired. Please log in again');
    streamSession.set(request, session);
  }

  fastify.post(
    MEMBER_EVENTS_TICKET_PATH,
    {
      onRequest: [fastify.authenticate, fastify.noStore],
      schema: {
        ...userRouteSchema(
          'notifications',
          'A ticket (good for 60 s, for this session only) to open the live stream as `?ticket=`, for EventSource',
        ),
        response: { 200: memberEventsTicketSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      signedInUser(request);
      const made = request.authTokenId === null ? null : await fastify.memberEvents.ticket(request.authTokenId);
      if (!made) throw new HttpError(401, 'Your session has expired. Please log in again');
      return { ticket: made.ticket, expires_at: made.expiresAt.toISOString() };
    },
  );

  fastify.get(
    MEMBER_EVENTS_PATH,
    {
      onRequest: signInStream,
      schema: {
        querystring: memberEventsQuerySchema,
        ...userRouteSchema(
          'notifications',
          'The caller’s live stream (text/event-stream): each new notice (`id:` its id; resumes after Last-Event-ID, ' +
            'or `last_event_id`) and each new message in their conversations, with a comment every 25 s; signed in ' +
            'by the bearer token or a `ticket`',
        ),
        response: { 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = streamSession.get(request);
      if (!session) throw new HttpError(401, 'Please log in to continue');
      reply.hijack();
      // The headers every answer carries (security, no-store) are written here: a hijacked reply skips Fastify's.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Sent as written: a buffering proxy (nginx) would hold the events back.
        'x-accel-buffering': 'no',
      });
      if (request.method === 'HEAD') {
        reply.raw.end();
        return;
      }
      fastify.memberEvents.open(
        session.userId,
        session.tokenId,
        reply.raw,
        lastEventIdOf(request.headers['last-event-id']) ?? lastEventIdOf(request.query.last_event_id),
      );
    },
  );
};
