import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

/** Sends an answer in a conversation (`POST /me/conversations/{id}/messages`), once for `idempotencyKey`. */
export async function sendReply(conversationId: number, message: string, idempotencyKey: string): Promise<void> {
  await apiRequest(apiPaths.userApi(`/me/conversations/${conversationId}/messages`), {
    method: 'POST',
    body: { message },
    auth: true,
    idempotencyKey,
    schema: messageResponseSchema,
  });
}
