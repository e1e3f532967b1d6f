import { createFileRoute } from '@tanstack/react-router';
import { InsidersPage } from '@/features/admin-content/components/content-pages';

export const Route = createFileRoute('/admin/insiders')({
  component: InsidersPage,
});
