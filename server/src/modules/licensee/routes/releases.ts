import { AREAS } from '@dash/shared-core';
import { BUNDLED_RELEASE_ID, ENDPOINTS, type LicenseeReleases } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database, Queryable } from '../../../core/db/database';
import { choicesOfScope, effectiveChoices, type ReleaseChoiceRow, setChoice } from '../../../core/releases/choices';
import { problemsOfRelease } from '../../../core/releases/platform';
import { readRelease, readReleases } from '../../../core/releases/store';
import type { LicenseeSessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { writeLicenseeAudit } from '../audit';

type ReleaseConfig = Pick<ServerConfig, 'releaseStoreDir' | 'staticRoot'>;

/** One of the licensee's clients (404 Client.NotFound for another licensee's: it answers as one that does not exist). */
async function clientOfLicensee(db: Queryable, licenseeUuid: string, clientUuid: string) {
  const [client] = await db.query<{ uuid: string; identifier: string }>(
    'SELECT uuid, identifier FROM client WHERE uuid = $1 AND licensee_uuid = $2',
    [clientUuid, licenseeUuid],
  );
  if (!client) throw new ApiHttpError(404, 'Client.NotFound');
  return client;
}

async function readChoices(
  db: Queryable,
  config: ReleaseConfig,
  licenseeUuid: string,
  clientUuid: string | null,
): Promise<LicenseeReleases> {
  const rows = await choicesOfScope(db, { licenseeUuid, clientUuid });
  const pick = (area: string, level: (row: ReleaseChoiceRow) => boolean) =>
    rows.find((row) => row.area === area && level(row))?.release_id ?? null;
  const effective = effectiveChoices(rows);
  return {
    areas: AREAS.map((area) => ({
      area: area.name,
      releases: readReleases(config.releaseStoreDir, area.name).map((release) => ({
        id: release.id,
        version: release.version,
        publishedAt: release.publishedAt,
        problems: problemsOfRelease(release, config.staticRoot),
      })),
      defaultRelease: pick(area.name, (row) => !row.licensee_uuid && !row.client_uuid),
      licenseeRelease: pick(area.name, (row) => row.licensee_uuid === licenseeUuid),
      clientRelease: clientUuid ? pick(area.name, (row) => row.client_uuid === clientUuid) : null,
      effective: effective.get(area.name) ?? BUNDLED_RELEASE_ID,
    })),
  };
}

/**
 * Which release of each area the licensee's clients get (docs/releases.md): the operator's default, the licensee's
 * choice for all its clients, a client's own. Read by the licensee's admins and changed by them; a choice reaches the
 * next page load on every instance (the page reads the choices at every load, core/releases/remotes.ts). Only a
 * release that fits this server and its shell can be chosen (409 Release.Incompatible).
 */
export function registerReleaseRoutes(app: FastifyInstance, db: Database, config: ReleaseConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeReleases, async ({ body, session }) => {
    if (body.clientUuid) await clientOfLicensee(db, session.licenseeUuid, body.clientUuid);
    return readChoices(db, config, session.licenseeUuid, body.clientUuid);
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeReleaseChoose, async ({ body, session }) => {
    if (body.release !== null && body.release !== BUNDLED_RELEASE_ID) {
      const release = readRelease(config.releaseStoreDir, body.area, body.release);
      if (!release) throw new ApiHttpError(404, 'Release.NotFound');
      if (problemsOfRelease(release, config.staticRoot).length > 0) throw new ApiHttpError(409, 'Release.Incompatible');
    }
    return db.transaction(async (tx) => {
      // One choice of the licensee's at a time, so that each audit entry's "before" is the one it replaced.
      await tx.query('SELECT 1 FROM licensee WHERE uuid = $1 FOR NO KEY UPDATE', [session.licenseeUuid]);
      const client = body.clientUuid ? await clientOfLicensee(tx, session.licenseeUuid, body.clientUuid) : null;
      const before = await choose(tx, session, body.area, client?.uuid ?? null, body.release);
      if (before !== body.release) {
        await writeLicenseeAudit(tx, session, {
          action: 'release.choose',
          client: client ? { uuid: client.uuid, clientIdentifier: client.identifier } : null,
          before: { area: body.area, release: before },
          after: { area: body.area, release: body.release },
        });
      }
      return readChoices(tx, config, session.licenseeUuid, body.clientUuid);
    });
  });
}

function choose(
  tx: Queryable,
  session: LicenseeSessionContext,
  area: string,
  clientUuid: string | null,
  releaseId: string | null,
): Promise<string | null> {
  return setChoice(tx, {
    area,
    licenseeUuid: clientUuid ? null : session.licenseeUuid,
    clientUuid,
    releaseId,
    chosenBy: session.staff.username,
  });
}
