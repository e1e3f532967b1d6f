import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  UPLOAD_LARGEST_WIDTH,
  UPLOAD_MAX_PIXELS,
  UPLOAD_WIDTHS,
  uploadVariantName,
} from '../../../src/contract/uploads.js';
import { HttpError } from '../plugins/error-handler.js';
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
 * a new random name in `folderPath`. Turned the way its EXIF orientation says, it keeps none of its metadata (GPS
 * position, camera, names). Refused (400 or 413, naming `file`) with nothing written: a file that is not a JPEG, PNG
 * or WebP by its bytes, one of more than UPLOAD_MAX_PIXELS, or one that does not decode to the end.
 */
export async function storeImage(bytes: Buffer, folderPath: string): Promise<StoredImage> {
  // The cheap checks refuse before the queue; the decode waits its turn.
  await checkImage(bytes);
  return imageWork.run(() => encodeImage(bytes, folderPath));
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
async function encodeImage(bytes: Buffer, folderPath: string): Promise<StoredImage> {
  const id = randomBytes(16).toString('hex');
  const name = `${id}.webp`;
  await mkdir(folderPath, { recursive: true });
  const targets = uploadFiles(folderPath, name);
  const written: string[] = [];
  try {
    // failOn 'warning' (the default, stated): a truncated or corrupt file fails here instead of being stored half.
    const decoded = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: UPLOAD_LARGEST_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: decodedWidth, height: decodedHeight, channels } = decoded.info;
    const pixels = sharp(decoded.data, { raw: { width: decodedWidth, height: decodedHeight, channels } });
    let largest = { width: 0, height: 0 };
    for (const [index, width] of UPLOAD_WIDTHS.entries()) {
      const partial = `${targets[index]}.part`;
      written.push(partial);
      const info = await pixels
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(partial);
      if (width === UPLOAD_LARGEST_WIDTH) largest = { width: info.width, height: info.height };
    }
    for (const target of targets) {
      await rename(`${target}.part`, target);
      written.push(target);
    }
    return { name, ...largest };
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
}

/** Every file of the stored image `name` in `folderPath` (one per width). */
export function uploadFiles(folderPath: string, name: string): string[] {
  return UPLOAD_WIDTHS.map((width) => path.join(folderPath, uploadVariantName(name, width)));
}

/** Deletes every file of the stored image `name` (a file already gone is no error). */
export async function removeImage(folderPath: string, name: string): Promise<void> {
  await Promise.all(uploadFiles(folderPath, name).map((file) => rm(file, { force: true })));
}
