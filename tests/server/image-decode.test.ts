import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profilePhotos, profiles } from '../../server/src/db/schema.js';
import { storeImage } from '../../server/src/lib/images.js';
import { folderStorage } from '../../server/src/lib/storage.js';
import { createShopper, type Shopper } from './shop-helpers.js';
import { createTestApp } from './test-app.js';

/**
 * The real sharp, watched: every pipeline made from an upload's own bytes (each of `bytes`) counts each time it is
 * run to pixels or to a file, in `decodes` at the same place. That is a decode of the upload; a pipeline over pixels
 * already decoded is not.
 */
const watched = vi.hoisted(() => ({ bytes: [] as Buffer[], decodes: [] as number[] }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const watching = (...args: Parameters<typeof real>) => {
    const pipeline = real(...args);
    const [input] = args;
    const index = Buffer.isBuffer(input) ? watched.bytes.findIndex((bytes) => input.equals(bytes)) : -1;
    if (index >= 0) {
      for (const method of ['toBuffer', 'toFile'] as const) {
        const run = pipeline[method].bind(pipeline) as (...runArgs: unknown[]) => unknown;
        Object.assign(pipeline, {
          [method]: (...runArgs: unknown[]) => {
            watched.decodes[index] = (watched.decodes[index] ?? 0) + 1;
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
    watched.bytes = [bytes];
    watched.decodes = [];
    const stored = await storeImage(bytes, folderStorage(folder));
    watched.bytes = [];

    expect(watched.decodes).toEqual([1]);
    expect(stored).toMatchObject({ width: 1600, height: 1200 });
    const files = await readdir(folder);
    expect(files).toHaveLength(3);
    const widths = await Promise.all(
      files.map(async (file) => (await sharp(path.join(folder, file)).metadata()).width),
    );
    expect(widths.sort((a, b) => a! - b!)).toEqual([400, 800, 1600]);
  });
});

describe('uploads sent together', () => {
  const PHOTOS = '/backend/api/api/user/v1/me/profile/photos';
  const image = (background: string) =>
    sharp({ create: { width: 900, height: 1200, channels: 3, background } })
      .jpeg()
      .toBuffer();
  function upload(app: Awaited<ReturnType<typeof createTestApp>>['app'], who: Shopper, bytes: Buffer, key: string) {
    const boundary = '----decode-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: PHOTOS,
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
      payload,
    });
  }
  const profileOf = (handle: string) => ({
    kind: 'person',
    handle,
    display_name: 'Meera Iyer',
    category: 'Artist',
    crafts: ['actor'],
    city: 'Chennai',
    languages: [{ language: 'Tamil', level: 'native' }],
    date_of_birth: '1995-06-02',
  });

  it('an upload whose keyed write is refused is decoded once and leaves no file; one beside it, once and only its own', async () => {
    const testApp = await createTestApp({ seed: false });
    try {
      const { app } = testApp;
      const [full, other] = [await createShopper(app, 'Full album'), await createShopper(app, 'Other album')];
      for (const [who, handle] of [
        [full, 'full-album'],
        [other, 'other-album'],
      ] as const) {
        const saved = await app.inject({
          method: 'PUT',
          url: '/backend/api/api/user/v1/me/profile',
          headers: who.headers,
          payload: profileOf(handle),
        });
        expect(saved.statusCode).toBe(200);
      }
      // The first member's album is full (six photos), so their next upload is refused by its keyed write.
      const [album] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.handle, 'full-album'));
      await app.db.insert(profilePhotos).values(
        Array.from({ length: 6 }, (_, index) => ({
          profileId: album!.id,
          name: `${'0'.repeat(31)}${index}.webp`,
          main: index === 0,
          sortOrder: index + 1,
        })),
      );
      const [first, refused, beside] = await Promise.all([image('#aa3311'), image('#11aa33'), image('#3311aa')]);
      watched.bytes = [first!, refused!, beside!];
      watched.decodes = [];

      // The first upload is being encoded while the other two arrive together.
      const answers = await Promise.all([
        upload(app, other, first!, 'first-photo'),
        upload(app, full, refused!, 'seventh-photo'),
        upload(app, other, beside!, 'beside-photo'),
      ]);
      watched.bytes = [];

      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 409, 201]);
      expect(answers[1]!.json()).toMatchObject({ field: 'file' });
      expect(watched.decodes).toEqual([1, 1, 1]);
      // The folder holds the stored photos' files, three widths each, and nothing of the refused one.
      const [otherAlbum] = await app.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.handle, 'other-album'));
      const stored = (
        await app.db
          .select({ name: profilePhotos.name })
          .from(profilePhotos)
          .where(eq(profilePhotos.profileId, otherAlbum!.id))
      ).map((photo) => path.basename(photo.name, '.webp'));
      expect(stored).toHaveLength(2);
      const files = await readdir(path.join(testApp.dataDir, 'uploads', 'profile'));
      expect(files).toHaveLength(6);
      expect(files.every((file) => stored.some((name) => file.startsWith(name)))).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});
