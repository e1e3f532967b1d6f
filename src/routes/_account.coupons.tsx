import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '@/features/coupons/components/coupons-page';

export const Route = createFileRoute('/_account/coupons')({ component: CouponsPage });
