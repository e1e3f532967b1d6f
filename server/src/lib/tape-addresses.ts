import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Storage } from './storage.js';

/**
 * Short-lived signed addresses of a tape's files (docs/decisions/2026-11-28-tape-addresses.md). A `<video>` element
 * sends no bearer token, so the address itself carries the permission: the tape, the file, when it stops working,
 * and an HMAC-SHA256 of those three. Whoever may see the tape gets addresses from `GET /v1/tapes/:id`; an address
 * copied elsewhere stops working after `TAPE_ADDRESS_SECONDS`.
 *
 * The key is made once and kept in the store every process shares (`keys/tape-addresses`), so an address signed by
 * one process is good on every other, with nothing to configure.
 */

/** How long a signed address works: long enough to watch a 10-minute tape twice, seeking as one likes. */
export const TAPE_ADDRESS_SECONDS = 15 * 60;

/** The files of a ready tape, by their names under `tapes/<id>/`. */
export const tapeFileNames = ['720.mp4', '480.mp4', 'poster.jpg'] as const;
export type TapeFileName = (typeof tapeFileNames)[number];

const KEY_PATH = 'keys/tape-addresses';

export interface TapeSigner {
  /** The query of an address of `name` of tape `tapeId`, good until `now` + TAPE_ADDRESS_SECONDS. */
  sign(tapeId: number, name: TapeFileName, now?: Date): Promise<string>;
  /** Whether `expires` and `signature` were signed for `name` of `tapeId` and have not expired. */
  verify(tapeId: number, name: string, expires: number, signature: string, now?: Date): Promise<boolean>;
}

export function tapeSigner(storage: Storage): TapeSigner {
  let key: Promise<Buffer> | null = null;
  let reloadedAt = 0;

  async function storedKey(): Promise<Buffer> {
    const found = await storage.read(KEY_PATH);
    if (found) return Buffer.concat(await found.body.toArray());
    await storage.put(KEY_PATH, randomBytes(32), 'application/octet-stream');
    // Two processes starting at once may each write one: the one stored last is read back, and an address signed with
    // the other is checked again with it (`verify` reloads the key).
    const stored = await storage.read(KEY_PATH);
    if (!stored) throw new Error('The key of the tapes’ addresses could not be stored');
    return Buffer.concat(await stored.body.toArray());
  }

  function currentKey(reload = false): Promise<Buffer> {
    if (!key || reload) {
      key = storedKey();
      key.catch(() => (key = null));
    }
    return key;
  }

  const mac = (secret: Buffer, tapeId: number, name: string, expires: number) =>
    createHmac('sha256', secret).update(`${tapeId}/${name}/${expires}`).digest('base64url');

  return {
    async sign(tapeId, name, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + TAPE_ADDRESS_SECONDS;
      return `expires=${expires}&signature=${mac(await currentKey(), tapeId, name, expires)}`;
    },
    async verify(tapeId, name, expires, signature, now = new Date()) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      const given = Buffer.from(signature, 'base64url');
      const matches = (secret: Buffer) => {
        const expected = Buffer.from(mac(secret, tapeId, name, expires), 'base64url');
        return given.length === expected.length && timingSafeEqual(given, expected);
      };
      if (matches(await currentKey())) return true;
      // Another process may have stored the key this one did not read: read it again, at most once a minute.
      if (Date.now() - reloadedAt < 60_000) return false;
      reloadedAt = Date.now();
      return matches(await currentKey(true));
    },
  };
}
