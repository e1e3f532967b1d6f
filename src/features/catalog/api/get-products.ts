import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { productListResponseSchema, type ProductListResponse } from '@/contract/catalog';
import { apiRequest } from '@/lib/api-client';
import { catalogKeys, type ProductFilters } from './catalog-keys';

export function getProducts(filters: ProductFilters, signal?: AbortSignal): Promise<ProductListResponse> {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort && filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.size > 0 ? `?${params}` : '';
  // The spec's list call sits at the API base itself, not under /api/{v}.
  return apiRequest(`/getProduct${query}`, { schema: productListResponseSchema, signal });
}

export function productsQueryOptions(filters: ProductFilters) {
  return queryOptions({
    queryKey: catalogKeys.list(filters),
    queryFn: ({ signal }) => getProducts(filters, signal),
    // 1 minute: stock changes as people buy; prices rarely.
    staleTime: 60 * 1000,
    placeholderData: keepPreviousData,
  });
}
