// Writes docs/permissions.md from the role table in shared-core and the record of each area's API contract
// (shared-core/src/areaContracts.snapshot.json, scripts/contractSnapshot.ts) (run: `npm run docs`); unit tests fail when
// a committed file differs, so neither can drift from the code. A change that breaks a contract version still served
// is refused here: raise the area's `current` in shared-core/src/areaContracts.json (docs/releases.md).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPermissionsMarkdown } from '../shared-core/src/docs/permissionsTable';
import { nextSnapshot, readSnapshot, renderSnapshot, SNAPSHOT_FILE } from './contractSnapshot';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(path.join(root, 'docs', 'permissions.md'), renderPermissionsMarkdown());
console.log('docs/permissions.md written');

const { snapshot, breaking } = nextSnapshot(root, readSnapshot(root));
if (breaking.length > 0) {
  console.error(
    `These changes break a contract version still served (docs/releases.md):\n  - ${breaking.join('\n  - ')}\n` +
      'Make the change additive, or raise the area\'s "current" in shared-core/src/areaContracts.json (and "oldest" once the old form is no longer answered).',
  );
  process.exit(1);
}
writeFileSync(path.join(root, SNAPSHOT_FILE), renderSnapshot(snapshot));
console.log(`${SNAPSHOT_FILE} written`);
