import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ProductInput,
  staffCategoryListResponseSchema,
  staffProductListResponseSchema,
  staffProductResponseSchema,
  type StaffProduct,
} from '@/contract/admin';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';

export interface StaffProductFilters {
  page: number;
  search?: string;
}

export const STAFF_PRODUCTS_PER_PAGE = 20;

export function staffProductsQuery(filters: StaffProductFilters) {
  return queryOptions({
    queryKey: adminKeys.list('products', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/products${listQuery({ ...filters, per_page: STAFF_PRODUCTS_PER_PAGE })}`, {
        schema: staffProductListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function staffProductQuery(productId: number) {
  return queryOptions({
    queryKey: adminKeys.item('products', productId),
    queryFn: ({ signal }) => adminRequest(`/products/${productId}`, { schema: staffProductResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

/** Every category products have, to pick from (a new one is added on purpose). */
export function staffCategoriesQuery() {
  return queryOptions({
    queryKey: adminKeys.list('products', { categories: true }),
    queryFn: ({ signal }) => adminRequest('/product-categories', { schema: staffCategoryListResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

/** Creates a product (no id) or saves one; the key is made once per save, so a retry never adds two. */
export function useSaveProduct(productId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: ProductInput; key: string }): Promise<StaffProduct> => {
      const answer = await adminRequest(productId === null ? '/products' : `/products/${productId}`, {
        method: productId === null ? 'POST' : 'PUT',
        body: input,
        idempotencyKey: key,
        schema: staffProductResponseSchema,
      });
      return answer.data;
    },
    onSuccess: (product) => {
      queryClient.setQueryData(adminKeys.item('products', product.id), { data: product });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('products') });
    },
  });
}

/** Deletes a product; one that is in past orders is hidden instead (the server decides, and says which). */
export function useDeleteProduct(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest(`/products/${productId}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.item('products', productId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('products') });
    },
  });
}
