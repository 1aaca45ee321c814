/**
 * Publishes one area as a release (docs/releases.md): builds only that area, checks that it fits the shell and the
 * server of this checkout, and stores it in the release store beside the earlier releases. Nothing else is built or
 * restarted; which client gets the release is chosen afterwards (licensee console, or `npm run release:use`).
 *
 *   npm run release -w mf-elearnings -- [--version 1.4.0] [--source <folder>] [--dist <folder>] [--force]
 *
 *   --version  the release's version (default: the area's package.json)
 *   --source   build from another copy of the area's folder (a branch or tag checked out inside the repository)
 *   --dist     publish a build made elsewhere (a CI job's output) instead of building
 *   --server   check against a running deployment (its GET /api/bootstrap/platform) instead of this checkout
 *   --force    store a release that does not fit (its problems are kept with it, and the shell refuses to load it)
 *
 * The store: RELEASE_STORE_DIR, else <DATA_DIR>/releases (as the server). Exit 1 when the release is refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AREAS, type PlatformResponse } from '@dash/shared-core';
import { AREA_CONTRACTS } from '@dash/shared-core/area-contracts';
import { loadConfig, REPO_ROOT } from '../server/src/config';
import { platformFacts } from '../server/src/core/releases/platform';
import { isVersion, storeRelease } from '../server/src/core/releases/store';
import { type PlatformFacts, releaseProblems, sharedOfManifest } from '../tools/release/compatibility.mjs';
import { buildOne } from './build.mjs';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    area: { type: 'string' },
    version: { type: 'string' },
    source: { type: 'string' },
    dist: { type: 'string' },
    server: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
// `npm run release -w mf-start` runs in the area's folder.
const areaName = values.area ?? path.basename(process.cwd());
const area = AREAS.find((candidate) => candidate.name === areaName);
if (!area)
  fail(
    `Usage: npm run release -w <area> -- [--version x.y.z] [--force]; areas: ${AREAS.map((a) => a.name).join(', ')}`,
  );
const areaPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, area.name, 'package.json'), 'utf8')) as {
  version: string;
};
const version = values.version ?? areaPackage.version;
if (!isVersion(version)) fail(`${version} is no version (1.4.0, 1.4.0-rc.1).`);

/** What a running deployment says a release must fit. */
async function platformOf(server: string): Promise<PlatformFacts> {
  const response = await fetch(new URL('/api/bootstrap/platform', server));
  if (!response.ok) fail(`${server} answered ${response.status} for its platform.`);
  const platform = (await response.json()) as PlatformResponse;
  return {
    shared: platform.shellShared ?? undefined,
    contracts: Object.fromEntries(platform.contracts.map(({ area, current, oldest }) => [area, { current, oldest }])),
  };
}

const config = loadConfig();
let built = values.dist ? path.resolve(values.dist) : null;
const temporary = built ? null : mkdtempSync(path.join(os.tmpdir(), `release-${area.name}-`));
try {
  if (!built && temporary) {
    const source = values.source ? path.resolve(values.source) : null;
    if (source && !existsSync(path.join(source, 'src', 'register.tsx')))
      fail(`${source} holds no area (src/register.tsx).`);
    await buildOne(area.name, { DASH_OUT_DIR: temporary, ...(source ? { DASH_AREA_DIR: source } : {}) });
    built = temporary;
  }
  if (!built) fail('Nothing to publish.');
  const manifestFile = path.join(built, 'mf-manifest.json');
  if (!existsSync(manifestFile)) fail(`${built} holds no build of an area (mf-manifest.json is missing).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest?.name !== area.scope)
    fail(`${built} is a build of ${manifest?.name}, not of ${area.name} (${area.scope}).`);
  const facts = {
    area: area.name,
    version,
    contract: AREA_CONTRACTS[area.name]?.current ?? 1,
    shared: sharedOfManifest(manifest),
  };
  const platform = values.server ? await platformOf(values.server) : platformFacts(config.staticRoot);
  if (!platform.shared) {
    console.warn(
      'The shell is not built here: the shared packages are checked again by the server and in the browser.',
    );
  }
  const problems = releaseProblems(facts, platform);
  if (problems.length > 0 && !values.force) {
    fail(
      `${area.name} ${version} does not fit and was not published:\n  - ${problems.join('\n  - ')}\n(--force stores it anyway)`,
    );
  }
  const { outcome, release } = storeRelease(config.releaseStoreDir, built, { ...facts, forcedPast: problems });
  console.log(
    outcome === 'stored'
      ? `published ${area.name} ${release.id} to ${path.join(config.releaseStoreDir, area.name, release.id)}`
      : `${area.name} ${release.id} is in the store already`,
  );
  if (problems.length > 0) console.warn(`stored although it does not fit:\n  - ${problems.join('\n  - ')}`);
} finally {
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
