import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useAppStore } from '@/lib/app-store';

/** Pages of a signed-in user: a guest is sent to log in, and brought back here afterwards. */
export const Route = createFileRoute('/_account')({
  beforeLoad: ({ location }) => {
    if (!useAppStore.getState().signedIn) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: Outlet,
});
