import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

export default createConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf-profile',
  scope: 'mf_profile',
  devPort: 3003,
});
