import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { OrderPage } from '@/features/orders/components/order-page';

function OrderRoute() {
  const { orderId } = Route.useParams();
  const { placed } = Route.useSearch();
  return <OrderPage key={orderId} orderId={orderId} placed={placed === true} />;
}

export const Route = createFileRoute('/_account/orders/$orderId')({
  params: {
    parse: (params) => ({ orderId: z.coerce.number().int().min(1).parse(params.orderId) }),
    stringify: (params) => ({ orderId: String(params.orderId) }),
  },
  validateSearch: (search) => z.object({ placed: z.boolean().optional().catch(undefined) }).parse(search),
  component: OrderRoute,
});
