// Import boundaries of the dashboard, checked by dependency-cruiser (`npm run lint`).
// Dependencies flow remotes (mf-*) -> shared-ui -> shared-core, shell -> shared-ui -> shared-core, server -> shared-core;
// inside the server: areas (modules) -> transport (http) -> cross-cutting services (core).
// Paths are the resolved files, relative to the repository root: `@dash/shared-ui` is `shared-ui/src/index.ts`.
// Parser: swc, because dependency-cruiser's tsc parser needs TypeScript's JavaScript API, which TypeScript 7 no longer
// has. swc counts type-only imports as imports too: a type-only import across a boundary ties the two sides together
// all the same, and a circle of type imports still ties modules that should stand alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// dependency-cruiser (17.4) parses every file with swc's TypeScript syntax without JSX, which fails on .tsx files:
// turn JSX on for those (the same module object is the one dependency-cruiser imports).
const swc = createRequire(import.meta.url)('@swc/core');
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (fileName, options) => parseFileSync(fileName, { ...options, tsx: fileName.endsWith('.tsx') });

/** A remote's own folder (group 1 in `from.path`), so `$1` in `to.pathNot` means "the same remote". */
const REMOTE = '^(mf-[^/]+)/';
const REMOTES = '^mf-[^/]+/';
const SHELL = '^shell/';
const SERVER = '^server/';
const SHARED_UI = '^shared-ui/';
const REACT = ['^node_modules/react/', '^node_modules/react-dom/'];
const REACT_ROUTER = ['^node_modules/react-router/', '^node_modules/react-router-dom/'];
/** The folders of shared-ui's separate shared entries (`./src/<folder>/index.ts` in its package.json `exports`). */
const sharedUiExports = JSON.parse(readFileSync(new URL('shared-ui/package.json', import.meta.url), 'utf8')).exports;
const sharedUiEntryFolders = Object.values(sharedUiExports).flatMap(
  (target) => /^\.\/src\/([^/]+)\/index\.ts$/.exec(target)?.slice(1) ?? [],
);
const SHARED_UI_ENTRIES = `^shared-ui/src/(${sharedUiEntryFolders.join('|')})/`;
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'remote-to-remote-shell-or-server',
      comment:
        'A remote never imports another remote, the shell or the server: shared code belongs in shared-ui or shared-core.',
      severity: 'error',
      from: { path: REMOTE },
      to: { path: [REMOTES, SHELL, SERVER], pathNot: '^$1/' },
    },
    {
      name: 'remote-to-react-router',
      comment: "Take router APIs from @dash/shared-ui: the shell's one router, shipped once.",
      severity: 'error',
      from: { path: REMOTES },
      to: { path: REACT_ROUTER },
    },
    {
      name: 'shell-to-remote',
      comment:
        'The shell loads the remotes through Module Federation at run time and never imports their code: a static import would build the area into the shell.',
      severity: 'error',
      from: { path: SHELL },
      to: { path: REMOTES },
    },
    {
      name: 'shared-ui-to-dependents',
      comment:
        "shared-ui depends on shared-core's browser entry only (dependencies flow remotes -> shared-ui -> shared-core): no shell, remote or server code, no zod contract.",
      severity: 'error',
      from: { path: SHARED_UI },
      to: { path: [REMOTES, SHELL, SERVER, '^shared-core/src/contract/', '^node_modules/zod/'] },
    },
    {
      name: 'shared-ui-entry-to-shared-ui',
      comment:
        "A separate shared entry of shared-ui takes state, texts and router APIs from '@dash/shared-ui' (the singleton): a relative import out of its folder would copy them into this entry's chunk, a second store or router in another remote's build.",
      severity: 'error',
      from: { path: SHARED_UI_ENTRIES, pathNot: TESTS },
      to: { pathNot: '^shared-ui/src/$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'shared-ui-entry-to-react-router',
      comment: "A separate shared entry of shared-ui takes router APIs from '@dash/shared-ui' (the singleton).",
      severity: 'error',
      from: { path: SHARED_UI_ENTRIES, pathNot: TESTS },
      to: { path: REACT_ROUTER },
    },
    {
      name: 'shared-core-to-react-or-dependents',
      comment:
        'shared-core holds rules and contracts only: no React and no imports from the packages that depend on it.',
      severity: 'error',
      from: { path: '^shared-core/' },
      to: { path: [...REACT, ...REACT_ROUTER, SHARED_UI, REMOTES, SHELL, SERVER] },
    },
    {
      name: 'server-to-front-ends',
      comment: 'The server depends on shared-core only: no React, no shell, remote or shared-ui code.',
      severity: 'error',
      from: { path: SERVER },
      to: { path: [...REACT, SHARED_UI, REMOTES, SHELL] },
    },
    {
      name: 'server-http-to-modules',
      comment:
        'The transport layer (server/src/http) serves every area and knows none: an area plugs its routes and hooks in, not the other way round.',
      severity: 'error',
      from: { path: '^server/src/http/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'server-core-to-modules-or-http',
      comment:
        'The cross-cutting services (server/src/core: database, mail, audit, jobs, tasks, events, access) know neither the areas nor the transport.',
      severity: 'error',
      from: { path: '^server/src/core/' },
      to: { path: ['^server/src/modules/', '^server/src/http/'] },
    },
    {
      name: 'no-circular',
      comment:
        'No import circles (type-only imports included): a circle makes the order in which modules initialise depend on who imports first, and ties modules that should stand alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment:
        'Every import resolves to a file: a module the check cannot find is one no rule above can see. ' +
        "react-i18next-source is the bundler's alias for the real package (tools/rspack/createConfig.mjs).",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^react-i18next-source$' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    // Build output and test artefacts (.gitignore), not a package's `dist` in node_modules, which is a dependency.
    exclude: {
      path: [
        '^(shared-core|shared-ui|shell|mf-[^/]+|server|e2e)/(dist|dist-static|\\.data|test-results|playwright-report)/',
        '^(\\.data|\\.tmp|test-results|playwright-report|bench-results|dist-static)/',
      ],
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
