import { z } from 'zod/mini';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

const exportSchema = z.record(z.string(), z.unknown());

/** What confirms a member's own request: the password again, or the code sent to the phone of an account without one. */
export type Proof = { password: string } | { code: string };

/** Everything CineVerse holds about the member, as a JSON file the browser saves; the password is asked again. */
export async function downloadMyData(proof: Proof): Promise<void> {
  const data = await apiRequest(apiPaths.userApi('/me/export'), {
    auth: true,
    headers: 'code' in proof ? { 'x-phone-code': proof.code } : { 'x-password': proof.password },
    schema: exportSchema,
  });
  saveFile(JSON.stringify(data, null, 2), 'cineverse-my-data.json', 'application/json');
}
