/// <reference lib="webworker" />
/**
 * The service worker. It stores, in Cache Storage:
 * - the precache: the app shell, every route's code, styles, fonts and icons of this build, replaced on each
 *   release (old revisions are deleted when the new worker activates);
 * Page navigations are answered with the precached shell so that the app opens with no network; API and upload
 * paths are never answered with the shell.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/backend\//],
  }),
);

// The page asks a waiting worker to take over only after the user accepts the update prompt.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
