import { AREAS, BUNDLED_RELEASE_ID, type RemoteConfig } from '@dash/shared-core';
import { remoteUrlVariable, type ServerConfig } from '../../config';
import type { Queryable } from '../db/database';
import { choicesOfScope, effectiveChoices, scopeOfSession } from './choices';
import { problemsOfRelease } from './platform';
import { readRelease } from './store';

type RemotesConfig = Pick<ServerConfig, 'remoteUrlOverrides' | 'releaseStoreDir' | 'releaseBaseUrl' | 'staticRoot'>;

/**
 * The deployment's own build of each area: where it lives is decided here, at run time, never in the shell's build
 * (`/remotes/<area>/`, or the URL of REMOTE_URL_<AREA>).
 */
export function bundledRemotes(config: Pick<ServerConfig, 'remoteUrlOverrides'>): RemoteConfig[] {
  return AREAS.map((area) => ({
    name: area.name,
    scope: area.scope,
    manifestUrl: config.remoteUrlOverrides[remoteUrlVariable(area.name)] ?? `/remotes/${area.name}/mf-manifest.json`,
    public: area.public,
    audience: area.audience,
    featureFlag: area.featureFlag,
    permissions: area.permissions,
  }));
}

/**
 * The remotes with the chosen releases in place of the deployment's build (area -> release id). A release the store
 * no longer has falls back to the deployment's build; one that does not fit is handed out with its problems, which the
 * shell shows in the area's error panel instead of loading it.
 */
export function remotesWithReleases(config: RemotesConfig, chosen: ReadonlyMap<string, string>): RemoteConfig[] {
  return bundledRemotes(config).map((remote) => {
    const id = chosen.get(remote.name);
    if (!id || id === BUNDLED_RELEASE_ID) return remote;
    const release = readRelease(config.releaseStoreDir, remote.name, id);
    if (!release) return remote;
    return {
      ...remote,
      manifestUrl: `${config.releaseBaseUrl}/${remote.name}/${id}/mf-manifest.json`,
      release: { id, version: release.version, problems: problemsOfRelease(release, config.staticRoot) },
    };
  });
}

/**
 * The remotes for one page load (docs/releases.md): the releases chosen for the session's client, else its licensee
 * (a visitor: the host's licensee), else the defaults. Read from the database at every page load, so a choice (and a
 * rollback) reaches the next page load on every instance.
 */
export async function remotesForPage(
  db: Queryable,
  config: RemotesConfig,
  page: { sessionToken: string | undefined; hostLicenseeUuid: string | null },
): Promise<RemoteConfig[]> {
  const scope = await scopeOfSession(db, page.sessionToken, page.hostLicenseeUuid);
  return remotesWithReleases(config, effectiveChoices(await choicesOfScope(db, scope)));
}
