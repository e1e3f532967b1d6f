import { readConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from './client.js';

const config = readConfig();
const database = await openDatabase(databaseOptionsFrom(config));
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
