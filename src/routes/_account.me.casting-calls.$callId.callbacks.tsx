import { createFileRoute } from '@tanstack/react-router';
import { CallbackSchedulePage } from '@/features/casting/components/callback-schedule-page';

function CallbackScheduleRoute() {
  const { callId } = Route.useParams();
  return <CallbackSchedulePage key={callId} callId={/^\d{1,9}$/.test(callId) ? Number(callId) : 0} />;
}

export const Route = createFileRoute('/_account/me/casting-calls/$callId/callbacks')({
  component: CallbackScheduleRoute,
});
