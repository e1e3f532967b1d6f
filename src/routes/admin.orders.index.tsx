import { createFileRoute } from '@tanstack/react-router';
import { orderStatuses } from '@/contract/order-statuses';
import { StaffOrdersPage } from '@/features/admin-orders/components/staff-orders-page';
import { adminSearch, oneOf } from '@/lib/search-params';

/** A day as a date input writes it, or nothing. */
const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

function StaffOrdersRoute() {
  const { page, status, search, from, to } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffOrdersPage
      filters={{ page: page ?? 1, status: oneOf(orderStatuses, status), search, from: day(from), to: day(to) }}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: adminSearch,
  component: StaffOrdersRoute,
});
