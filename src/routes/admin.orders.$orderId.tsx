import { createFileRoute } from '@tanstack/react-router';
import { idParamsSchema } from '@/contract/catalog';
import { StaffOrderPage } from '@/features/admin-orders/components/staff-order-page';
import { StaffReturns } from '@/features/returns/components/staff-returns';

function StaffOrderRoute() {
  const { orderId } = Route.useParams();
  return (
    <StaffOrderPage
      key={orderId}
      orderId={orderId}
      renderReturns={(id, prepaid) => <StaffReturns orderId={id} prepaid={prepaid} />}
    />
  );
}

export const Route = createFileRoute('/admin/orders/$orderId')({
  params: {
    parse: (params) => ({ orderId: idParamsSchema.shape.id.parse(params.orderId) }),
    stringify: (params) => ({ orderId: String(params.orderId) }),
  },
  component: StaffOrderRoute,
});
