/**
 * Registers the service worker through workbox-window and reports a new version that is installed and waiting to
 * take over this page: found waiting at registration (left from an earlier visit), or installed while the page is
 * open. The first install of all is not an update (there is no older worker to wait for), and Workbox reports
 * nothing then.
 */
// The package's modern build: its `module` entry is an ES5 build, a third larger, for browsers this app does not run in.
import { Workbox } from 'workbox-window/build/workbox-window.prod.mjs';

/** `accept` asks the waiting worker to take over (sw/sw.ts skips waiting on its message), then reloads into it. */
export async function registerServiceWorker(onWaiting: (accept: () => void) => void): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    // Only a page that an older version controls has anything to reload into.
    if (!navigator.serviceWorker.controller) return;
    onWaiting(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
}
