import { readConfig } from '../src/config.js';
import { databaseOptionsFrom, openDatabase } from '../src/db/client.js';
import { exitIfLocked } from '../src/db/data-dir-lock.js';
import { createStorage } from '../src/lib/storage.js';
import { seedDemoContent } from './seed.js';

const config = readConfig();
const database = await openDatabase(databaseOptionsFrom(config)).catch(exitIfLocked);
try {
  await database.migrate();
  if (!config.demoContent) {
    console.log('DEMO_CONTENT=0: the database starts empty.');
  } else {
    const storage = createStorage(config);
    try {
      const seeded = await seedDemoContent(database.db, storage);
      console.log(seeded ? 'Seeded demo content.' : 'The database already has content; nothing seeded.');
    } finally {
      storage.close();
    }
  }
} finally {
  await database.close();
}
