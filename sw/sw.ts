/// <reference lib="webworker" />
/**
 * The service worker. It stores, in Cache Storage:
 * - the precache: the app shell, every route's code, styles, fonts and icons of this build, replaced on each
 *   release (old revisions are deleted when the new worker activates);
 * - `cineverse-images`: uploaded images (banners, posters, products...) as they are seen, cache first, at most
 *   300 files and 30 days each (uploads never change under a name; an edited image gets a new file name).
 * - `cineverse-fonts`: the Devanagari font's files, once a Hindi page has used them, cache first (their names carry
 *   their content's hash); not precached, so that a device that reads only English never downloads them.
 * Page navigations, in every language (`/hi/...` too), are answered with the precached shell so that the app opens
 * with no network; the app reads the page's language from its address. API and upload
 * paths are never answered with the shell. An image that is neither cached nor reachable gets a placeholder drawing
 * instead of a broken icon. Caches of older versions are deleted when a new worker activates.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/backend\//],
  }),
);

export const IMAGE_CACHE = 'cineverse-images';
export const FONT_CACHE = 'cineverse-fonts';

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.destination === 'font' &&
    /^\/assets\/noto-sans-devanagari-/.test(url.pathname),
  new CacheFirst({
    cacheName: FONT_CACHE,
    plugins: [
      // A new release's font files replace the old ones; 4 leaves room for both weights of two releases.
      new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true }),
    ],
  }),
);

/** A neutral film-frame drawing, shown for an image the device has never seen while offline. */
const placeholderSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#2a231d"/><rect x="0" y="0" width="400" height="36" fill="#14110f"/><rect x="0" y="364" width="400" height="36" fill="#14110f"/><circle cx="200" cy="200" r="64" fill="none" stroke="#ffc547" stroke-width="8" stroke-opacity="0.6"/><text x="200" y="300" text-anchor="middle" font-family="sans-serif" font-size="24" fill="#f5efe6">Image offline</text></svg>`;

const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [
    new ExpirationPlugin({
      maxEntries: 300, // about 30 MB at most of posters and product photos
      maxAgeSeconds: 30 * 24 * 60 * 60, // 30 days: uploads are immutable under their name
      purgeOnQuotaError: true,
    }),
  ],
});

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/backend/uploads/') &&
    request.destination === 'image',
  async (options) => {
    try {
      return await images.handle(options);
    } catch {
      return new Response(placeholderSvg, {
        status: 200,
        headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' },
      });
    }
  },
);

/** Runtime caches this version uses; any other cache but the precache is left over from an older version. */
const currentCaches = new Set([IMAGE_CACHE, FONT_CACHE]);
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => !currentCaches.has(name) && !name.startsWith('workbox-precache'))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The page asks a waiting worker to take over only after the user accepts the update prompt.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** What a push message carries (src/contract/push.ts, `PushMessage`): a notice of the member's. */
interface PushedNotice {
  title: string;
  body: string;
  link: string;
  kind: string;
}

/** A path on this site, or the home page for anything else: a notice never opens another site. */
function sitePath(link: unknown): string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')
    ? link
    : '/';
}

// A notice pushed by the server (Web Push, docs/operations/push.md) is shown at once, even with the app closed:
// browsers require every push to show a notification. One notice per kind and link: a newer one replaces it.
self.addEventListener('push', (event: PushEvent) => {
  let notice: Partial<PushedNotice>;
  try {
    notice = (event.data?.json() ?? {}) as Partial<PushedNotice>;
  } catch {
    notice = { title: event.data?.text() };
  }
  const link = sitePath(notice.link);
  event.waitUntil(
    self.registration.showNotification(notice.title || 'CineVerse', {
      body: notice.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: `${notice.kind ?? 'notice'}:${link}`,
      data: { link },
    }),
  );
});

// A tap on a notice opens its page: in a window of the app already open (brought forward), else in a new one.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = new URL(sitePath((event.notification.data as { link?: unknown } | null)?.link), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url.href) ?? windows[0];
      if (open) {
        try {
          const shown = open.url === url.href ? open : await open.navigate(url.href);
          if (shown) {
            await shown.focus();
            return;
          }
        } catch {
          // A window this worker does not control cannot be navigated by it: a new one is opened instead.
        }
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
