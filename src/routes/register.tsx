import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/components/register-page';
import { useHomeData } from '@/features/site-settings/hooks/use-home-data';
import { useAppStore } from '@/lib/app-store';
import { safeRedirect } from '@/lib/safe-redirect';
import { authSearchSchema } from './login';

function RegisterRoute() {
  const { redirect: target } = Route.useSearch();
  const navigate = Route.useNavigate();
  const destination = safeRedirect(target);
  const phoneSignIn = useHomeData()?.phone_sign_in === true;
  return (
    <RegisterPage
      redirect={destination}
      phoneSignIn={phoneSignIn}
      onSignedIn={() => void navigate({ to: destination, replace: true })}
    />
  );
}

export const Route = createFileRoute('/register')({
  validateSearch: (search) => authSearchSchema.parse(search),
  beforeLoad: ({ search }) => {
    if (useAppStore.getState().signedIn) throw redirect({ to: safeRedirect(search.redirect), replace: true });
  },
  component: RegisterRoute,
});
