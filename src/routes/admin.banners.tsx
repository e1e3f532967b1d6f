import { createFileRoute } from '@tanstack/react-router';
import { BannersPage } from '@/features/admin-content/components/banners-page';

export const Route = createFileRoute('/admin/banners')({
  component: BannersPage,
});
