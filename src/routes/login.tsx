import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { LoginPage } from '@/features/auth/components/login-page';
import { useAppStore } from '@/lib/app-store';
import { safeRedirect } from '@/lib/safe-redirect';
import { lenient } from '@/lib/search-params';

export const authSearchSchema = z.object({ redirect: lenient(z.string().check(z.maxLength(2000))) });

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const navigate = Route.useNavigate();
  const destination = safeRedirect(target);
  return <LoginPage redirect={destination} onSignedIn={() => void navigate({ to: destination, replace: true })} />;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search) => authSearchSchema.parse(search),
  // Someone already signed in has nothing to do here.
  beforeLoad: ({ search }) => {
    if (useAppStore.getState().signedIn) throw redirect({ to: safeRedirect(search.redirect), replace: true });
  },
  component: LoginRoute,
});
