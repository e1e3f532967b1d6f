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
      <SiteHeader />
      <main id="main" className={classes.main}>
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
