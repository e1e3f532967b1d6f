import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod/mini';
import { LoginPage } from '@/features/auth/components/login-page';
import { SignInLinkPage } from '@/features/auth/components/sign-in-link-page';
import { useHomeData } from '@/features/site-settings/hooks/use-home-data';
import { useAppStore } from '@/lib/app-store';
import { safeRedirect } from '@/lib/safe-redirect';
import { lenient } from '@/lib/search-params';

export const authSearchSchema = z.object({ redirect: lenient(z.string().check(z.maxLength(2000))) });

/** A mailed sign-in link opens the login page with its token. */
const loginSearchSchema = z.extend(authSearchSchema, { link: lenient(z.string().check(z.maxLength(200))) });

function LoginRoute() {
  const { redirect: target, link } = Route.useSearch();
  const navigate = Route.useNavigate();
  const destination = safeRedirect(target);
  const phoneSignIn = useHomeData()?.phone_sign_in === true;
  // Replaces the page in history, so the used link's token is not kept there.
  const onSignedIn = useCallback(() => void navigate({ to: destination, replace: true }), [navigate, destination]);
  if (link) return <SignInLinkPage token={link} onSignedIn={onSignedIn} />;
  return <LoginPage redirect={destination} onSignedIn={onSignedIn} phoneSignIn={phoneSignIn} />;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search) => loginSearchSchema.parse(search),
  // Someone already signed in has nothing to do here.
  beforeLoad: ({ search }) => {
    if (useAppStore.getState().signedIn) throw redirect({ to: safeRedirect(search.redirect), replace: true });
  },
  component: LoginRoute,
});
