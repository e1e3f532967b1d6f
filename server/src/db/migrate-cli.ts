import path from 'node:path';
import { readConfig } from '../config.js';
import { openDatabase } from './client.js';

const config = readConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
