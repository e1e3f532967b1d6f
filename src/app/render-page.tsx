/**
 * The server's renderer of public pages (built by Vite as an SSR bundle into dist/.ssr). It renders the very tree
 * the browser hydrates, from the same queries, which the server answers in process: each render's API calls go
 * through the transport it is given, and its words are in the language of its address (one AsyncLocalStorage scope
 * per render, so pages rendered at once never share a transport or a language).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { ApiTransport, PageRendererModule, RenderedPage } from '@/contract/page-renderer';
import { BASE_LANGUAGE, type Language, languageOfPath } from '@/contract/languages';
import { overwriteGetLocale } from '@/paraglide/runtime';
import { homeDataQueryOptions } from '@/features/site-settings/api/get-home-data';
import { appElement } from './app-element';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { setApiTransport } from '@/lib/api-client';
import { loadDeferredParts } from '@/lib/deferred-part';

const renderScope = new AsyncLocalStorage<{ transport: ApiTransport; language: Language }>();
// This bundle runs only on the server: its API client asks the render in progress for its transport...
setApiTransport((url, init) => {
  const transport = renderScope.getStore()?.transport;
  if (!transport) return Promise.reject(new Error(`An API call outside a page render: ${url}`));
  return transport(url, init);
});
// ...and its messages for the render's language.
overwriteGetLocale(() => renderScope.getStore()?.language ?? BASE_LANGUAGE);

/** Resolves once no query is fetching: route loaders start theirs without waiting for them. */
function queriesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const check = () => {
      if (queryClient.isFetching() > 0) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = cache.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

/**
 * Renders the page at `url` (path and query). Null when it should not be server-rendered after all: a call failed
 * (the browser then shows its own error or offline state) or the address is not a known page.
 */
export function renderPage(url: string, transport: ApiTransport): Promise<RenderedPage | null> {
  const language = languageOfPath(url.split(/[?#]/)[0] ?? '/');
  return renderScope.run({ transport, language }, () => render(url, language));
}

async function render(url: string, language: Language): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }), language);
  await queryClient.prefetchQuery(homeDataQueryOptions());
  await router.load();
  // The parts the browser hydrates later are rendered with the page (their code, once, before the first render).
  await loadDeferredParts();
  await queriesSettled(queryClient);
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status !== 'success');
  const { matches } = router.state;
  if (failed || matches.some((match) => match.status !== 'success')) return null;
  const markup = renderToString(appElement({ queryClient, router }));
  // React writes the page's title, its meta tags and its hints first when it does not render the whole document.
  const head = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return {
    html: markup.slice(head.length),
    head,
    // `<` escaped: the JSON cannot close the script element it is written in.
    state: JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c'),
    routeIds: matches.map((match) => match.routeId),
  };
}

// The module the server loads keeps to the contract's shape of it.
void ({ renderPage } satisfies PageRendererModule);
