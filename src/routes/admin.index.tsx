import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/admin-shell/components/dashboard-page';

export const Route = createFileRoute('/admin/')({
  component: DashboardPage,
});
