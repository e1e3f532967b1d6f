import { createFileRoute } from '@tanstack/react-router';
import { RefundPolicyPage } from '@/features/policies/components/policy-pages';

export const Route = createFileRoute('/refund-cancellation')({ component: RefundPolicyPage });
