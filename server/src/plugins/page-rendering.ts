import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiTransport, PageRendererModule } from '../../../src/contract/page-renderer.js';
import { isBackOfficePath, isPagePath, isServerRenderedPath } from '../../../src/contract/page-routes.js';
import {
  BASE_LANGUAGE,
  LANGUAGE_CHOICE_KEY,
  asLanguage,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
  preferredLanguage,
} from '../../../src/contract/languages.js';
import {
  beforeScripts,
  imagePreload,
  languageLinks,
  openGraphLocale,
  routeAssets,
  serverRenderedHtml,
  shellInLanguage,
  type LargestImage,
  type ViteManifest,
} from '../lib/page-html.js';

export interface PageRenderingOptions {
  /** The PWA build. */
  distDir: string;
  /**
   * The image a page path shows largest on its first screen, if known: the shell then preloads it, so it downloads
   * while the code does instead of after it.
   */
  largestImage?: (pathname: string) => Promise<LargestImage | null>;
  /**
   * Whether the page's subject is kept from the public (a hidden profile, a minor's): such a page answers 404 with
   * the bare shell, never rendered and never cached, so no card or structured data names it. Its owner's browser
   * then shows it from the API, which knows their session.
   */
  hiddenPage?: (pathname: string) => Promise<boolean>;
  /**
   * The head tags of the page's share card (a call's or a profile's Open Graph image, plugins/share-cards.ts), which
   * take the place of the image the page names itself; none while it has none.
   */
  shareCard?: (pathname: string) => Promise<string[]>;
  /** The site's address as users reach it (`PUBLIC_URL`). */
  publicUrl: string;
}

/**
 * The page with its share card's tags in place of the image and small preview it names itself. Added to each answer,
 * not to the page kept in the cache: a card drawn again has a new name, and the old one is no longer served.
 */
function withCard(html: string, card: string[]): string {
  return beforeScripts(
    html
      .replace(/<meta property="og:image" content="[^"]*"\s*\/?>\s*/g, '')
      .replace(/<meta name="twitter:card" content="[^"]*"\s*\/?>\s*/g, ''),
    card,
  );
}

/** The value of the cookie `name` in a Cookie header, if it has one. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, value] = pair.trim().split('=');
    if (key === name) return value;
  }
  return undefined;
}

/**
 * Loads the renderer of `distDir`, again after a rebuild (its file's time is part of the address, so the new build
 * is a new module). The app's API calls are answered in process, through the same routes and caches as any client.
 */
function pageRendererOf(fastify: FastifyInstance, distDir: string) {
  const file = path.join(distDir, '.ssr', 'render-page.js');
  type RenderPage = (url: string) => ReturnType<PageRendererModule['renderPage']>;
  let loaded: { mtimeMs: number; renderPage: Promise<RenderPage> } | undefined;
  const transport: ApiTransport = async (url, init) => {
    const answer = await fastify.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.payload, { status: answer.statusCode });
  };
  /** The renderer's `renderPage`, its calls answered in process; null without a renderer in the build. */
  return async (): Promise<RenderPage | null> => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return null;
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      const href = `${pathToFileURL(file).href}?v=${stat.mtimeMs}`;
      const renderPage = (import(href) as Promise<PageRendererModule>).then(
        (module): RenderPage =>
          (url) =>
            module.renderPage(url, transport),
      );
      loaded = { mtimeMs: stat.mtimeMs, renderPage };
    }
    return loaded.renderPage;
  };
}

/**
 * The page route: every GET (and HEAD) path that no other route answers. A page path gets its page, rendered by the
 * server when it is public (else the bare shell, which the app renders in the browser); an unknown page-like path
 * gets the shell with status 404 (the app shows its 404 page; crawlers see the status); anything else is a file of
 * the build, or a 404 from the not-found handler. The API and the uploads have routes of their own.
 */
export default fp<PageRenderingOptions>(
  async (fastify, options) => {
    const readDist = (file: string) => fs.promises.readFile(path.join(options.distDir, file), 'utf8');
    /** The shell in the language of the page's address. */
    const readShell = async (pathname: string) => shellInLanguage(await readDist('index.html'), pathname);
    const largestImage = async (pathname: string): Promise<LargestImage | null> => {
      try {
        return (await options.largestImage?.(pathWithoutLanguage(pathname))) ?? null;
      } catch (error) {
        // Only a hint: the page works without it.
        fastify.log.warn({ err: error }, 'Could not find the largest image of the page');
        return null;
      }
    };
    const renderer = pageRendererOf(fastify, options.distDir);
    const shareCard = async (pathname: string): Promise<string[]> => {
      try {
        return (await options.shareCard?.(pathname)) ?? [];
      } catch (error) {
        // A link's preview without the card still works.
        fastify.log.warn({ err: error }, 'Could not find the share card of the page');
        return [];
      }
    };

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
      const [shell, image, renderPage] = await Promise.all([readShell(pathname), largestImage(pathname), loadRenderer]);
      let html = image ? beforeScripts(shell, [imagePreload(image)]) : shell;
      // Every public page names its address in each language; the back office and the account pages are not indexed.
      if (isServerRenderedPath(pathname))
        html = beforeScripts(html, [...languageLinks(pathname, options.publicUrl), ...openGraphLocale(pathname)]);
      if (renderPage && isServerRenderedPath(pathname)) {
        try {
          const page = await renderPage(url);
          if (page) {
            const manifest = JSON.parse(await readDist('.vite/manifest.json')) as ViteManifest;
            html = serverRenderedHtml(html, page, routeAssets(manifest, page.routeIds), options.publicUrl);
          }
        } catch (error) {
          // The bare shell still works: the app renders the page in the browser.
          fastify.log.error({ err: error, url }, 'Could not render the page on the server');
        }
      }
      return Buffer.from(html);
    };
    const { pages } = fastify.readCache;

    fastify.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/backend/')) return reply.callNotFound();
      // A path with an extension is a file of the build (sent as it is, pre-compressed when it can be).
      if (/\.[a-z0-9]+$/i.test(pathname)) {
        let file: string;
        try {
          file = decodeURIComponent(pathname.slice(1));
        } catch {
          return reply.callNotFound();
        }
        // `send` keeps the file inside the build's folder and ignores dotfiles.
        return reply.sendFile(file);
      }
      if (!isPagePath(pathname)) {
        if (languageOfPath(pathname) === BASE_LANGUAGE) return reply.code(404).sendFile('index.html');
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(await readShell(pathname));
      }
      // The home page's plain address follows the language this device chose, or on a first visit the browser's
      // (docs/decisions/2026-11-28-hindi-addresses.md); every other address opens in the language it names.
      if (pathname === '/') {
        reply.header('vary', 'Cookie, Accept-Language');
        const chosen = asLanguage(cookieValue(request.headers.cookie, LANGUAGE_CHOICE_KEY));
        const language = chosen ?? preferredLanguage(request.headers['accept-language']) ?? BASE_LANGUAGE;
        if (language !== BASE_LANGUAGE) {
          const query = request.url.slice(pathname.length);
          return reply.header('cache-control', 'no-store').redirect(pathInLanguage('/', language) + query, 302);
        }
      }
      if (isBackOfficePath(pathname)) reply.header('x-robots-tag', 'noindex, nofollow');
      // A page kept from the public is kept so in every language.
      if (await options.hiddenPage?.(pathWithoutLanguage(pathname))) {
        return reply
          .code(404)
          .header('x-robots-tag', 'noindex, nofollow')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(await readShell(pathname));
      }
      const [page, card] = await Promise.all([
        pages.get(request.url, () => pageHtml(request.url, pathname)),
        isServerRenderedPath(pathname) ? shareCard(pathname) : [],
      ]);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(card.length > 0 ? withCard(page.toString(), card) : page);
    });
  },
  { name: 'page-rendering' },
);
