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

export interface SecurityHeadersOptions {
  helmet: HelmetOptions;
  /**
   * Paths under this prefix answer data (the API's JSON, uploaded images), never a page of the app: their
   * Content-Security-Policy allows nothing at all (a JSON answer or an SVG opened on its own runs no script and loads
   * nothing), in place of the app's page policy, which is ten times as long and sent with every answer.
   */
  dataPrefix: string;
  /** Strict-Transport-Security on every answer; otherwise only on requests that came over HTTPS. */
  hsts: boolean;
}

/** Two years, subdomains included: once a browser has seen it, it never asks this site over plain HTTP. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
/**
 * Powerful features: the camera and microphone for the site's own pages only (an actor records a self-tape), never
 * for a frame in them; the others, which the site never uses, refused everywhere.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()';

/** A policy for answers that are not pages: nothing may load from them, and no page may frame them. */
const DATA_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

export default fp<SecurityHeadersOptions>(
  async (fastify, options) => {
    const { set, removed } = helmetHeaders(options.helmet);
    // Set as Fastify's own headers, in lower case as Fastify keeps them: Node then writes them with the answer's
    // other headers in one go. Set on Node's response one by one, each was also checked and stored by Node on its
    // own, about half the cost of a cached read's headers.
    const pageHeaders: Record<string, string> = {
      ...Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value])),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    if (options.hsts) pageHeaders['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
    const dataHeaders = { ...pageHeaders, 'content-security-policy': DATA_CONTENT_SECURITY_POLICY };
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(options.dataPrefix) ? dataHeaders : pageHeaders);
      for (const name of removed) reply.raw.removeHeader(name);
      // request.protocol reads X-Forwarded-Proto only when the proxy is trusted.
      if (!options.hsts && request.protocol === 'https')
        reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
      done();
    });
  },
  { name: 'security-headers' },
);
