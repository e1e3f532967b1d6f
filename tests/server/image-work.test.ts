import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_UPLOADS_PER_HOUR, UPLOAD_WIDTHS } from '../../src/contract/uploads.js';
import { IMAGES_IN_FLIGHT, IMAGES_WAITING, imageWork } from '../../server/src/lib/images.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ME = '/backend/api/api/user/v1/me';
const ADMIN = '/backend/api/api/admin/v1';

let testApp: TestApp;
let app: FastifyInstance;
let members = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
});
afterAll(() => testApp.close());

function multipart(bytes: Buffer) {
  const boundary = '----image-work-test';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (url: string, who: Shopper, bytes: Buffer) => {
  const { payload, contentType } = multipart(bytes);
  return app.inject({ method: 'POST', url, headers: { ...who.headers, 'content-type': contentType }, payload });
};

/** A member with a person's profile, ready to add photos. */
async function member(): Promise<Shopper> {
  members += 1;
  const who = await createShopper(app, `Actor ${members}`);
  const response = await app.inject({
    method: 'PUT',
    url: `${ME}/profile`,
    headers: who.headers,
    payload: {
      kind: 'person',
      handle: `image-actor-${members}`,
      display_name: `Actor ${members}`,
      category: 'Artist',
      crafts: ['actor'],
      city: 'Pune',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return who;
}

const photo = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG that is a header only: it declares `width` × `height` pixels and holds none of them. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // 8 bits per channel
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an image declaring 50,000 × 50,000 pixels', () => {
  it('answers the documented 413 from its header, to a member and to staff', async () => {
    const bomb = pngHeader(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const photoAnswer = await upload(`${ME}/profile/photos`, await member(), bomb);
    expect(photoAnswer.statusCode, photoAnswer.body).toBe(413);
    expect(photoAnswer.json()).toMatchObject({ field: 'file', message: expect.stringMatching(/40 megapixels/) });
    const editor = await createStaff(app, 'editor');
    const staffAnswer = await upload(`${ADMIN}/uploads/banner`, editor, bomb);
    expect(staffAnswer.statusCode, staffAnswer.body).toBe(413);
    const description = (await app.inject({ url: '/backend/api/docs/json' })).json();
    for (const call of [`${ME}/profile/photos`, `${ADMIN}/uploads/{folder}`]) {
      expect(Object.keys(description.paths[call].post.responses), call).toContain('413');
    }
  });
});

describe('an image’s three widths', () => {
  it('are made in one pass, each no wider than its width, none enlarged', async () => {
    const editor = await createStaff(app, 'editor');
    const answer = await upload(`${ADMIN}/uploads/section`, editor, await photo(1000, 500));
    expect(answer.statusCode, answer.body).toBe(201);
    const { name } = answer.json().data as { name: string };
    expect(answer.json().data).toMatchObject({ width: 1000, height: 500 });
    const folder = path.join(testApp.dataDir, 'uploads', 'section');
    const files = (await readdir(folder)).filter((file) => file.startsWith(name.slice(0, 32)));
    expect(files).toHaveLength(UPLOAD_WIDTHS.length);
    const widths = await Promise.all(
      files.map(async (file) => (await sharp(path.join(folder, file)).metadata()).width),
    );
    expect(widths.sort((a, b) => a! - b!)).toEqual([400, 800, 1000]);
  });
});

describe('image work', () => {
  it('waits in a queue like password hashing: beyond it an upload answers 503 with Retry-After', async () => {
    const who = await member();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The queue taken up to its last place by work that waits on this test.
    const holding = Array.from({ length: IMAGES_IN_FLIGHT + IMAGES_WAITING }, () => imageWork.run(() => held));
    const refused = await upload(`${ME}/profile/photos`, who, await photo());
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    release();
    await Promise.all(holding);
    const taken = await upload(`${ME}/profile/photos`, who, await photo());
    expect(taken.statusCode, taken.body).toBe(201);
  });
});

describe('a member’s uploads', () => {
  it(`are at most ${MEMBER_UPLOADS_PER_HOUR} an hour: the next answers 429 with Retry-After`, async () => {
    expect(MEMBER_UPLOADS_PER_HOUR).toBe(30);
    const who = await member();
    const image = await photo(200, 200);
    for (let index = 0; index < 30; index += 1) {
      const answer = await upload(`${ME}/profile/photos`, who, image);
      expect(answer.statusCode, answer.body).toBe(201);
      // Each removed again, so that the profile's six places never fill: only the hourly limit stops the 31st.
      const [added] = answer.json().data.photos as { id: number }[];
      const removed = await app.inject({
        method: 'DELETE',
        url: `${ME}/profile/photos/${added!.id}`,
        headers: who.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const refused = await upload(`${ME}/profile/photos`, who, image);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json().message).toMatch(/30 images an hour/);
    // Another member is not held back.
    expect((await upload(`${ME}/profile/photos`, await member(), image)).statusCode).toBe(201);
  });
});
