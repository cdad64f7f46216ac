import { minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * Runs terser (its compressor three passes) over the browser's scripts after Vite's own minifier.
 * Each finds what the other leaves: on this site's entry script (on Preact) the two together give
 * 15,921 bytes brotli, Vite's alone 16,618 (measured on the built script), 4 % less for every
 * visitor at a cost of about two seconds of build.
 */
export function secondMinifierPass(): Plugin {
  return {
    name: 'second-minifier-pass',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      await Promise.all(
        chunks.map(async (chunk) => {
          const { code } = await minify(chunk.code, {
            module: true,
            ecma: 2020,
            compress: { passes: 3 },
          });
          if (code === undefined) throw new Error(`terser returned nothing for ${chunk.fileName}`);
          chunk.code = code;
        }),
      );
    },
  };
}
