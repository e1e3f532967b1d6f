import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { DirectoryEntriesPage } from '@/features/admin-content/components/content-pages';
import { lenient, searchText } from '@/lib/search-params';

const searchSchema = z.object({ category: lenient(searchText(100)) });

function DirectoryRoute() {
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DirectoryEntriesPage category={category} onChange={(next) => void navigate({ search: { category: next } })} />
  );
}

export const Route = createFileRoute('/admin/directory')({
  validateSearch: (search) => searchSchema.parse(search),
  component: DirectoryRoute,
});
