import { createFileRoute } from '@tanstack/react-router';
import { prefetchWorthIt } from '@/lib/query-retry';
import { callListQueryOptions } from '@/features/casting/api/casting-queries';
import { AuditionsPage } from '@/features/casting/components/auditions-page';
import { castingSearch } from '@/lib/search-params';

function AuditionsRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditionsPage filters={filters} onFiltersChange={(next, replace) => void navigate({ search: next, replace })} />
  );
}

export const Route = createFileRoute('/auditions/')({
  validateSearch: castingSearch,
  loaderDeps: ({ search }) => search,
  // The loader's queries load with the page's code: the casting schemas stay out of every visitor's start.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, deps }) => {
    if (prefetchWorthIt()) void context.queryClient.prefetchQuery(callListQueryOptions(deps));
  },
  component: AuditionsRoute,
});
