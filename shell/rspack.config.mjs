import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

const options = {
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'shell',
  scope: 'shell',
  devPort: 3000,
  host: true,
};

// DASH_NO_FEDERATION=1: the bench's non-federated build into dist-static (scripts/bench/withoutFederation.mjs).
export default createConfig(
  process.env.DASH_NO_FEDERATION === '1'
    ? (await import('../scripts/bench/withoutFederation.mjs')).withoutFederation(options)
    : options,
);
