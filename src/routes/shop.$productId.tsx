import { Group, Text } from '@mantine/core';
import { prefetchWorthIt } from '@/lib/query-retry';
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { idParamsSchema } from '@/contract/catalog';
import { AddToCartPanel } from '@/features/cart/components/add-to-cart-panel';
import { productQueryOptions } from '@/features/catalog/api/get-product';
import { ProductPage } from '@/features/catalog/components/product-page';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import { useAppStore } from '@/lib/app-store';
import { RouteError } from '@/components/route-error';

function ProductRoute() {
  const { productId } = Route.useParams();
  const { variant } = Route.useSearch();
  const signedIn = useAppStore((state) => state.signedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const needLogin = () => void navigate({ to: '/login', search: { redirect: location.href } });
  return (
    <ProductPage
      key={productId}
      productId={productId}
      variantId={variant}
      renderActions={(product, choice) => (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <AddToCartPanel product={product} variant={choice} signedIn={signedIn} onNeedLogin={needLogin} />
            <WishlistButton product={product} signedIn={signedIn} onNeedLogin={needLogin} />
          </Group>
          {product.stock <= 0 ? (
            <Text size="sm" mt="xs">
              Keep it in your wishlist and we will tell you when it is back in stock.
            </Text>
          ) : null}
        </>
      )}
    />
  );
}

export const Route = createFileRoute('/shop/$productId')({
  params: {
    parse: (params) => ({ productId: idParamsSchema.shape.id.parse(params.productId) }),
    stringify: (params) => ({ productId: String(params.productId) }),
  },
  // `?variant=12`: the size or colour a restock notice is about, shown picked.
  validateSearch: (search: Record<string, unknown>): { variant?: number } => {
    const variant = Number(search.variant);
    return Number.isInteger(variant) && variant > 0 ? { variant } : {};
  },
  loader: ({ context, params }) => {
    if (prefetchWorthIt()) void context.queryClient.prefetchQuery(productQueryOptions(params.productId));
  },
  errorComponent: RouteError,
  component: ProductRoute,
});
