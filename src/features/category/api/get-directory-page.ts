import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { directoryPageSchema, type DirectoryPage } from '@/contract/directory';
import { ApiError, apiPaths, apiRequest } from '@/lib/api-client';

/** The category in the address does not exist on the server. */
export class CategoryNotFoundError extends Error {
  constructor(readonly categoryName: string) {
    super(`There is no category named ${categoryName}`);
    this.name = 'CategoryNotFoundError';
  }
}

export interface DirectoryFilters {
  search?: string;
  city?: string;
  page?: number;
}

export const directoryKeys = {
  all: () => ['directory'] as const,
  category: (categoryName: string) => [...directoryKeys.all(), categoryName.toLowerCase()] as const,
  page: (categoryName: string, filters: DirectoryFilters) =>
    [...directoryKeys.category(categoryName), filters.search ?? '', filters.city ?? '', filters.page ?? 1] as const,
};

export async function getDirectoryPage(
  categoryName: string,
  filters: DirectoryFilters,
  signal?: AbortSignal,
): Promise<DirectoryPage> {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.city) params.set('city', filters.city);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.size > 0 ? `?${params}` : '';
  try {
    return await apiRequest(apiPaths.publicApi(`/categories/${encodeURIComponent(categoryName)}/entries${query}`), {
      schema: directoryPageSchema,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new CategoryNotFoundError(categoryName);
    throw error;
  }
}

export function directoryPageQueryOptions(categoryName: string, filters: DirectoryFilters) {
  return queryOptions({
    queryKey: directoryKeys.page(categoryName, filters),
    queryFn: ({ signal }) => getDirectoryPage(categoryName, filters, signal),
    // 5 minutes: listings change a few times a day; paging back and forth should not refetch.
    staleTime: 5 * 60 * 1000,
    // The previous page stays on screen while the next one loads, so the layout does not jump.
    placeholderData: keepPreviousData,
    retry: (failureCount, error) => !(error instanceof CategoryNotFoundError) && failureCount < 2,
  });
}
