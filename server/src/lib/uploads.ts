import { HttpError } from '../plugins/error-handler.js';
import { isStorageKey, type Storage } from './storage.js';

/** Refuses (400 naming `field`) a name that is not a file of the upload folder `folder` in the store. */
export async function assertUploaded(storage: Storage, folder: string, name: string, field = 'image'): Promise<void> {
  const key = `${folder}/${name}`;
  // One name within the folder: `../x` or `a/b` is no upload, and is never asked of the store.
  if (name.includes('/') || !isStorageKey(key) || !(await storage.exists(key))) {
    throw new HttpError(400, 'There is no uploaded image of that name: upload it first', field);
  }
}
