import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

export default createConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf-start',
  scope: 'mf_start',
  devPort: 3002,
});
