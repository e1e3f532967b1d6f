import type { ProductSort } from '@/contract/catalog';

export interface ProductFilters {
  search?: string;
  category?: string;
  sort?: ProductSort;
  page?: number;
}

/** The store's products are public and persisted: a list or a product a visitor saw opens offline. */
export const catalogKeys = {
  all: () => ['catalog'] as const,
  lists: () => [...catalogKeys.all(), 'list'] as const,
  list: (filters: ProductFilters) =>
    [
      ...catalogKeys.lists(),
      filters.search ?? '',
      filters.category ?? '',
      filters.sort ?? 'newest',
      filters.page ?? 1,
    ] as const,
  product: (id: number) => [...catalogKeys.all(), 'product', id] as const,
};
