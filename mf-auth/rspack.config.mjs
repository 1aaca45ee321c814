import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

export default createConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf-auth',
  scope: 'mf_auth',
  devPort: 3001,
});
