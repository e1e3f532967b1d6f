import { createFileRoute } from '@tanstack/react-router';
import { MyCallsPage } from '@/features/casting/components/my-calls-page';

export const Route = createFileRoute('/_account/me/casting-calls/')({ component: MyCallsPage });
