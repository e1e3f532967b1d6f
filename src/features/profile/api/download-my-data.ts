import { z } from 'zod/mini';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

const exportSchema = z.record(z.string(), z.unknown());

/** Everything CineVerse holds about the member, as a JSON file the browser saves; the password is asked again. */
export async function downloadMyData(password: string): Promise<void> {
  const data = await apiRequest(apiPaths.userApi('/me/export'), {
    auth: true,
    headers: { 'x-password': password },
    schema: exportSchema,
  });
  saveFile(JSON.stringify(data, null, 2), 'cineverse-my-data.json', 'application/json');
}
