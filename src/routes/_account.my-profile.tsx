import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { MyProfilePage } from '@/features/profiles/components/my-profile-page';
import { safeRedirect } from '@/lib/safe-redirect';
import { lenient } from '@/lib/search-params';

/** `?redirect=/me/casting-calls/new`: where the member was going when a profile was asked of them. */
const myProfileSearchSchema = z.object({ redirect: lenient(z.string().check(z.maxLength(2000))) });

function MyProfileRoute() {
  const { redirect } = Route.useSearch();
  return <MyProfilePage returnTo={redirect === undefined ? undefined : safeRedirect(redirect)} />;
}

export const Route = createFileRoute('/_account/my-profile')({
  validateSearch: (search) => myProfileSearchSchema.parse(search),
  component: MyProfileRoute,
});
