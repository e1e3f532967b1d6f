import { createFileRoute } from '@tanstack/react-router';
import { CallFormPage } from '@/features/casting/components/call-form-page';

function NewCallRoute() {
  return <CallFormPage callId={null} />;
}

export const Route = createFileRoute('/_account/me/casting-calls/new')({ component: NewCallRoute });
