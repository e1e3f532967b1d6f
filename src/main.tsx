/**
 * The entry. The page's own HTML (a server-rendered page, or the start-up screen) paints first; the app's code is
 * fetched and run once that first contentful paint has been shown, so that on a slow connection it does not compete
 * with the stylesheet, fonts and first image. A server-rendered page names its route's modules too: they download
 * beside the app's instead of after it. Without paint timing, the app starts two frames later; in a hidden tab, where
 * nothing is painted, at once.
 */
import { PAGE_MODULES_META } from './contract/page-routes';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

let started = false;
const startApp = () => {
  if (started) return;
  started = true;
  const modules = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META}"]`)?.content ?? '';
  for (const href of modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./app/start').then(({ start }) => start(rootElement));
};

if (document.visibilityState === 'hidden') {
  startApp();
} else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(startApp, 0);
  }).observe({ type: 'paint', buffered: true });
  // A page that paints nothing contentful still starts.
  window.addEventListener('load', () => setTimeout(startApp, 500), { once: true });
} else {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startApp, 0)));
}
