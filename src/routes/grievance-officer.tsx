import { createFileRoute } from '@tanstack/react-router';
import { prefetchWorthIt } from '@/lib/query-retry';
import { officerQueryOptions } from '@/features/returns/api/returns';
import { GrievanceOfficerPage } from '@/features/returns/components/grievance-officer-page';

export const Route = createFileRoute('/grievance-officer')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    if (prefetchWorthIt()) void context.queryClient.prefetchQuery(officerQueryOptions());
  },
  component: GrievanceOfficerPage,
});
