/**
 * `npm run backup [-- --out FOLDER]`: a backup of the database that `DATABASE_URL` or `DATA_DIR` names, and of the
 * data folder's uploads, into a new folder (by default `backups/cineverse-<time>` beside package.json). PostgreSQL is
 * dumped while the site runs; the embedded database only while its server is stopped (see backup.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, backupConfigFrom } from './backup.js';
import { projectRoot, readConfig } from './config.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(values.out ?? path.join(projectRoot, 'backups', `cineverse-${stamp}`));
try {
  await backup(backupConfigFrom(readConfig()), out);
} catch (error) {
  if (!(error instanceof Error)) throw error;
  // The operator's mistakes (a folder not empty, a server running on the embedded database) read as a sentence.
  console.error(error.message);
  process.exit(1);
}
