import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  UPLOAD_LARGEST_WIDTH,
  UPLOAD_MAX_PIXELS,
  UPLOAD_WIDTHS,
  uploadVariantName,
} from '../../../src/contract/uploads.js';
import { HttpError } from '../plugins/error-handler.js';
import type { Storage } from './storage.js';
import { WorkQueue } from './work-queue.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * The format an upload's first bytes say it is: JPEG, PNG or WebP, whatever its name or declared type claim.
 * Anything else (SVG, an executable, a text file) is null.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface StoredImage {
  name: string;
  width: number;
  height: number;
}

/**
 * Images being decoded and encoded, and images waiting. libvips runs each on as many threads as there are cores, and
 * a 40-megapixel decode holds ~160 MB: as with password hashing (lib/passwords.ts), two run at once and eight more
 * wait (a few seconds' work); an upload beyond that is refused with 503 and Retry-After, nothing written.
 */
export const IMAGES_IN_FLIGHT = 2;
export const IMAGES_WAITING = 8;
export const imageWork = new WorkQueue(IMAGES_IN_FLIGHT, IMAGES_WAITING);

const unreadable = () => new HttpError(400, 'The image could not be read: it may be damaged or incomplete', 'file');

/**
 * Checks an uploaded image and stores it re-encoded as WebP in every width of UPLOAD_WIDTHS (never enlarged), under
 * a new random name in `folder` (a folder of the store, lib/storage.ts). Turned the way its EXIF orientation says, it
 * keeps none of its metadata (GPS position, camera, names). Refused (400 or 413, naming `file`) with nothing written:
 * a file that is not a JPEG, PNG or WebP by its bytes, one of more than UPLOAD_MAX_PIXELS, or one that does not
 * decode to the end. A store that cannot be reached fails the upload with nothing left behind.
 */
export async function storeImage(bytes: Buffer, folder: Storage): Promise<StoredImage> {
  // The cheap checks refuse before the queue; the decode waits its turn. Writing to the store (a bucket may be a
  // network away) happens after the turn: the queue is for the processor's work.
  await checkImage(bytes);
  const encoded = await imageWork.run(() => encodeImage(bytes));
  const id = randomBytes(16).toString('hex');
  const name = `${id}.webp`;
  const files = uploadFiles(name);
  try {
    // Smallest first (UPLOAD_WIDTHS rises), the image's own name last: once it exists, which is what
    // assertUploaded asks, every width does.
    for (const [index, file] of files.entries()) await folder.put(file, encoded.widths[index]!, 'image/webp');
  } catch (error) {
    // Nothing is left behind; the store's own reason is logged as the request's failure.
    await removeImage(folder, name).catch(() => {});
    throw error;
  }
  return { name, width: encoded.width, height: encoded.height };
}

/** Refuses what is not a JPEG, PNG or WebP by its bytes, or declares more than UPLOAD_MAX_PIXELS in its header. */
async function checkImage(bytes: Buffer): Promise<void> {
  if (!sniffImageFormat(bytes)) {
    throw new HttpError(400, 'Upload a JPEG, PNG or WebP image', 'file');
  }
  // The header alone says how large the image is: a bomb is refused before a single pixel is decoded. Reading the
  // header has no pixel limit of its own (sharp's default made a 50,000 × 50,000 PNG "unreadable", a 400): the
  // decode has UPLOAD_MAX_PIXELS.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!metadata.width || !metadata.height) throw unreadable();
  if (pixels > UPLOAD_MAX_PIXELS) {
    throw new HttpError(413, 'The image has more than 40 megapixels: make it smaller and upload it again', 'file');
  }
}

/**
 * Decodes the image once (turned, shrunk on load to the largest width) and makes every width from those pixels:
 * one pipeline, cloned per width. Decoding it once per width had tripled the work of every upload.
 */
async function encodeImage(bytes: Buffer): Promise<{ widths: Buffer[]; width: number; height: number }> {
  try {
    // failOn 'warning' (the default, stated): a truncated or corrupt file fails here instead of being stored half.
    const decoded = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: UPLOAD_LARGEST_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: decodedWidth, height: decodedHeight, channels } = decoded.info;
    const pixels = sharp(decoded.data, { raw: { width: decodedWidth, height: decodedHeight, channels } });
    const widths: Buffer[] = [];
    let largest = { width: 0, height: 0 };
    for (const width of UPLOAD_WIDTHS) {
      const { data, info } = await pixels
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      widths.push(data);
      if (width === UPLOAD_LARGEST_WIDTH) largest = { width: info.width, height: info.height };
    }
    return { widths, ...largest };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
}

/** The names of every file of the stored image `name` in its folder (one per width, as UPLOAD_WIDTHS). */
export function uploadFiles(name: string): string[] {
  return UPLOAD_WIDTHS.map((width) => uploadVariantName(name, width));
}

/** Deletes every file of the stored image `name` from `folder` (a file already gone is no error). */
export async function removeImage(folder: Storage, name: string): Promise<void> {
  await Promise.all(uploadFiles(name).map((file) => folder.delete(file)));
}
