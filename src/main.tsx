/**
 * The entry. The page's own HTML (a server-rendered page, or the start-up screen) paints first; the app's code is
 * fetched and run once that first contentful paint has been shown, so that on a slow connection it does not compete
 * with the stylesheet, fonts and first image. The HTML names the app's modules, and a server-rendered page its
 * route's: they all download at once instead of one after the other. Without paint timing, the app starts two
 * frames later; in a hidden tab, where nothing is painted, at once.
 */
import { BASE_LANGUAGE, LANGUAGE_CHOICE_KEY, languages } from './contract/languages';
import { APP_MODULES_META, PAGE_MODULES_META } from './contract/page-routes';
import { recordEarlyInput } from './early-input';

// The home page's plain address opens in the language chosen on this device: the server sends it there online, and
// this does when the service worker answered (an installed app opened offline). Kept to a few bytes: every page runs it.
try {
  const chosen = window.location.pathname === '/' ? localStorage.getItem(LANGUAGE_CHOICE_KEY) : null;
  if (chosen !== BASE_LANGUAGE && languages.some((language) => language === chosen)) {
    window.location.replace(`/${chosen}/${window.location.search}`);
  }
} catch {
  // No storage, no choice.
}

// The browser may offer installing before the app has started (it did, and the install button never showed): the
// offer is kept here from the first script on, for the install button (src/hooks/use-install-prompt.ts).
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.cvInstallPrompt = event;
  window.dispatchEvent(new Event('cv-install-prompt'));
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');
// Typing and a tap before the app has taken the page over are kept, and given to it once it has (src/early-input.ts).
window.cvEarlyInput = recordEarlyInput(rootElement);

let started = false;
const startApp = () => {
  if (started) return;
  started = true;
  const named = [APP_MODULES_META, PAGE_MODULES_META].flatMap(
    (name) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ') ?? [],
  );
  for (const href of new Set(named.filter(Boolean))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // Everything downloads at once; it runs in short tasks, so that none is long: React, the other libraries and the
  // contract's schemas are evaluated, then the app's modules, then the app starts (in two tasks: src/app/start.tsx).
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  void (async () => {
    await import('./app/start-react');
    await nextTask();
    await import('./app/start-libraries');
    await nextTask();
    await import('./app/start-contract');
    await nextTask();
    const { start } = await import('./app/start');
    await nextTask();
    await start(rootElement);
  })();
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
