import { readConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from './client.js';
import { exitIfLocked } from './data-dir-lock.js';

const config = readConfig();
const database = await openDatabase(databaseOptionsFrom(config)).catch(exitIfLocked);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
