/**
 * `npm run restore -- FOLDER`: puts a backup written by `npm run backup` into the database that `DATABASE_URL` or
 * `DATA_DIR` names, which must be new (an empty PostgreSQL database, or a DATA_DIR without a database), and its
 * uploads into DATA_DIR/uploads. Each table's rows are checked against the backup's count. Start the server after.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupConfigFrom, restore } from './backup.js';
import { readConfig } from './config.js';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- FOLDER (a folder written by npm run backup)');
  process.exit(1);
}
try {
  await restore(backupConfigFrom(readConfig()), path.resolve(positionals[0]!));
} catch (error) {
  if (!(error instanceof Error)) throw error;
  // The operator's mistakes (a folder not empty, a server running on the embedded database) read as a sentence.
  console.error(error.message);
  process.exit(1);
}
