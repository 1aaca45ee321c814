import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../tools/rspack/createConfig.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));
// The bench's non-federated build (issue 18: the price of federation): every area imported statically, built into
// dist-static. Never served in production.
const noFederation = process.env.DASH_NO_FEDERATION === '1';

export default createConfig({
  dirname,
  name: 'shell',
  scope: 'shell',
  devPort: 3000,
  host: true,
  federation: !noFederation,
  distDir: noFederation ? 'dist-static' : 'dist',
  alias: noFederation
    ? { [path.join(dirname, 'src/federation/loadArea.ts')]: path.join(dirname, 'src/federation/loadArea.static.ts') }
    : undefined,
});
