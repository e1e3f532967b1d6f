import { createFileRoute } from '@tanstack/react-router';
import { prefetchWorthIt } from '@/lib/query-retry';
import { callQueryOptions } from '@/features/casting/api/casting-queries';
import { CallPage } from '@/features/casting/components/call-page';

/** A call's number from the address; anything else names no call (0). */
const callNumber = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : 0);

function CallRoute() {
  const { callId } = Route.useParams();
  return <CallPage key={callId} callId={callNumber(callId)} />;
}

export const Route = createFileRoute('/auditions/$callId')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => {
    const id = callNumber(params.callId);
    if (id > 0 && prefetchWorthIt()) void context.queryClient.prefetchQuery(callQueryOptions(id));
  },
  component: CallRoute,
});
