import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { siteKeys } from '@/lib/site-query-keys';

/** An item of a list editors order: its fields, its id and its place from 1. */
export type ListItem = { id: number; position: number } & Record<string, unknown>;

// Each list's items have fields of their own besides their id and place: kept as they are. (The site's own
// schemas already use `transform`; a schema kind new to the client would add to every visitor's bundle.)
const itemSchema = z.transform((item: unknown) => item as ListItem);
const listSchema = z.object({ data: z.array(itemSchema) });
const oneSchema = z.object({ data: itemSchema });

/** The items of the list at `path` (`/banners`, `/sections/cine-news/items`...), in order. */
export function positionedListQuery(path: string) {
  return queryOptions({
    queryKey: adminKeys.item('content', path),
    queryFn: ({ signal }) => adminRequest(path, { schema: listSchema, signal }),
    select: (answer) => answer.data,
  });
}

/** Every change: the list is read again, and so is this device's copy of the public home page. */
function useListMutation<TInput, TResult>(path: string, send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.item('content', path) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.homeData() });
    },
  });
}

/** Adds an item (`id` null) or changes one; `position` moves it. */
export function useSaveListItem(path: string) {
  return useListMutation(path, ({ id, input, key }: { id: number | null; input: object; key: string }) =>
    adminRequest(id === null ? path : `${path}/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: input,
      idempotencyKey: key,
      schema: oneSchema,
    }),
  );
}

export function useDeleteListItem(path: string) {
  return useListMutation(path, (id: number) =>
    adminRequest(`${path}/${id}`, {
      method: 'DELETE',
      idempotencyKey: newIdempotencyKey(),
      schema: messageResponseSchema,
    }),
  );
}
