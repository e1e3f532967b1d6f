import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { useSessionProfile } from '@/features/auth/hooks/use-session-profile';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';
import classes from './-components/site-layout.module.css';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  useSessionProfile();
  return (
    <>
      {/* The first stop of the Tab key: past the header's links to the page itself. */}
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Loaded when a path is unknown: its decorative search field is the only text input a first page would carry.
  notFoundComponent: lazyRouteComponent(() => import('@/components/not-found-page'), 'NotFoundPage'),
});
