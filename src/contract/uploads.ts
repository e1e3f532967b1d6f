import { z } from 'zod/mini';

/** The folders images are uploaded to and served from, one per kind of content. */
export const uploadFolders = ['banner', 'settings', 'inside', 'section', 'product', 'directory', 'profile'] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/** At most 5 MB per upload. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** A member adds at most this many photos an hour (each is decoded and written three times over). */
export const MEMBER_UPLOADS_PER_HOUR = 30;
/** At most 40 megapixels: a larger image (a decompression bomb among them) is refused before it is decoded. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * The widths an upload is stored in. The image's own name holds the largest; each smaller one is `<name>-<w>w.webp`,
 * so that a phone's `srcset` picks the small file.
 */
export const UPLOAD_WIDTHS = [400, 800, 1600] as const;
export const UPLOAD_LARGEST_WIDTH = 1600;

/** The name of an uploaded image: 32 hex digits and `.webp` (seeded images keep their own names). */
const uploadedName = /^([0-9a-f]{32})\.webp$/;

/** The file of an uploaded image at `width` (the largest is the image's own name). */
export function uploadVariantName(name: string, width: number): string {
  return width === UPLOAD_LARGEST_WIDTH ? name : name.replace(/\.webp$/, `-${width}w.webp`);
}

/** Whether `name` is an image uploaded through the back office, stored in every width of UPLOAD_WIDTHS. */
export function isUploadedName(name: string): boolean {
  return uploadedName.test(name);
}

export const uploadResponseSchema = z.object({
  data: z.object({
    /** The name to save in a banner, product or setting. */
    name: z.string(),
    folder: z.enum(uploadFolders),
    width: z.int(),
    height: z.int(),
  }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** What a home page's first banner is shown at: the full width of the screen. */
export const BANNER_IMAGE_SIZES = '100vw';

/**
 * The `srcset` of an uploaded image, each width's file addressed by `urlOf`; undefined for an image that is not an
 * upload (a seeded one has a single file).
 */
export function uploadSrcSet(name: string, urlOf: (file: string) => string): string | undefined {
  if (!isUploadedName(name)) return undefined;
  return UPLOAD_WIDTHS.map((width) => `${urlOf(uploadVariantName(name, width))} ${width}w`).join(', ');
}
