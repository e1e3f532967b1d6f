import { createFileRoute } from '@tanstack/react-router';
import { StaffProductsPage } from '@/features/admin-products/components/staff-products-page';
import { adminSearch } from '@/lib/search-params';

function StaffProductsRoute() {
  const { page, search } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffProductsPage filters={{ page: page ?? 1, search }} onChange={(next) => void navigate({ search: next })} />
  );
}

export const Route = createFileRoute('/admin/products/')({
  validateSearch: adminSearch,
  component: StaffProductsRoute,
});
