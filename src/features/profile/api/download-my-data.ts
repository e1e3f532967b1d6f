import { z } from 'zod/mini';
import { apiPaths, apiRequest } from '@/lib/api-client';

const exportSchema = z.record(z.string(), z.unknown());

/** Everything CineVerse holds about the member, as a JSON file the browser saves; the password is asked again. */
export async function downloadMyData(password: string): Promise<void> {
  const data = await apiRequest(apiPaths.userApi('/me/export'), {
    auth: true,
    headers: { 'x-password': password },
    schema: exportSchema,
  });
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'cineverse-my-data.json';
  link.click();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
