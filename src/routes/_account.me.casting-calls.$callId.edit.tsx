import { createFileRoute } from '@tanstack/react-router';
import { CallFormPage } from '@/features/casting/components/call-form-page';

function EditCallRoute() {
  const { callId } = Route.useParams();
  return <CallFormPage key={callId} callId={/^\d{1,9}$/.test(callId) ? Number(callId) : 0} />;
}

export const Route = createFileRoute('/_account/me/casting-calls/$callId/edit')({ component: EditCallRoute });
