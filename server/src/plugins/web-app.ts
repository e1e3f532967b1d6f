import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isPagePath } from '../../../src/contract/page-routes.js';

export interface WebAppOptions {
  /** The PWA build; when it is missing only the API is served. */
  distDir: string;
  /** Uploaded and seeded images, one sub-folder per kind. */
  uploadsDir: string;
  /**
   * The image a page path shows largest on its first screen, if known: the shell then preloads it, so it downloads
   * while the code does instead of after it.
   */
  largestImage?: (pathname: string) => Promise<string | null>;
}

/** Where the uploads are served. */
export const UPLOADS_PREFIX = '/backend/uploads/';

/** Upload folders the app knows; anything else under /backend/uploads is a 404. */
export const uploadFolders = ['banner', 'settings', 'inside', 'section', 'product', 'directory'] as const;

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
/** 7 days: an editor who replaces an image gives it a new file name, so a week of caching is safe. */
const UPLOAD_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
/** 1 day: icons and robots.txt keep stable names, so they must not be cached for long. */
const PUBLIC_FILE_MAX_AGE_SECONDS = 60 * 60 * 24;

/** Files that must always be fetched fresh so that a new release is picked up at once. */
const neverCached = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

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
 * Serves the PWA build, the uploads, and the app shell for page routes. Unknown page paths get the shell with
 * status 404 (the app shows its 404 page; crawlers see the status); unknown API paths get JSON 404.
 */
export default fp<WebAppOptions>(
  async (fastify, options) => {
    await fastify.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      allowedPath: (pathName) => uploadFolders.some((folder) => pathName.startsWith(`/${folder}/`)),
      setHeaders: (reply) => {
        reply.header('cache-control', `public, max-age=${UPLOAD_MAX_AGE_SECONDS}`);
      },
    });

    const hasBuild = fs.existsSync(path.join(options.distDir, 'index.html'));
    if (hasBuild) {
      await fastify.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        index: false,
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        // Page paths are answered by the not-found handler below, so /about is the shell, not a directory look-up.
        allowedPath: (pathName) => !isPagePath(pathName) && !pathName.startsWith('/backend/'),
        setHeaders: setDistHeaders,
      });
    } else {
      fastify.log.warn(`No PWA build in ${options.distDir}: serving the API only`);
    }

    /**
     * The shell with a high-priority preload of `image` (an upload address, URL-encoded), ahead of the scripts so
     * that it is asked for before them. Read per request, as sendFile does: a rebuild while the server runs changes it.
     */
    const shellPreloading = async (image: string): Promise<string> => {
      const shell = await fs.promises.readFile(path.join(options.distDir, 'index.html'), 'utf8');
      const link = `<link rel="preload" as="image" href="${image}" fetchpriority="high">`;
      const at = shell.includes('<script type="module"') ? '<script type="module"' : '</head>';
      return shell.replace(at, `${link}\n    ${at}`);
    };
    const largestImage = async (pathname: string): Promise<string | null> => {
      try {
        return (await options.largestImage?.(pathname)) ?? null;
      } catch (error) {
        // Only a hint: the page works without it.
        fastify.log.warn({ err: error }, 'Could not find the largest image of the page');
        return null;
      }
    };

    fastify.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        hasBuild &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/backend/') &&
        !/\.[a-z0-9]+$/i.test(pathname);
      if (!wantsPage) {
        return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
      }
      if (!isPagePath(pathname)) return reply.code(404).sendFile('index.html');
      const image = await largestImage(pathname);
      if (!image) return reply.sendFile('index.html');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(await shellPreloading(image));
    });
  },
  { name: 'web-app' },
);
