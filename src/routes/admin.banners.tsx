import { createFileRoute } from '@tanstack/react-router';
import { BannersPage } from '@/features/admin-content/components/content-pages';

export const Route = createFileRoute('/admin/banners')({
  component: BannersPage,
});
