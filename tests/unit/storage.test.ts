import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage, isStorageKey, RangeNotSatisfiableError, type Storage } from '../../server/src/lib/storage.js';

describe('storage keys', () => {
  it('are folders and a name of letters, digits, dots, dashes and underscores', () => {
    for (const key of ['profile/3f2a.webp', 'banner/banner-1.svg', 'selftape/42/take_2.mp4', 'logo.png']) {
      expect(isStorageKey(key), key).toBe(true);
    }
  });

  it('never climb out of the store or name a hidden file', () => {
    for (const key of ['', '/etc/passwd', 'profile/../x', '..', 'profile//x', 'profile/.env', 'a\\b', 'a b', 'x/']) {
      expect(isStorageKey(key), key).toBe(false);
    }
  });
});

describe('the data folder store', () => {
  let root: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-storage-'));
    storage = folderStorage(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('keeps a file at its key’s path, reads it whole or in part, lists and deletes it', async () => {
    const profile = storage.folder('profile');
    await profile.put('a1.webp', Buffer.from('0123456789'), 'image/webp');
    expect(await fs.readFile(path.join(root, 'profile', 'a1.webp'), 'utf8')).toBe('0123456789');
    expect(await storage.exists('profile/a1.webp')).toBe(true);

    const whole = await storage.read('profile/a1.webp');
    expect({ size: whole?.size, type: whole?.contentType }).toEqual({ size: 10, type: 'image/webp' });
    expect((await buffer(whole!.body)).toString()).toBe('0123456789');
    const part = await profile.read('a1.webp', { start: 2, end: 4 });
    expect(part?.range).toEqual({ start: 2, end: 4 });
    expect((await buffer(part!.body)).toString()).toBe('234');
    await expect(storage.read('profile/a1.webp', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);

    // A file being written (or left half-written by a crash) is never listed.
    await fs.writeFile(path.join(root, 'profile', 'b2.webp.part'), 'half');
    const listed = [];
    for await (const entry of storage.list()) listed.push(entry);
    expect(listed).toEqual([{ key: 'profile/a1.webp', size: 10 }]);
    const inFolder = [];
    for await (const entry of profile.list()) inFolder.push(entry.key);
    expect(inFolder).toEqual(['a1.webp']);

    await profile.delete('a1.webp');
    await profile.delete('a1.webp');
    expect(await storage.read('profile/a1.webp')).toBeNull();
    expect(await storage.exists('profile/a1.webp')).toBe(false);
  });

  it('refuses a key that is not one, before touching the disk', async () => {
    await expect(storage.put('../escaped.txt', Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
    await expect(storage.read('profile/../../etc/passwd')).rejects.toThrow(/Not a storage key/);
    expect(() => storage.folder('..')).toThrow(/Not a storage key/);
    await expect(fs.access(path.join(root, '..', 'escaped.txt'))).rejects.toThrow();
  });
});
