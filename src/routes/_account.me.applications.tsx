import { createFileRoute } from '@tanstack/react-router';
import { MyApplicationsPage } from '@/features/casting/components/my-applications-page';

export const Route = createFileRoute('/_account/me/applications')({ component: MyApplicationsPage });
