import { areaConfig } from '../tools/rspack/createConfig.mjs';

// Name, scope and dev port: this folder's declaration in shared-core/src/areas.json.
export default areaConfig(import.meta.url);
