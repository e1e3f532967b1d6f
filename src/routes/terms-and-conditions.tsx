import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/policies/components/policy-pages';

export const Route = createFileRoute('/terms-and-conditions')({ component: TermsPage });
