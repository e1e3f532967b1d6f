import { apiFile } from './api-client';

/**
 * Has the browser save a file the API serves to the signed-in user alone (a tax invoice's PDF) as `name`. A refusal
 * throws the ApiError the client throws.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await apiFile(path));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
