import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { idParamsSchema } from '@/contract/catalog';
import { OrderPage } from '@/features/orders/components/order-page';
import { ReturnSection } from '@/features/returns/components/return-section';
import { lenient } from '@/lib/search-params';
import { BuyAgainButton } from './-components/buy-again-button';

function OrderRoute() {
  const { orderId } = Route.useParams();
  const { placed } = Route.useSearch();
  return (
    <OrderPage
      key={orderId}
      orderId={orderId}
      placed={placed === 'true'}
      renderBuyAgain={(order) => <BuyAgainButton items={order.items} />}
      renderReturns={(order) => <ReturnSection order={order} />}
    />
  );
}

export const Route = createFileRoute('/_account/orders/$orderId')({
  params: {
    parse: (params) => ({ orderId: idParamsSchema.shape.id.parse(params.orderId) }),
    stringify: (params) => ({ orderId: String(params.orderId) }),
  },
  validateSearch: (search) => z.object({ placed: lenient(z.literal('true')) }).parse(search),
  component: OrderRoute,
});
