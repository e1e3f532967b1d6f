import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { languageOfPath } from '@/contract/languages';
import { SERVER_STATE_ELEMENT_ID } from '@/contract/page-routes';
import { webAppManifestFile } from '@/contract/web-app-manifest';
import { overwriteGetLocale } from '@/paraglide/runtime';
import { afterAppReady } from '@/lib/app-ready';
import { useAppStore } from '@/lib/app-store';
import { renderDeferredPartsAtOnce } from '@/lib/deferred-part';
import { appElement } from './app-element';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** The data a server-rendered page was rendered with, or null for the bare shell (offline, signed-in pages). */
function serverState(): DehydratedState | null {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Starts the app in `rootElement`. A server-rendered page is hydrated: its query cache is filled with the data the
 * server used and the route's code is loaded first, so that the first render matches the HTML. Otherwise the app
 * renders into the shell. Both are transitions: React works in slices and the page stays responsive meanwhile.
 */
export async function start(rootElement: HTMLElement): Promise<void> {
  // The page's language is its address's: a switch of language loads the other address.
  const language = languageOfPath(window.location.pathname);
  overwriteGetLocale(() => language);
  // A page the service worker answered from the English shell says its language too.
  document.documentElement.lang = language === 'en' ? 'en-IN' : language;
  // ...and links its language's app, as the server's shell does.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/${webAppManifestFile(language)}`);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, undefined, language);
  // Hydration reads the store's initial, signed-out state (as the server rendered), then renders the session.
  useAppStore.getState().restoreSession();
  const element = appElement({ queryClient, router });
  const state = serverState();
  // What the reader typed and tapped before the app took the page over is given to it once it is ready, by code
  // that loads then (src/early-input.ts); if that code cannot load (offline on a first visit), it is dropped.
  afterAppReady(() => {
    import('./early-input-replay').then(
      ({ replayEarlyInput }) => replayEarlyInput(),
      () => window.cvEarlyInput?.stop(),
    );
  });
  if (state) {
    // Creating the router and matching the page are each about half of a long task on a slow phone: two tasks.
    await new Promise((resolve) => setTimeout(resolve, 0));
    hydrate(queryClient, state);
    // What the router's own SSR hydration sets: the root match then renders as on the server, without a Suspense.
    router.ssr = { manifest: undefined };
    await router.load();
    startTransition(() => {
      hydrateRoot(rootElement, element);
    });
    return;
  }
  // No server HTML to keep: the parts below the fold load with the page.
  renderDeferredPartsAtOnce();
  const root = createRoot(rootElement);
  startTransition(() => root.render(element));
}
