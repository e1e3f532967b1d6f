import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminLayout } from '@/features/admin-shell/components/admin-layout';
import { useAppStore } from '@/lib/app-store';

/** The back office: staff only (the server checks every call); a guest logs in first and comes back here. */
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ location }) => {
    if (!useAppStore.getState().signedIn) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AdminLayout,
});
