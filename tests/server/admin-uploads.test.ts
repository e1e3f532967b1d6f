import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/src/db/schema.js';
import { createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const UPLOADS = '/backend/api/api/admin/v1/uploads';

/** A multipart/form-data body of one file, as a browser's FormData sends it. */
function multipartBody(bytes: Buffer, filename: string, type: string) {
  const boundary = '----cineverse-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A photo as a phone takes it: a JPEG with the camera's EXIF, GPS position included. */
async function phonePhoto(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 8/1 0/1' },
    })
    .toBuffer();
}

describe('image uploads', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let editor: Shopper;
  let manager: Shopper;
  let uploadsDir: string;

  beforeAll(async () => {
    testApp = await createTestApp({ seed: false });
    app = testApp.app;
    uploadsDir = path.join(testApp.dataDir, 'uploads');
    editor = await createStaff(app, 'editor');
    manager = await createStaff(app, 'shop_manager');
  });
  afterAll(() => testApp.close());

  const upload = (folder: string, who: Shopper, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => {
    const { payload, contentType } = multipartBody(bytes, filename, type);
    return app.inject({
      method: 'POST',
      url: `${UPLOADS}/${folder}`,
      headers: { ...who.headers, 'content-type': contentType },
      payload,
    });
  };
  const filesIn = async (folder: string) => readdir(path.join(uploadsDir, folder)).catch(() => [] as string[]);

  it('stores a phone photo re-encoded as WebP in three widths, turned upright and without its GPS position', async () => {
    const response = await upload('banner', editor, await phonePhoto(), '../../holiday.jpg');
    expect(response.statusCode).toBe(201);
    const { name, width, height, folder } = response.json().data;
    expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect({ width, height, folder }).toEqual({ width: 1600, height: 1067, folder: 'banner' });
    const stem = name.replace('.webp', '');
    expect((await filesIn('banner')).sort()).toEqual([`${stem}-400w.webp`, `${stem}-800w.webp`, name].sort());

    const stored = await sharp(path.join(uploadsDir, 'banner', name)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    const small = await sharp(path.join(uploadsDir, 'banner', `${stem}-400w.webp`)).metadata();
    expect(small.width).toBe(400);

    // The public address serves it, and the audit log names it.
    const served = await app.inject({ url: `/backend/uploads/banner/${name}` });
    expect(served.statusCode).toBe(200);
    const [record] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `banner/${name}`));
    expect(record).toMatchObject({ actorId: editor.id, action: 'upload', entity: 'upload' });
  });

  it('never enlarges a small image, and accepts PNG and WebP by their bytes', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const pngAnswer = await upload('product', manager, png, 'product.png', 'image/png');
    expect(pngAnswer.statusCode).toBe(201);
    expect(pngAnswer.json().data).toMatchObject({ width: 300, height: 200 });

    const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#aa2200' } })
      .webp()
      .toBuffer();
    // Its name and declared type say GIF: the bytes decide.
    const webpAnswer = await upload('product', manager, webp, 'picture.gif', 'image/gif');
    expect(webpAnswer.statusCode).toBe(201);
    expect(webpAnswer.json().data).toMatchObject({ width: 500, height: 500 });
  });

  it('refuses what is not a JPEG, PNG or WebP, and writes nothing', async () => {
    const before = await filesIn('section');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgAnswer = await upload('section', editor, svg, 'logo.svg', 'image/svg+xml');
    expect(svgAnswer.statusCode).toBe(400);
    expect(svgAnswer.json()).toMatchObject({ field: 'file', message: 'Upload a JPEG, PNG or WebP image' });

    const executable = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000)]);
    const exeAnswer = await upload('section', editor, executable, 'photo.jpg', 'image/jpeg');
    expect(exeAnswer.statusCode).toBe(400);
    expect(exeAnswer.json().field).toBe('file');

    const photo = await phonePhoto(1200, 800);
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const truncatedAnswer = await upload('section', editor, truncated);
    expect(truncatedAnswer.statusCode).toBe(400);
    expect(truncatedAnswer.json().message).toMatch(/could not be read/);
    expect(await filesIn('section')).toEqual(before);
  });

  it('refuses a file over 5 MB and an image over 40 megapixels (a decompression bomb) with 413', async () => {
    const before = await filesIn('banner');
    const large = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const largeAnswer = await upload('banner', editor, large);
    expect(largeAnswer.statusCode).toBe(413);
    expect(largeAnswer.json()).toMatchObject({ field: 'file' });
    expect(largeAnswer.json().message).toMatch(/larger than 5 MB/);

    // 8000 x 6000 of one colour: 48 megapixels in a few kilobytes.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const bombAnswer = await upload('banner', editor, bomb, 'bomb.png', 'image/png');
    expect(bombAnswer.statusCode).toBe(413);
    expect(bombAnswer.json().message).toMatch(/40 megapixels/);
    expect(await filesIn('banner')).toEqual(before);
  });

  it('refuses a folder that is not one of the upload folders, `../` included', async () => {
    const photo = await phonePhoto(200, 100);
    for (const folder of ['..%2F..%2Fetc', 'secrets', '..']) {
      const response = await upload(folder, editor, photo);
      expect([400, 404], folder).toContain(response.statusCode);
    }
    expect((await upload('..%2Fbanner', editor, photo)).json()).toMatchObject({ field: 'folder' });
    expect((await readdir(testApp.dataDir)).sort()).toEqual(['uploads']);
  });

  it('lets each role upload only to its own folders', async () => {
    const photo = await phonePhoto(200, 100);
    expect((await upload('product', editor, photo)).statusCode).toBe(403);
    expect((await upload('banner', manager, photo)).statusCode).toBe(403);
  });

  it('answers a repeated upload with the same Idempotency-Key once, without storing a second copy', async () => {
    const photo = await phonePhoto(640, 480);
    const { payload, contentType } = multipartBody(photo, 'again.jpg', 'image/jpeg');
    const send = () =>
      app.inject({
        method: 'POST',
        url: `${UPLOADS}/inside`,
        headers: { ...editor.headers, 'content-type': contentType, 'idempotency-key': 'upload-once-1' },
        payload,
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await filesIn('inside')).toHaveLength(3);
  });
});
