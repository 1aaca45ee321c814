// Production builds write a gzip (`.gz`) and a brotli (`.br`) copy beside every JS and CSS file they emit; the server
// sends those by the request's Accept-Encoding (server/src/http/static.ts, @fastify/static's `preCompressed`) instead
// of compressing each response again, at levels too slow per request, with Node's own zlib: gzip level 9 and brotli
// quality 10. Measured on all parts' 4.0 MB of JS and CSS: gzip 9 0.5 s CPU; brotli 11 6.0 s CPU, brotli 10 2.5 s for
// 1.9 % more bytes (brotli 7-9 are slower than 10 and larger). zopfli saved a few percent more gzip bytes but took the
// whole build from 49 s to 2 min. index.html is left out: the server writes the boot data into it on every request.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The files that get compressed copies, and the smallest worth it (the server compresses nothing below 1 KB). */
export const PRECOMPRESSED_FILES = /\.(?:js|css)$/;
export const PRECOMPRESS_MIN_BYTES = 1024;

/** See above: 11 (the maximum) costs 2.4 times the CPU for 1.9 % fewer bytes. */
const BROTLI_QUALITY = 10;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The two compressed copies of one file's contents. */
export async function compressedCopies(contents) {
  const [gz, br] = await Promise.all([
    gzip(contents, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(contents, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
      },
    }),
  ]);
  return { gz, br };
}

/** Writes `<file>.gz` and `<file>.br` beside each emitted JS and CSS file of at least PRECOMPRESS_MIN_BYTES. */
export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      const files = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => PRECOMPRESSED_FILES.test(name));
      // Node's zlib runs these on its thread pool, several at a time.
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outputPath, name);
          const contents = await readFile(file);
          if (contents.length < PRECOMPRESS_MIN_BYTES) return;
          const { gz, br } = await compressedCopies(contents);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    });
  }
}
