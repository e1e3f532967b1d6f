import { queryOptions } from '@tanstack/react-query';
import { productResponseSchema, type ProductDetail } from '@/contract/catalog';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';
import { retryRead } from '@/lib/query-retry';
import { catalogKeys } from './catalog-keys';

/** The product in the address does not exist or is no longer sold. */
export class ProductNotFoundError extends Error {
  constructor(readonly productId: number) {
    super(`There is no product ${productId}`);
    this.name = 'ProductNotFoundError';
  }
}

export async function getProduct(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  try {
    const response = await apiRequest(apiPaths.publicApi(`/getProduct/${id}`), {
      schema: productResponseSchema,
      signal,
    });
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ProductNotFoundError(id);
    throw error;
  }
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    // A sold-out product is asked for again at each visit: it is the page a shopper told it is back opens.
    staleTime: (query) => (query.state.data?.stock ? 60 * 1000 : 0),
    retry: (failureCount, error) => !(error instanceof ProductNotFoundError) && retryRead(failureCount, error, 2),
  });
}
