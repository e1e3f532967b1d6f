import { createFileRoute } from '@tanstack/react-router';
import { ShippingPolicyPage } from '@/features/policies/components/policy-pages';

export const Route = createFileRoute('/shipping-policy')({ component: ShippingPolicyPage });
