import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../src/db/client.js';
import { categories, siteSettings } from '../src/db/schema.js';
import { demoCategories, demoSiteSettings } from './demo-content.js';

const seedImagesDir = path.resolve(import.meta.dirname, 'images');

/** Copies the demo images into the uploads folder, keeping any file an editor has already replaced. */
async function copySeedImages(uploadsDir: string): Promise<void> {
  const folders = await fs.readdir(seedImagesDir, { withFileTypes: true });
  for (const folder of folders.filter((entry) => entry.isDirectory())) {
    const target = path.join(uploadsDir, folder.name);
    await fs.mkdir(target, { recursive: true });
    for (const file of await fs.readdir(path.join(seedImagesDir, folder.name))) {
      await fs
        .copyFile(path.join(seedImagesDir, folder.name, file), path.join(target, file), fs.constants.COPYFILE_EXCL)
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        });
    }
  }
}

/**
 * Seeds demo content when the database is empty (no site settings row). Returns whether it seeded, so that a
 * database an editor has filled is never overwritten.
 */
export async function seedDemoContent(db: Database, uploadsDir: string): Promise<boolean> {
  await copySeedImages(uploadsDir);
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: siteSettings.id }).from(siteSettings).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(siteSettings).values({ id: 1, ...demoSiteSettings });
    await tx.insert(categories).values(demoCategories.map((category, index) => ({ ...category, sortOrder: index })));
    return true;
  });
}
