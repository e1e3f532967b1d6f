import { UPLOAD_LARGEST_WIDTH, UPLOAD_MAX_BYTES } from '@/contract/uploads';
import { upload_not_an_image } from '@/paraglide/messages/upload_not_an_image.js';
import { upload_too_large } from '@/paraglide/messages/upload_too_large.js';

/** What the browser says of a file it will not send: the person is told why, next to the button, before any upload. */
export class ImageRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefusal';
  }
}

/**
 * The server's own words for a file over the limit (server/src/lib/image-upload.ts), said here before sending, in
 * the page's language.
 */
export const IMAGE_TOO_LARGE = upload_too_large;
export const NOT_AN_IMAGE = upload_not_an_image;

/**
 * Quality of the shrunk photo. The server stores every width as WebP at 80 from what it receives: 0.9 leaves it
 * enough to work from, and a 12-megapixel camera photo of 4-10 MB leaves the phone as 300-700 KB.
 */
const QUALITY = 0.9;

/**
 * The photo as it is worth sending: one no wider than the largest width the server keeps (UPLOAD_LARGEST_WIDTH) and
 * within UPLOAD_MAX_BYTES goes as it is; a larger one is drawn at that width and sent as WebP (JPEG where the browser
 * cannot write WebP). A camera photo of 10 MB would otherwise take minutes on a phone's upload, only for the server
 * to throw away all but 1600 pixels of its width. Refused with ImageRefusal: a file the browser cannot read as an
 * image, or one still over the limit once shrunk. The server checks all of it again.
 */
export async function shrinkImage(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageRefusal(NOT_AN_IMAGE());
  }
  try {
    const fits = bitmap.width <= UPLOAD_LARGEST_WIDTH && file.size <= UPLOAD_MAX_BYTES;
    if (fits && /^image\/(jpeg|png|webp)$/.test(file.type)) return file;
    const width = Math.min(bitmap.width, UPLOAD_LARGEST_WIDTH);
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    const blob = await encode(bitmap, width, height);
    if (!blob || blob.size > UPLOAD_MAX_BYTES) throw new ImageRefusal(IMAGE_TOO_LARGE());
    const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${extension}`;
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** The bitmap drawn at `width` × `height`, as WebP, or JPEG where the browser writes no WebP (Safari gives PNG). */
async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null) => {
    if (!context) return false;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return true;
  };
  const written = (blob: Blob | null) => (blob && /^image\/(webp|jpeg)$/.test(blob.type) ? blob : null);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    if (!draw(canvas.getContext('2d'))) return null;
    const webp = written(await canvas.convertToBlob({ type: 'image/webp', quality: QUALITY }));
    return webp ?? written(await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY }));
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  if (!draw(canvas.getContext('2d'))) return null;
  const toBlob = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob((blob) => resolve(written(blob)), type, QUALITY));
  return (await toBlob('image/webp')) ?? (await toBlob('image/jpeg'));
}
