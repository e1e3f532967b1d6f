import { applicationResponseSchema, type Application, type ApplicationInput } from '@/contract/casting';
import { apiPaths, apiRequest } from '@/lib/api-client';

/** Sends an application to a role (from the form, or from the outbox with the key made when Apply was pressed). */
export async function sendApplication(
  callId: number,
  roleId: number,
  input: ApplicationInput,
  idempotencyKey: string,
): Promise<Application> {
  return (
    await apiRequest(apiPaths.userApi(`/casting-calls/${callId}/roles/${roleId}/applications`), {
      method: 'POST',
      body: input,
      auth: true,
      idempotencyKey,
      schema: applicationResponseSchema,
    })
  ).data;
}
