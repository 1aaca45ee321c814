import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

export default createConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf-company',
  scope: 'mf_company',
  devPort: 3006,
});
