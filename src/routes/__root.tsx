import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, lazyRouteComponent, Outlet, useLocation } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useSessionProfile } from '@/features/auth/hooks/use-session-profile';
import { useEmailUnconfirmed } from '@/hooks/use-email-unconfirmed';
import { deferredPart } from '@/lib/deferred-part';
import { lazyPart } from '@/lib/lazy-part';
import { SiteHeader } from './-components/site-header';
import classes from './-components/site-layout.module.css';
import { hiwords_skip_to_content } from '@/paraglide/messages/hiwords_skip_to_content.js';

// Only a signed-in member whose email is not confirmed loads it: the first page of everyone else stays as small.
const EmailConfirmationNotice = lazyPart(() =>
  import('@/components/email-confirmation-notice').then((module) => module.EmailConfirmationNotice),
);

// Below the fold on every page: its code and words load, and it is hydrated, when it is needed or the phone is idle.
const SiteFooter = deferredPart('footer', () =>
  import('./-components/site-footer').then((module) => module.SiteFooter),
);

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The notice of a signed-in member whose email is not confirmed, where writing, applying and posting are (not in the
 * shop, where such an account may do everything). A component of its own, so that only it follows the address.
 */
function EmailNoticeSlot() {
  const unconfirmed = useEmailUnconfirmed();
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!unconfirmed || !/^\/(profiles|messages|my-profile|auditions|me|profile)(\/|$)/.test(pathname)) return null;
  return (
    <div className={classes.notice}>
      <Suspense fallback={null}>
        <EmailConfirmationNotice />
      </Suspense>
    </div>
  );
}

function RootLayout() {
  useSessionProfile();
  return (
    <>
      {/* The first stop of the Tab key: past the header's links to the page itself. */}
      <a href="#main" className={classes.skipLink}>
        {hiwords_skip_to_content()}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <EmailNoticeSlot />
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
