import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

export default createConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf-elearnings',
  scope: 'mf_elearnings',
  devPort: 3004,
});
