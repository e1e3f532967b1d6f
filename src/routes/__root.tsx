import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/not-found-page';
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
  notFoundComponent: NotFoundPage,
});
