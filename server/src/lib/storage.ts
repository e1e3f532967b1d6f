import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/**
 * Every file the product stores (uploaded images today; self-tapes and invoices later) goes through a Storage, by
 * key: folders and a name joined by `/` (`profile/3f…a1.webp`). Two kinds: a folder on this machine's disk (the
 * default, DATA_DIR/uploads) and a bucket of an S3-compatible object store, which every process of a site shares.
 * See docs/decisions/2026-11-28-object-store.md.
 */
export interface Storage {
  /** Where the files are, for the log and the copy command: "the folder /srv/data/uploads", "bucket media at …". */
  readonly description: string;
  /** Writes `bytes` at `key`, whole or not at all (a reader never sees half a file), replacing what was there. */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The file at `key`, as a stream (of `range` only, when given); null when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file at `key`; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** Every file under `prefix` (a folder, `profile/`; everything when empty), in no particular order. */
  list(prefix?: string): AsyncIterable<StoredEntry>;
  /** The same store seen from inside `folder`: its keys are the folder's names. */
  folder(name: string): Storage;
  /** Throws, saying why, when the store cannot be reached or refuses the keys (checked once at start). */
  check(): Promise<void>;
  close(): void;
}

/** Bytes `start` to `end` (inclusive; to the end of the file when `end` is not given). */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredFile {
  body: Readable;
  /** The whole file's size in bytes. */
  size: number;
  contentType: string;
  etag: string | undefined;
  lastModified: Date | undefined;
  /** The bytes sent, when a range was asked for (inclusive). */
  range?: { start: number; end: number };
}

export interface StoredEntry {
  key: string;
  size: number;
}

/** A range that starts past the end of the file (an HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`The range starts past the end of the file (${size} bytes)`);
  }
}

/** A key's part: letters, digits, `.`, `_` and `-`, not starting with a dot (so never `.`, `..` or a hidden file). */
const keyPart = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Whether `key` is one or more parts joined by single slashes: nothing that could climb out of the store. */
export function isStorageKey(key: string): boolean {
  return key.length <= 1000 && key.split('/').every((part) => keyPart.test(part));
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

/** The content type a file's name says, for a file stored without one (the folder keeps none). */
export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Files being written to a folder end in this (with a random part): never listed, never served. */
const PARTIAL_SUFFIX = '.part';

/** A store in a folder of this machine's disk: today's DATA_DIR/uploads, its files at their keys' paths. */
export function folderStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  const storage: Storage = {
    description: `the folder ${root}`,
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed into place: a reader in another request never sees half an image.
      const partial = `${file}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
      try {
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async read(key, range) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      if (!stat?.isFile()) return null;
      const found = {
        size: stat.size,
        contentType: contentTypeOf(key),
        etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
        lastModified: stat.mtime,
      };
      if (!range) return { ...found, body: createReadStream(file) };
      if (range.start >= stat.size) throw new RangeNotSatisfiableError(stat.size);
      const end = Math.min(range.end ?? stat.size - 1, stat.size - 1);
      return {
        ...found,
        body: createReadStream(file, { start: range.start, end }),
        range: { start: range.start, end },
      };
    },
    async exists(key) {
      return (await fs.stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async *list(prefix = '') {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(PARTIAL_SUFFIX)) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const { size } = await fs.stat(path.join(entry.parentPath, entry.name));
        yield { key, size };
      }
    },
    folder: (name) => scoped(storage, name),
    async check() {
      await fs.mkdir(root, { recursive: true });
    },
    close() {},
  };
  return storage;
}

/** How to reach a bucket of an S3-compatible store (read from S3_* by config.ts). */
export interface ObjectStoreSettings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`https://host/bucket/key`) rather than the host name: what stores other than AWS expect. */
  forcePathStyle: boolean;
}

/** Whether an S3 error is the store saying there is no such object (GetObject's NoSuchKey; HEAD's bare 404). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** A store in a bucket of an S3-compatible object store, through the AWS SDK v3; keys are object keys. */
export function bucketStorage(settings: ObjectStoreSettings): Storage {
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's newer default adds CRC checksums to every upload and checks them on every download: stores other
    // than AWS (and older versions of them) refuse or fail on those. They are asked for only where S3 needs them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer holds an upload or an image request no longer than this.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const storage: Storage = {
    description: `bucket ${bucket} at ${settings.endpoint}`,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType ?? contentTypeOf(key),
        }),
      );
    },
    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: checkedKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        const body = object.Body as Readable;
        const found = {
          body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
          etag: object.ETag,
          lastModified: object.LastModified,
        };
        // "bytes 0-99/1234": the part sent, and the whole object's size.
        const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
        if (!range || !sent) return found;
        return {
          ...found,
          size: Number(sent[3]),
          range: { start: Number(sent[1]), end: Number(sent[2]) },
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        if (error instanceof S3ServiceException && error.name === 'InvalidRange') {
          const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          throw new RangeNotSatisfiableError(head.ContentLength ?? 0);
        }
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    async *list(prefix = '') {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
      }
    },
    folder: (name) => scoped(storage, name),
    async check() {
      try {
        // A listing of a prefix no key can have (a part never starts with a dot): reaches the bucket with the keys
        // and answers empty however many files it holds. (s3rver, the tests' store, fails a truncated listing on
        // current Node: its continuation token uses DES.)
        await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: '.store-check/', MaxKeys: 1 }));
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`The object store refused to list bucket "${bucket}" at ${settings.endpoint} (${reason})`, {
          cause: error,
        });
      }
    },
    close() {
      client.destroy();
    },
  };
  return storage;
}

/** `storage` seen from inside `folder`. */
function scoped(storage: Storage, folder: string): Storage {
  checkedKey(folder);
  const keyOf = (key: string) => `${folder}/${checkedKey(key)}`;
  const inner: Storage = {
    description: `${storage.description}, folder ${folder}`,
    put: (key, bytes, contentType) => storage.put(keyOf(key), bytes, contentType),
    read: (key, range) => storage.read(keyOf(key), range),
    exists: (key) => storage.exists(keyOf(key)),
    delete: (key) => storage.delete(keyOf(key)),
    async *list(prefix = '') {
      for await (const entry of storage.list(`${folder}/${prefix}`)) {
        yield { ...entry, key: entry.key.slice(folder.length + 1) };
      }
    },
    folder: (name) => scoped(inner, name),
    check: () => storage.check(),
    close: () => storage.close(),
  };
  return inner;
}

/** The store a process uses: the bucket when S3_* is set, else the uploads folder of its data folder. */
export function createStorage(config: { dataDir: string; objectStore: ObjectStoreSettings | undefined }): Storage {
  return config.objectStore ? bucketStorage(config.objectStore) : folderStorage(path.join(config.dataDir, 'uploads'));
}
