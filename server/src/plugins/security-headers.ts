import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every reply, errors and static files included. The options hold no per-request
 * values (no nonces), so Helmet runs once at start-up against a recording response and every request gets the
 * recorded headers: @fastify/helmet built Helmet's middleware per request, which cost as much as the rest of a
 * cached read (the home data answered about half as many requests per second).
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  let error: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    error = err ?? null;
  });
  if (error) throw error;
  return { set: [...set], removed };
}

export default fp<HelmetOptions>(
  async (fastify, options) => {
    const { set, removed } = helmetHeaders(options);
    // Set as Fastify's own headers, in lower case as Fastify keeps them: Node then writes them with the answer's
    // other headers in one go. Set on Node's response one by one, each was also checked and stored by Node on its
    // own, about half the cost of a cached read's headers.
    const headers = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
