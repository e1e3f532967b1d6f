import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.js';
import { users } from '../../server/src/db/schema.js';
import { hashPassword } from '../../server/src/lib/passwords.js';
import { bucketStorage } from '../../server/src/lib/storage.js';
import { projectRoot } from '../../server/src/config.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { createShopper, createStaff, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN = '/backend/api/api/admin/v1';
const ME = `${USER_API}/me`;

function multipart(bytes: Buffer) {
  const boundary = '----object-store-test';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(app: FastifyInstance, url: string, who: Shopper, bytes: Buffer) {
  const { payload, contentType } = multipart(bytes);
  return app.inject({ method: 'POST', url, headers: { ...who.headers, 'content-type': contentType }, payload });
}

const person = (handle: string) => ({
  kind: 'person',
  handle,
  display_name: 'Meera Joshi',
  category: 'Artist',
  crafts: ['actor'],
  city: 'Mumbai',
  languages: [{ language: 'Hindi', level: 'native' }],
  playing_age_min: 25,
});

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

let s3: S3Server;
let testApp: TestApp;
let app: FastifyInstance;
/** A second server on the same database and bucket, with a data folder of its own: another machine. */
let other: FastifyInstance;
let otherDataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  testApp = await createTestApp({ storage: s3.storage() });
  app = testApp.app;
  otherDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-other-'));
  other = await buildApp({
    database: testApp.database,
    dataDir: otherDataDir,
    distDir: otherDataDir,
    logLevel: 'silent',
    readCache: false,
    storage: s3.storage(),
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await testApp.close();
  await s3.close();
  await fs.rm(otherDataDir, { recursive: true, force: true });
});

describe('files in a bucket', () => {
  it('puts the seeded and uploaded images in the bucket and none on the disk, and serves them from it', async () => {
    // The demo content's artwork went to the bucket too.
    expect(await s3.keys('settings/')).toContain('settings/logo.png');
    const editor = await createStaff(app, 'editor');
    const uploaded = await upload(app, `${ADMIN}/uploads/banner`, editor, await photo('#aa3311'));
    expect(uploaded.statusCode).toBe(201);
    const { name } = uploaded.json().data as { name: string };
    const stem = name.replace(/\.webp$/, '');
    expect(await s3.keys(`banner/${stem}`)).toEqual(
      [`banner/${stem}-400w.webp`, `banner/${stem}-800w.webp`, `banner/${name}`].sort(),
    );
    expect(await filesUnder(testApp.dataDir)).toEqual([]);

    const served = await app.inject({ url: `/backend/uploads/banner/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=604800');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const logo = await app.inject({ url: '/backend/uploads/settings/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload).toEqual(await fs.readFile(path.join(projectRoot, 'server/seed/images/settings/logo.png')));
  });

  it('serves a part of a file asked for by range, and answers 304 to the tag the browser holds', async () => {
    const whole = await app.inject({ url: '/backend/uploads/settings/logo.png' });
    const part = await app.inject({ url: '/backend/uploads/settings/logo.png', headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 10));
    const again = await app.inject({
      url: '/backend/uploads/settings/logo.png',
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a missing file, a folder that is not public, and path tricks', async () => {
    // Over a socket, so that the paths arrive as sent (an injected request's address is normalised first).
    const server = await buildApp({
      database: testApp.database,
      dataDir: otherDataDir,
      distDir: otherDataDir,
      logLevel: 'silent',
      storage: s3.storage(),
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const get = (urlPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    try {
      expect((await get('/backend/uploads/settings/logo.png')).status).toBe(200);
      for (const urlPath of [
        '/backend/uploads/banner/no-such-image.webp',
        '/backend/uploads/secret/logo.png',
        '/backend/uploads/settings/../settings/logo.png',
        '/backend/uploads/settings/%2e%2e/settings/logo.png',
        '/backend/uploads/settings/..%2Fsettings%2Flogo.png',
        '/backend/uploads/settings%2Flogo.png',
        '/backend/uploads/settings/..%5Clogo.png',
        '/backend/uploads/settings/.hidden',
        '/backend/uploads/settings/',
      ]) {
        const response = await get(urlPath);
        expect(response.status, urlPath).toBe(404);
        expect(JSON.parse(response.body), urlPath).toHaveProperty('message');
      }
    } finally {
      await server.close();
    }
  });

  it('serves from either server an image uploaded through the other, and each accepts it in content', async () => {
    const editor = await createStaff(app, 'editor');
    const uploaded = await upload(other, `${ADMIN}/uploads/banner`, editor, await photo('#118844'));
    expect(uploaded.statusCode).toBe(201);
    const { name } = uploaded.json().data as { name: string };
    for (const server of [app, other]) {
      expect((await server.inject({ url: `/backend/uploads/banner/${name}` })).statusCode).toBe(200);
    }
    // Named in a banner through the first server: it asks the bucket, not its own disk, whether the image exists.
    const banner = await app.inject({
      method: 'POST',
      url: `${ADMIN}/banners`,
      headers: editor.headers,
      payload: { image: name, link: '' },
    });
    expect(banner.statusCode).toBe(201);
    const missing = await other.inject({
      method: 'POST',
      url: `${ADMIN}/banners`,
      headers: editor.headers,
      payload: { image: `${'0'.repeat(32)}.webp`, link: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'image' });
    expect(await filesUnder(otherDataDir)).toEqual([]);
  });

  it('deletes a removed photo’s files from the bucket, and a deleted account’s photos', async () => {
    const member = await createShopper(app, 'Bucket Member');
    const password = 'monsoon-over-marine-drive';
    await app.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, member.id));
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `${ME}/profile`,
          headers: member.headers,
          payload: person('bucket-member'),
        })
      ).statusCode,
    ).toBe(200);
    const first = (await upload(app, `${ME}/profile/photos`, member, await photo('#334455'))).json().data;
    const second = (await upload(other, `${ME}/profile/photos`, member, await photo('#556677'))).json().data;
    const [kept, removed] = second.photos as { id: number; url: string }[];
    expect(first.photos).toHaveLength(1);
    const stemOf = (url: string) => url.replace('/backend/uploads/', '').replace(/\.webp$/, '');
    expect(await s3.keys(stemOf(removed!.url))).toHaveLength(3);

    // Removed through the other server: gone from the bucket, so from every server.
    const answer = await other.inject({
      method: 'DELETE',
      url: `${ME}/profile/photos/${removed!.id}`,
      headers: member.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(await s3.keys(stemOf(removed!.url))).toEqual([]);
    expect((await app.inject({ url: removed!.url })).statusCode).toBe(404);

    expect(await s3.keys(stemOf(kept!.url))).toHaveLength(3);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${USER_API}/me`,
      headers: member.headers,
      payload: { password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.keys(stemOf(kept!.url))).toEqual([]);
  });
});

describe('a bucket that refuses the keys', () => {
  it('is named by the store, and the server does not start', async () => {
    // The store itself says so, to any client.
    const client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' },
    });
    await expect(
      client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: 'settings/logo.png' })),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    client.destroy();

    await expect(
      buildApp({
        database: testApp.database,
        dataDir: otherDataDir,
        distDir: otherDataDir,
        logLevel: 'silent',
        storage: bucketStorage({ ...s3.settings, accessKeyId: 'NOT-A-KEY' }),
      }),
    ).rejects.toThrow(/refused to list bucket "cineverse-test".*InvalidAccessKeyId/);
  });
});

/** Runs `npm run uploads:to-bucket` (its source, through tsx) with `env`; resolves with its exit code and output. */
function copyCommand(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'server/src/uploads-to-bucket.ts')],
      {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run uploads:to-bucket', () => {
  let bucket: S3Server;
  let dataDir: string;
  beforeAll(async () => {
    bucket = await startS3Server('copied-uploads');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-copy-'));
  });
  afterAll(async () => {
    await bucket.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('copies a data folder’s uploads into the bucket, skipping what is there, and can run twice', async () => {
    const uploads = path.join(dataDir, 'uploads');
    const files: Record<string, Buffer> = {
      'banner/a1.webp': await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
        .webp()
        .toBuffer(),
      'settings/logo.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'profile/b2.webp': Buffer.from('already there'),
    };
    for (const [key, bytes] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(uploads, key)), { recursive: true });
      await fs.writeFile(path.join(uploads, key), bytes);
    }
    const store = bucket.storage();
    await store.put('profile/b2.webp', Buffer.from('already there'), 'image/webp');

    const env = { ...bucket.env, DATA_DIR: dataDir };
    const first = await copyCommand(env);
    expect(first.output).toContain('Copied 2 files');
    expect(first.output).toContain('1 were already in the bucket');
    expect(first.code).toBe(0);
    expect(await bucket.keys()).toEqual(Object.keys(files).sort());
    const svg = await store.read('settings/logo.svg');
    expect(svg?.contentType).toBe('image/svg+xml');
    svg?.body.destroy();

    const second = await copyCommand(env);
    expect(second.code).toBe(0);
    expect(second.output).toContain('Copied 0 files');
    expect(second.output).toContain('3 were already in the bucket');
    store.close();
  });

  it('says which variable is missing, and refuses to run without a bucket', async () => {
    const partial = await copyCommand({ S3_ENDPOINT: bucket.settings.endpoint, S3_BUCKET: 'x', DATA_DIR: dataDir });
    expect(partial.code).toBe(1);
    expect(partial.output).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too');
  });
});
