import { constants as zlibConstants } from 'node:zlib';

/** Below 1 KB compressing saves less than the headers and the work cost. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's default quality 11 costs milliseconds per response; 4 keeps most of the gain for JSON compressed per
 * request. A cached answer is compressed once per copy, so it affords one step more.
 */
export const brotliOptions = (once: boolean) => ({
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: once ? 5 : 4 },
});
