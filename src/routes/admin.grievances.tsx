import { createFileRoute } from '@tanstack/react-router';
import { GrievancesPage } from '@/features/returns/components/grievances-page';

export const Route = createFileRoute('/admin/grievances')({ component: GrievancesPage });
