import { constants as zlib, type BrotliOptions } from 'node:zlib';

/** Brotli at its smallest, for text; the byte budget measures with it what the build writes. */
export const brotliOptions = (length: number): BrotliOptions => ({
  params: {
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: length,
  },
});
