import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { basepathOf, type Language } from '@/contract/languages';
import { parseSearch, stringifySearch } from '@/lib/search-params';
import { routeTree } from '@/route-tree.gen';

/**
 * The router, on the browser's history; with `serverHistory`, the server's router of one page. That one leaves
 * scroll restoration to the browser's router: on the server it would write an inline script, which the
 * Content-Security-Policy refuses to run and which would then be left in the page, unlike the client's render.
 * A language other than English is the router's base path (`/hi`): its links stay in that language.
 */
export function createAppRouter(
  queryClient: QueryClient,
  serverHistory: RouterHistory | undefined,
  language: Language,
) {
  return createRouter({
    routeTree,
    basepath: basepathOf(language) || '/',
    ...(serverHistory ? { history: serverHistory } : {}),
    context: { queryClient },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // Every route, those that load data first: a page that fails to render says so inside the layout.
    defaultErrorComponent: RouteError,
    // Loaders read through TanStack Query, which keeps its own cache: the router need not cache on top.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !serverHistory,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
