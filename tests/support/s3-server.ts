import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { bucketStorage, type ObjectStoreSettings, type Storage } from '../../server/src/lib/storage.js';

/** s3rver's one account (its keys are fixed): any other access key is refused with InvalidAccessKeyId. */
export const S3RVER_KEY = 'S3RVER';

export interface S3Server {
  /** The bucket's settings, as config.ts reads them from S3_*. */
  settings: ObjectStoreSettings;
  /** S3_* for a process of the server or a command. */
  env: Record<string, string>;
  /** A new client of the bucket (each app closes its own). */
  storage(): Storage;
  /** Every key in the bucket, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on loopback, on a free port, with one bucket, its files in a temporary
 * folder. Signatures are checked (allowMismatchedSignatures off): an unknown access key is refused.
 * See docs/decisions/2026-11-28-object-store.md for what it does not check.
 */
export async function startS3Server(bucket = 'cineverse-test'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: ObjectStoreSettings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  };
  const reader = bucketStorage(settings);
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    storage: () => bucketStorage(settings),
    async keys(prefix = '') {
      const keys: string[] = [];
      for await (const entry of reader.list(prefix)) keys.push(entry.key);
      return keys.sort();
    },
    async close() {
      reader.close();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
