/**
 * `npm run uploads:to-bucket`: copies the files of a data folder's uploads (DATA_DIR/uploads, or `--from FOLDER`)
 * into the bucket S3_* names, skipping those already there, and prints the counts. Safe to run twice, and while
 * the site runs. See docs/operations/object-store.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from './config.js';
import { copyStorage } from './lib/copy-storage.js';
import { bucketStorage, folderStorage } from './lib/storage.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { from: { type: 'string' } } });
let config;
try {
  config = readConfig();
} catch (error) {
  fail((error as Error).message);
}
if (!config.objectStore) {
  fail('Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy into.');
}
const from = folderStorage(values.from ? path.resolve(values.from) : path.join(config.dataDir, 'uploads'));
const to = bucketStorage(config.objectStore);
try {
  await to.check();
  console.log(`Copying ${from.description} into ${to.description}...`);
  const counts = await copyStorage(from, to);
  const megabytes = (counts.bytes / 1024 / 1024).toFixed(1);
  console.log(`Copied ${counts.copied} files (${megabytes} MB); ${counts.skipped} were already in the bucket.`);
  if (counts.refused.length > 0) {
    console.log(`Not copied, as their names cannot be stored (rename or delete them): ${counts.refused.join(', ')}`);
  }
} catch (error) {
  fail((error as Error).message);
} finally {
  to.close();
}
