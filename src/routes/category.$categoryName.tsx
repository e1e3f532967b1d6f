import { createFileRoute } from '@tanstack/react-router';
import { prefetchWorthIt } from '@/lib/query-retry';
import { directoryCategory, profileListQueryOptions } from '@/features/profiles/api/profile-queries';
import { ProfileDirectory } from '@/features/profiles/components/profile-directory';
import { directorySearch } from '@/lib/search-params';

function CategoryRoute() {
  const { categoryName } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProfileDirectory
      key={categoryName}
      categoryName={categoryName}
      filters={filters}
      onFiltersChange={(next, replace) => void navigate({ search: next, replace })}
    />
  );
}

export const Route = createFileRoute('/category/$categoryName')({
  validateSearch: directorySearch,
  loaderDeps: ({ search }) => search,
  // The loader's queries load with the page's code: the profiles' schemas stay out of every visitor's start.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params, deps }) => {
    const category = directoryCategory(params.categoryName);
    if (category && prefetchWorthIt()) void context.queryClient.prefetchQuery(profileListQueryOptions(category, deps));
  },
  component: CategoryRoute,
});
