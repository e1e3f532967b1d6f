import { phoneCodeResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';

/**
 * Asks for a code sent to the signed-in member's own phone, to confirm a data export or deletion from an account made
 * by phone (it has no password); asked for as any code, with the same limits.
 */
export function requestProofCode(phone: string) {
  return apiRequest(apiPaths.userApi('/phone/code'), {
    method: 'POST',
    body: { phone, purpose: 'login' },
    schema: phoneCodeResponseSchema,
  });
}
