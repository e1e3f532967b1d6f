import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { StaffProductsPage } from '@/features/admin-products/components/staff-products-page';
import { lenient, pageNumber, searchText } from '@/lib/search-params';

const searchSchema = z.object({ page: lenient(pageNumber), search: lenient(searchText(100)) });

function StaffProductsRoute() {
  const { page, search } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffProductsPage filters={{ page: page ?? 1, search }} onChange={(next) => void navigate({ search: next })} />
  );
}

export const Route = createFileRoute('/admin/products/')({
  validateSearch: (search) => searchSchema.parse(search),
  component: StaffProductsRoute,
});
