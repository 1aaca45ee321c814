import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's source folder, whether this code runs from it (tsx in tests and development) or compiled into one
 * file in `server/dist/` (production, `npm start`): both sit one level below `server/`. Migrations and the demo
 * course files are read from the sources in both cases, so that there is one copy of each.
 */
export const SERVER_SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
