import { constants as zlib, type BrotliOptions } from 'node:zlib';

/**
 * How the build compresses a text file with brotli (the smallest file brotli makes), shared with
 * the byte budget so that it measures what the build writes.
 */
export const brotliOptions = (length: number): BrotliOptions => ({
  params: {
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: length,
  },
});
