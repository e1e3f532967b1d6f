import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '@/features/admin-coupons/components/coupons-page';

export const Route = createFileRoute('/admin/coupons')({
  component: CouponsPage,
});
