import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { DirectoryPage } from '@/features/category/components/directory-page';
import { lenient, pageNumber, searchText } from '@/lib/search-params';

/** Search params of the directory; a malformed value is dropped rather than failing the page. */
const directorySearchSchema = z.object({
  search: lenient(searchText(100)),
  city: lenient(searchText(100)),
  page: lenient(pageNumber),
});

function CategoryRoute() {
  const { categoryName } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DirectoryPage
      key={categoryName}
      categoryName={categoryName}
      filters={filters}
      onFiltersChange={(next, replace) => void navigate({ search: next, replace })}
    />
  );
}

export const Route = createFileRoute('/category/$categoryName')({
  params: {
    parse: (params) => ({
      categoryName: z.string().check(z.minLength(1), z.maxLength(100)).parse(params.categoryName),
    }),
    stringify: (params) => params,
  },
  validateSearch: (search) => directorySearchSchema.parse(search),
  component: CategoryRoute,
});
