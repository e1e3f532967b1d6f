/**
 * Registers the service worker and reports a new version of it that is installed and waiting to take over this
 * page: found waiting at registration (left from an earlier visit), or installed while the page is open. The first
 * install of all is not an update: it has no older worker to wait for, and nothing is reported.
 */
export async function registerServiceWorker(onWaiting: (worker: ServiceWorker) => void): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // Only a page that an older version controls has anything to reload into.
  const offer = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) onWaiting(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.waiting === installing) offer(installing);
    });
  });
}

/** Asks a waiting worker to take over (sw/sw.ts skips waiting on this message), then reloads into the new version. */
export function moveToWaitingWorker(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
