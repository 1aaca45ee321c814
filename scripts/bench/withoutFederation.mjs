// The bench's non-federated shell (the price of federation): the same shell with every area imported statically
// into its own bundle, each still a lazy chunk of its own, built into shell/dist-static and never served in
// production. The shell's rspack.config.mjs hands its options here when DASH_NO_FEDERATION=1; the list of areas
// comes from shared-core/src/areas.json, so the shell's sources never import a remote.
import path from 'node:path';
import rspack from '@rspack/core';
import { AREAS, ROOT } from '../../tools/rspack/areas.mjs';
import { buildOne, COMMON_SOURCES, FRONT_ENDS, isBuiltFrom, recordBuild, sourceHash } from '../build.mjs';

const SHELL_DIR = path.join(ROOT, 'shell');
const STATIC_DIST = path.join(SHELL_DIR, 'dist-static');
const STATIC_ENTRY = path.join(STATIC_DIST, 'index.html');
/** The shell module that loads an area through Module Federation, and what takes its place here. */
const FEDERATED_LOADER = path.join(SHELL_DIR, 'src/federation/loadArea.ts');
/** Exists only inside the build (a virtual module): nothing is written to the source tree. */
const STATIC_LOADER = path.join(ROOT, 'scripts/bench/loadArea.static.generated.js');

/** Same export as shell/src/federation/loadArea.ts: an area's register entry, here from the shell's own bundle. */
function staticLoaderSource() {
  const registers = AREAS.map(
    (area) =>
      `  ${JSON.stringify(area.name)}: () => import(${JSON.stringify(path.join(ROOT, area.name, 'src/register.tsx'))}),`,
  );
  return [
    'const REGISTERS = {',
    ...registers,
    '};',
    'export async function loadRegister(config, _force) {',
    '  const load = REGISTERS[config.name];',
    '  return load ? load() : null;',
    '}',
    '',
  ].join('\n');
}

/**
 * The shell's createConfig options turned into the non-federated build's.
 * @param {Parameters<typeof import('../../tools/rspack/createConfig.mjs').createConfig>[0]} options
 */
export function withoutFederation(options) {
  return {
    ...options,
    federation: false,
    distDir: 'dist-static',
    alias: { ...options.alias, [FEDERATED_LOADER]: STATIC_LOADER },
    plugins: [
      ...(options.plugins ?? []),
      new rspack.experiments.VirtualModulesPlugin({ [STATIC_LOADER]: staticLoaderSource() }),
    ],
  };
}

/** Every front end's sources and this file: the non-federated shell holds them all. */
function staticSources() {
  return [
    ...FRONT_ENDS.flatMap((name) => [`${name}/src`, `${name}/rspack.config.mjs`, `${name}/package.json`]),
    ...COMMON_SOURCES,
    'scripts/bench/withoutFederation.mjs',
  ];
}

/** Builds shell/dist-static; `ifNeeded`: only when its sources changed since the last such build. */
export async function buildWithoutFederation({ ifNeeded = false } = {}) {
  const hash = sourceHash(staticSources());
  if (ifNeeded && isBuiltFrom(STATIC_DIST, STATIC_ENTRY, hash)) return;
  await buildOne('shell', { DASH_NO_FEDERATION: '1' });
  recordBuild(STATIC_DIST, STATIC_ENTRY, hash);
}
