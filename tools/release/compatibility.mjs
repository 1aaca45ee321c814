// What makes a release of an area fit the shell and the server it meets (docs/releases.md). Plain JS, so that the
// release command (Node), the server and the shell (browser) check with the one rule.

/** The package a shared module belongs to: `@dash/shared-ui/table` -> `@dash/shared-ui`, `react-dom/client` -> `react-dom`. */
export function packageOf(moduleName) {
  const parts = moduleName.split('/');
  return moduleName.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? moduleName);
}

/** `19.3.1` -> [19, 3, 1]; anything else (a range, a tag) -> null. */
function parseVersion(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(String(version).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Does the shell's copy (`provided`) serve code built against `built`? Semver's caret: the same major version (below
 * 1.0 the same minor one, where minor versions may break), and not older than what the code was built with.
 */
export function versionFits(provided, built) {
  const have = parseVersion(provided);
  const need = parseVersion(built);
  if (!have || !need) return provided === built;
  if (have[0] !== need[0]) return false;
  if (have[0] === 0 && have[1] !== need[1]) return false;
  for (let index = 0; index < 3; index += 1) {
    if (have[index] !== need[index]) return have[index] > need[index];
  }
  return true;
}

/**
 * Package -> version a build's mf-manifest.json says it shares (the versions it was built with). Sub-paths of one
 * package (`@dash/shared-ui/table`) count once.
 * @param {{ shared?: { name: string, version: string }[] }} manifest
 * @returns {Record<string, string>}
 */
export function sharedOfManifest(manifest) {
  /** @type {Record<string, string>} */
  const shared = {};
  for (const module of manifest.shared ?? []) {
    if (typeof module?.name === 'string' && typeof module.version === 'string') {
      shared[packageOf(module.name)] = module.version;
    }
  }
  return shared;
}

/**
 * Why a release does not fit; empty when it does.
 * @param {{ area: string, contract: number, shared: Record<string, string> }} release
 * @param {{ shared?: Record<string, string>, contracts?: Record<string, { current: number, oldest: number }> }} platform
 *   what the shell shares (package -> version) and the contract versions the server serves per area; a part left out
 *   is not checked (the server does not know the shell's versions when the shell is not built, the browser does not
 *   check contracts).
 * @returns {string[]}
 */
export function releaseProblems(release, platform) {
  const problems = [];
  if (platform.shared) {
    for (const [name, built] of Object.entries(release.shared)) {
      const provided = platform.shared[name];
      if (provided !== undefined && !versionFits(provided, built)) {
        problems.push(`built with ${name} ${built}, the shell shares ${name} ${provided}`);
      }
    }
  }
  const served = platform.contracts?.[release.area];
  if (platform.contracts && !served) problems.push(`the server does not serve the area ${release.area}`);
  if (served && (release.contract < served.oldest || release.contract > served.current)) {
    const range = served.oldest === served.current ? `${served.current}` : `${served.oldest} to ${served.current}`;
    problems.push(`built against API contract ${release.contract} of ${release.area}, the server serves ${range}`);
  }
  return problems;
}
