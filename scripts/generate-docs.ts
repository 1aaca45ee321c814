// Writes docs/permissions.md from the role table in shared-core (run: `npm run docs`); a unit test fails when the
// committed file differs, so the documentation cannot drift from the code.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPermissionsMarkdown } from '../shared-core/src/docs/permissionsTable';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(path.join(root, 'docs', 'permissions.md'), renderPermissionsMarkdown());
console.log('docs/permissions.md written');
