import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isPagePath } from '../../../src/contract/page-routes.js';
import type { LargestImage } from '../lib/page-html.js';
import pageRendering from './page-rendering.js';
import uploadFiles from './upload-files.js';

export interface WebAppOptions {
  /** The PWA build; when it is missing only the API is served. */
  distDir: string;
  /**
   * The image a page path shows largest on its first screen, if known: the shell then preloads it, so it downloads
   * while the code does instead of after it.
   */
  largestImage?: (pathname: string) => Promise<LargestImage | null>;
  /** Whether a page path's subject is kept from the public (see page-rendering.ts). */
  hiddenPage?: (pathname: string) => Promise<boolean>;
  /** The head tags of a page path's share card (see page-rendering.ts). */
  shareCard?: (pathname: string) => Promise<string[]>;
  /** The site's address as users reach it: a shared page's card (Open Graph) names its image by it. */
  publicUrl: string;
}

/** Where the uploads are served. */
export const UPLOADS_PREFIX = '/backend/uploads/';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
/** 7 days: an editor who replaces an image gives it a new file name, so a week of caching is safe. */
const UPLOAD_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
/** 1 day: icons and robots.txt keep stable names, so they must not be cached for long. */
const PUBLIC_FILE_MAX_AGE_SECONDS = 60 * 60 * 24;

/** Files that must always be fetched fresh so that a new release is picked up at once. */
const neverCached = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'manifest-hi.webmanifest']);

function setDistHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (neverCached.has(name)) {
    reply.header('cache-control', 'no-store');
  } else if (filePath.includes(`${path.sep}assets${path.sep}`) || name.startsWith('workbox-')) {
    // Vite and Workbox put a content hash in these names: a changed file always gets a new name.
    reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
  } else {
    reply.header('cache-control', `public, max-age=${PUBLIC_FILE_MAX_AGE_SECONDS}`);
  }
}

/**
 * Serves the uploads and the PWA build: its pages (rendered by the page route, plugins/page-rendering.ts) and its
 * files. Unknown API paths get JSON 404, and a wrong method 405.
 */
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export default fp<WebAppOptions>(
  async (fastify, options) => {
    // Uploaded and seeded images, one folder per kind, from the store (the data folder or the bucket).
    await fastify.register(uploadFiles, {
      prefix: UPLOADS_PREFIX,
      cacheControl: `public, max-age=${UPLOAD_MAX_AGE_SECONDS}`,
    });

    const hasBuild = fs.existsSync(path.join(options.distDir, 'index.html'));
    if (hasBuild) {
      // The build's files are sent by the page route (plugins/page-rendering.ts), which answers every path that
      // is not the API's: a page, or else a file of the build.
      await fastify.register(fastifyStatic, {
        root: options.distDir,
        serve: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders: setDistHeaders,
      });
    } else {
      fastify.log.warn(`No PWA build in ${options.distDir}: serving the API only`);
    }

    /**
     * The methods some route answers at this path (the app's pages answer GET and HEAD). Under /backend/ the pages'
     * catch-all (`/*`, which sends those paths on as not found) answers nothing: counted, it made every API call
     * seem to take GET, and a GET to a POST-only call answered 404 instead of 405.
     */
    function methodsAllowed(pathname: string): string[] {
      if (hasBuild && !pathname.startsWith('/backend/') && isPagePath(pathname)) return ['GET', 'HEAD'];
      return HTTP_METHODS.filter((method) => {
        const route = fastify.findRoute({ method, url: pathname });
        if (!route) return false;
        const caughtByPages = (route.params as Record<string, string>)['*'] === pathname.slice(1);
        return !(caughtByPages && pathname.startsWith('/backend/'));
      });
    }

    fastify.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const allowed = methodsAllowed(pathname);
      // A file route's own not-found (a missing asset or upload) is a 404, not a wrong method.
      if (allowed.length > 0 && !allowed.includes(request.method as (typeof HTTP_METHODS)[number])) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ message: `${request.method} is not allowed here; use ${allowed.join(' or ')}` });
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    });

    if (hasBuild) {
      await fastify.register(pageRendering, {
        distDir: options.distDir,
        publicUrl: options.publicUrl,
        ...(options.largestImage ? { largestImage: options.largestImage } : {}),
        ...(options.hiddenPage ? { hiddenPage: options.hiddenPage } : {}),
        ...(options.shareCard ? { shareCard: options.shareCard } : {}),
      });
    }
  },
  { name: 'web-app' },
);
