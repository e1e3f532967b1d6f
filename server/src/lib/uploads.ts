import { existsSync } from 'node:fs';
import path from 'node:path';
import { HttpError } from '../plugins/error-handler.js';

/** Refuses (400 naming `field`) a name that is not a file of the upload folder `folder`. */
export function assertUploaded(uploadsDir: string, folder: string, name: string, field = 'image'): void {
  const folderPath = path.join(uploadsDir, folder);
  const file = path.join(folderPath, name);
  if (path.dirname(file) !== folderPath || !existsSync(file)) {
    throw new HttpError(400, 'There is no uploaded image of that name: upload it first', field);
  }
}
