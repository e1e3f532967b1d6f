import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeImage } from '../../server/src/lib/images.js';
import { folderStorage } from '../../server/src/lib/storage.js';

/**
 * The real sharp, watched: every pipeline made from the upload's own bytes counts each time it is run to pixels or
 * to a file. That is a decode of the upload; a pipeline over pixels already decoded is not.
 */
const watched = vi.hoisted(() => ({ bytes: null as Buffer | null, decodes: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const watching = (...args: Parameters<typeof real>) => {
    const pipeline = real(...args);
    const [input] = args;
    if (watched.bytes && Buffer.isBuffer(input) && input.equals(watched.bytes)) {
      for (const method of ['toBuffer', 'toFile'] as const) {
        const run = pipeline[method].bind(pipeline) as (...runArgs: unknown[]) => unknown;
        Object.assign(pipeline, {
          [method]: (...runArgs: unknown[]) => {
            watched.decodes += 1;
            return run(...runArgs);
          },
        });
      }
    }
    return pipeline;
  };
  return { default: Object.assign(watching, real) };
});

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'cineverse-decode-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('an uploaded image', () => {
  it('is decoded once for its three widths', async () => {
    const bytes = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
    watched.bytes = bytes;
    watched.decodes = 0;
    const stored = await storeImage(bytes, folderStorage(folder));
    watched.bytes = null;

    expect(watched.decodes).toBe(1);
    expect(stored).toMatchObject({ width: 1600, height: 1200 });
    const files = await readdir(folder);
    expect(files).toHaveLength(3);
    const widths = await Promise.all(
      files.map(async (file) => (await sharp(path.join(folder, file)).metadata()).width),
    );
    expect(widths.sort((a, b) => a! - b!)).toEqual([400, 800, 1600]);
  });
});
