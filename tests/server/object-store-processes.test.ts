import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { projectRoot } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/client.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { createStaff } from './shop-helpers.js';

interface Started {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
}

/**
 * The server's entry, run from its sources through tsx: the compiled build in dist-server/ is left to the tests that
 * build it (the end-to-end tests may be running from it).
 */
const serverArgs = ['--import', 'tsx', path.join(projectRoot, 'server/src/server.ts')];

/** A server process with a data folder of its own and `env` added. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-store-process-'));
  const child = spawn(process.execPath, serverArgs, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      DATABASE_URL: '',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, baseUrl, dataDir };
}

async function stop(server: Started): Promise<void> {
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server('processes');
});
afterAll(() => s3.close());

describe('server processes and the object store', () => {
  it('a process with only some of S3_* set does not start, and names what is missing', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-store-partial-'));
    const child = spawn(process.execPath, serverArgs, {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: path.join(dataDir, 'no-dist'),
        DATABASE_URL: '',
        SKIP_BUILD: '1',
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: s3.settings.bucket,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // It exits; a server that starts anyway is stopped at once, and the test fails.
    const code = await new Promise<number | null | 'started'>((resolve) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('running at')) {
          child.kill('SIGTERM');
          resolve('started');
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('exit', resolve);
    });
    if (code === 'started') await new Promise((resolve) => child.on('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(output).toContain('S3_SECRET_ACCESS_KEY must be set too');
  });

  // Two processes share a database only on PostgreSQL (the server tests' second pass, DATABASE_URL).
  it.runIf(process.env.DATABASE_URL)(
    'two processes on one database and bucket each serve an image uploaded through the other, and keep none on their disks',
    async () => {
      const name = `cineverse_store_${randomBytes(6).toString('hex')}`;
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const env = { ...s3.env, DATABASE_URL: url.toString() };
      const first = await startServer(env);
      const second = await startServer(env);
      // Accounts are made through an app in this process, on the same database.
      const database = await openDatabase({ databaseUrl: url.toString() });
      const helper = await buildApp({
        database,
        dataDir: first.dataDir,
        distDir: first.dataDir,
        logLevel: 'silent',
        storage: s3.storage(),
      });
      try {
        const editor = await createStaff(helper, 'editor');
        const boundary = '----processes';
        const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#225588' } })
          .jpeg()
          .toBuffer();
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const uploaded = await fetch(`${first.baseUrl}/backend/api/api/admin/v1/uploads/banner`, {
          method: 'POST',
          headers: { ...editor.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        });
        expect(uploaded.status).toBe(201);
        const image = ((await uploaded.json()) as { data: { name: string } }).data.name;
        for (const server of [first, second]) {
          const served = await fetch(`${server.baseUrl}/backend/uploads/banner/${image}`);
          expect(served.status).toBe(200);
          expect(served.headers.get('content-type')).toBe('image/webp');
          expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(900);
          // The seeded logo, written to the bucket by the first process's start.
          expect((await fetch(`${server.baseUrl}/backend/uploads/settings/logo.png`)).status).toBe(200);
        }
        // Named in a banner through the second process: it finds the image in the bucket.
        const item = await fetch(`${second.baseUrl}/backend/api/api/admin/v1/banners`, {
          method: 'POST',
          headers: { ...editor.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ image, link: '' }),
        });
        expect(item.status).toBe(201);
        for (const server of [first, second]) {
          const entries = await fs.readdir(server.dataDir, { recursive: true });
          expect(entries.filter((entry) => entry.startsWith('uploads'))).toEqual([]);
        }
      } finally {
        await helper.close();
        await database.close();
        await stop(first);
        await stop(second);
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});
