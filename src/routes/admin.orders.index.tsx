import { createFileRoute } from '@tanstack/react-router';
import { orderStatuses } from '@/contract/order-statuses';
import { StaffOrdersPage } from '@/features/admin-orders/components/staff-orders-page';
import { adminSearch, oneOf } from '@/lib/search-params';

function StaffOrdersRoute() {
  const { page, status, search } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffOrdersPage
      filters={{ page: page ?? 1, status: oneOf(orderStatuses, status), search }}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: adminSearch,
  component: StaffOrdersRoute,
});
