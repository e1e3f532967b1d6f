import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiTransport, PageRendererModule } from '../../../src/contract/page-renderer.js';
import { isPagePath, isServerRenderedPath } from '../../../src/contract/page-routes.js';
import { createJsonCache } from '../lib/json-cache.js';
import { beforeScripts, imagePreload, routeAssets, serverRenderedHtml, type ViteManifest } from '../lib/page-html.js';
import { CATALOG_CACHE_TTL_MS } from './read-cache.js';

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

/** Rendered pages kept per address: the product figures in them are as fresh as the product reads they come from. */
const PAGE_CACHE_TTL_MS = CATALOG_CACHE_TTL_MS;
/** Distinct addresses kept (each search of the shop is its own); the oldest goes first. */
const PAGE_CACHE_ENTRIES = 200;

/**
 * Loads the renderer of `distDir`, again after a rebuild (its file's time is part of the address, so the new build
 * is a new module). The app's API calls are answered in process, through the same routes and caches as any client.
 */
function pageRendererOf(fastify: FastifyInstance, distDir: string) {
  const file = path.join(distDir, '.ssr', 'render-page.js');
  let loaded: { mtimeMs: number; module: Promise<PageRendererModule> } | undefined;
  const transport: ApiTransport = async (url, init) => {
    const answer = await fastify.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.payload, { status: answer.statusCode });
  };
  return async (): Promise<PageRendererModule | null> => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return null;
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      const href = `${pathToFileURL(file).href}?v=${stat.mtimeMs}`;
      const module = (import(href) as Promise<PageRendererModule>).then((renderer) => {
        renderer.setApiTransport(transport);
        return renderer;
      });
      loaded = { mtimeMs: stat.mtimeMs, module };
    }
    return loaded.module;
  };
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
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

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

    const readDist = (file: string) => fs.promises.readFile(path.join(options.distDir, file), 'utf8');
    const largestImage = async (pathname: string): Promise<string | null> => {
      try {
        return (await options.largestImage?.(pathname)) ?? null;
      } catch (error) {
        // Only a hint: the page works without it.
        fastify.log.warn({ err: error }, 'Could not find the largest image of the page');
        return null;
      }
    };
    const renderer = pageRendererOf(fastify, options.distDir);

    /**
     * The page at `url`: rendered by the server when it is public and renders, else the bare shell (the app then
     * renders it in the browser). Either way the page's largest image, when known, is preloaded ahead of the
     * scripts. The shell is read per render, as sendFile does: a rebuild while the server runs changes it.
     */
    const pageHtml = async (url: string, pathname: string): Promise<Buffer> => {
      const loadRenderer = renderer().catch((error: unknown) => {
        // A renderer that does not load (a broken build) leaves every page to the app, as the bare shell does.
        fastify.log.error({ err: error }, 'Could not load the page renderer');
        return null;
      });
      const [shell, image, module] = await Promise.all([readDist('index.html'), largestImage(pathname), loadRenderer]);
      let html = image ? beforeScripts(shell, [imagePreload(image)]) : shell;
      if (module && isServerRenderedPath(pathname)) {
        try {
          const page = await module.renderPage(url);
          if (page) {
            const manifest = JSON.parse(await readDist('.vite/manifest.json')) as ViteManifest;
            html = serverRenderedHtml(html, page, routeAssets(manifest, page.routeIds));
          }
        } catch (error) {
          // The bare shell still works: the app renders the page in the browser.
          fastify.log.error({ err: error, url }, 'Could not render the page on the server');
        }
      }
      return Buffer.from(html);
    };
    const pages = createJsonCache({ ttlMs: PAGE_CACHE_TTL_MS, maxEntries: PAGE_CACHE_ENTRIES });

    /** The methods some route answers at this path (the app's pages answer GET and HEAD). */
    function methodsAllowed(pathname: string): string[] {
      if (hasBuild && !pathname.startsWith('/backend/') && isPagePath(pathname)) return ['GET', 'HEAD'];
      return HTTP_METHODS.filter((method) => fastify.findRoute({ method, url: pathname }) !== null);
    }

    fastify.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        hasBuild &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/backend/') &&
        !/\.[a-z0-9]+$/i.test(pathname);
      if (!wantsPage) {
        const allowed = methodsAllowed(pathname);
        // A file route's own not-found (a missing asset or upload) is a 404, not a wrong method.
        if (allowed.length > 0 && !allowed.includes(request.method as (typeof HTTP_METHODS)[number])) {
          return reply
            .code(405)
            .header('allow', allowed.join(', '))
            .send({ message: `${request.method} is not allowed here; use ${allowed.join(' or ')}` });
        }
        return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
      }
      if (!isPagePath(pathname)) return reply.code(404).sendFile('index.html');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(await pages.get(request.url, () => pageHtml(request.url, pathname)));
    });
  },
  { name: 'web-app' },
);
