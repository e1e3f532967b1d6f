import { myProfileResponseSchema, type MyProfile, type ProfileInput } from '@/contract/profiles';
import { apiPaths, apiRequest } from '@/lib/api-client';

/** Creates or replaces the caller's profile (`PUT /me/profile`), once for `idempotencyKey`. */
export async function saveMyProfile(input: ProfileInput, idempotencyKey: string): Promise<MyProfile> {
  const response = await apiRequest(apiPaths.userApi('/me/profile'), {
    method: 'PUT',
    body: input,
    auth: true,
    idempotencyKey,
    schema: myProfileResponseSchema,
  });
  return response.data;
}
