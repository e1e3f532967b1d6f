import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DirectoryPage } from '@/features/category/components/directory-page';

/** Search params of the directory; a malformed value is dropped rather than failing the page. */
const directorySearchSchema = z.object({
  search: z.string().trim().max(100).optional().catch(undefined),
  city: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
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
    parse: (params) => ({ categoryName: z.string().min(1).max(100).parse(params.categoryName) }),
    stringify: (params) => params,
  },
  validateSearch: (search) => directorySearchSchema.parse(search),
  component: CategoryRoute,
});
