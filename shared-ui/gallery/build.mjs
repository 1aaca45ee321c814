import { rspack } from '@rspack/core';
import config from './rspack.config.mjs';

/** Builds the gallery with rspack's JS API; resolves with the output folder. */
export function buildGallery() {
  return new Promise((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(config.output.path);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = await buildGallery();
  console.log(`Gallery built into ${dist}`);
}
