import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { MEMBER_EVENTS_PATH } from '../../../../src/contract/member-events.js';
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
  fastify.get(
    MEMBER_EVENTS_PATH,
    {
      onRequest: fastify.authenticate,
      schema: {
        ...userRouteSchema(
          'notifications',
          'The caller’s live stream (text/event-stream): each new notice (`id:` its id; resumes after Last-Event-ID) ' +
            'and each new message in their conversations, with a comment every 25 s',
        ),
        response: { 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
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
        user.id,
        request.authTokenId,
        reply.raw,
        lastEventIdOf(request.headers['last-event-id']),
      );
    },
  );
};
