// The product areas as declared in shared-core/src/areas.json, for what runs on plain Node (rspack configurations,
// scripts/build.mjs, scripts/dev.mjs, the bench): the same data the browser and the server read through areas.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @type {readonly { name: string, scope: string, devPort: number, public: boolean, audience?: string, featureFlag?: string, permissions: string[], pathPrefixes: string[], titleKey: string }[]} */
export const AREAS = JSON.parse(readFileSync(path.join(ROOT, 'shared-core/src/areas.json'), 'utf8')).areas;

/** Every front end built for production: the shell, then one remote per area. */
export const FRONT_ENDS = ['shell', ...AREAS.map((area) => area.name)];

/** The area whose remote lives in the folder of that name; a folder without a declaration is an error. */
export function declaredArea(folderName) {
  const area = AREAS.find((candidate) => candidate.name === folderName);
  if (!area) {
    throw new Error(
      `${folderName} is not declared in shared-core/src/areas.json (docs/architecture.md, "Adding an area")`,
    );
  }
  return area;
}
