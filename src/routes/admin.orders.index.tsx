import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { orderStatuses } from '@/contract/order-statuses';
import { StaffOrdersPage } from '@/features/admin-orders/components/staff-orders-page';
import { lenient, pageNumber, searchText } from '@/lib/search-params';

const searchSchema = z.object({
  page: lenient(pageNumber),
  status: lenient(z.enum(orderStatuses)),
  search: lenient(searchText(200)),
});

function StaffOrdersRoute() {
  const { page, status, search } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StaffOrdersPage
      filters={{ page: page ?? 1, status, search }}
      onChange={(next) => void navigate({ search: next })}
    />
  );
}

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: (search) => searchSchema.parse(search),
  component: StaffOrdersRoute,
});
