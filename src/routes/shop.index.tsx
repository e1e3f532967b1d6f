import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { prefetchWorthIt } from '@/lib/query-retry';
import { z } from 'zod/mini';
import { productSorts } from '@/contract/catalog';
import { productsQueryOptions } from '@/features/catalog/api/get-products';
import { ShopPage } from '@/features/catalog/components/shop-page';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import { useAppStore } from '@/lib/app-store';
import { lenient, pageNumber, searchText } from '@/lib/search-params';
import { RouteError } from '@/components/route-error';

/** Search params of the store; a malformed value is dropped rather than failing the page. */
const shopSearchSchema = z.object({
  search: lenient(searchText(100)),
  category: lenient(searchText(100)),
  sort: lenient(z.enum(productSorts)),
  page: lenient(pageNumber),
});

function ShopRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const goTo = useNavigate();
  const signedIn = useAppStore((state) => state.signedIn);
  return (
    <ShopPage
      filters={filters}
      onFiltersChange={(next, replace) => void navigate({ search: next, replace })}
      renderCardActions={(product) => (
        <WishlistButton
          compact
          product={product}
          signedIn={signedIn}
          onNeedLogin={() => void goTo({ to: '/login', search: { redirect: '/shop' } })}
        />
      )}
    />
  );
}

export const Route = createFileRoute('/shop/')({
  validateSearch: (search) => shopSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Start the request with the route; the page shows it as soon as it lands, or what was cached before.
    if (prefetchWorthIt()) void context.queryClient.prefetchQuery(productsQueryOptions(deps));
  },
  errorComponent: RouteError,
  component: ShopRoute,
});
