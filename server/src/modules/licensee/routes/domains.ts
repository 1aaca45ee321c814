import { hostName as hostNameRule, normalizeHostName } from '@dash/shared-core';
import { ENDPOINTS, type LicenseeDomains } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import { writeLicenseeAudit } from '../audit';

interface DomainRow {
  host_name: string;
  created_at: unknown;
}

/**
 * The licensee's host names, and whether the licensee is the default one. `lock` holds the licensee row for a change
 * in the caller's transaction, so that two changes of one licensee's domains are recorded one after the other.
 */
async function readDomains(db: Queryable, licenseeUuid: string, lock = false) {
  const [licensee] = await db.query<{ is_default: boolean }>(
    `SELECT is_default FROM licensee WHERE uuid = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [licenseeUuid],
  );
  if (!licensee) throw new ApiHttpError(404, 'Licensee.NotFound');
  const rows = await db.query<DomainRow>(
    'SELECT host_name, created_at FROM licensee_domain WHERE licensee_uuid = $1 ORDER BY id',
    [licenseeUuid],
  );
  return { isDefault: licensee.is_default, rows };
}

function domainsOut(request: FastifyRequest, read: Awaited<ReturnType<typeof readDomains>>): LicenseeDomains {
  const requestHost = hostNameOf(request);
  return {
    items: read.rows.map((row) => ({
      hostName: row.host_name,
      createdAt: iso(row.created_at) ?? '',
      current: !read.isDefault && row.host_name === requestHost,
    })),
  };
}

/** The request's host name, normalised (trimmed, lower case); 400 Domain.Invalid when it is no host name. */
function validHostName(value: string): string {
  const hostName = normalizeHostName(value);
  if (hostNameRule(hostName) !== null) throw new ApiHttpError(400, 'Domain.Invalid');
  return hostName;
}

const hostNamesOf = (read: Awaited<ReturnType<typeof readDomains>>) => read.rows.map((row) => row.host_name);

/**
 * The licensee's domains (licensee_domain, migration 033): the host names under which the dashboard shows its
 * branding. The host is looked up at every page load (core/licensees), so a change shows at the next one, on every
 * instance. A host name belongs to one licensee at most (409 Domain.Exists, whoever has it); the host this console is
 * open under is not removed (409 Domain.Mismatch: the host would show the default licensee, and the staff's next
 * sign-in there would fail), except for the default licensee, which every host without a licensee shows anyway.
 */
export function registerDomainRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeDomains, async ({ request, session }) =>
    domainsOut(request, await readDomains(db, session.licenseeUuid)),
  );

  registerEndpoint(app, db, ENDPOINTS.licenseeDomainAdd, async ({ body, request, session }) => {
    const hostName = validHostName(body.hostName);
    return db.transaction(async (tx) => {
      const before = await readDomains(tx, session.licenseeUuid, true);
      const added = await tx.query(
        `INSERT INTO licensee_domain (host_name, licensee_uuid) VALUES ($1, $2)
         ON CONFLICT (host_name) DO NOTHING RETURNING id`,
        [hostName, session.licenseeUuid],
      );
      if (added.length === 0) throw new ApiHttpError(409, 'Domain.Exists');
      const after = await readDomains(tx, session.licenseeUuid);
      await writeLicenseeAudit(tx, session, {
        action: 'domain.add',
        client: null,
        before: { hostNames: hostNamesOf(before) },
        after: { hostNames: hostNamesOf(after) },
      });
      return domainsOut(request, after);
    });
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeDomainRemove, async ({ body, request, session }) => {
    const hostName = validHostName(body.hostName);
    return db.transaction(async (tx) => {
      const before = await readDomains(tx, session.licenseeUuid, true);
      // Another licensee's host name answers as one that does not exist.
      if (!hostNamesOf(before).includes(hostName)) throw new ApiHttpError(404, 'Domain.NotFound');
      if (!before.isDefault && hostName === hostNameOf(request)) throw new ApiHttpError(409, 'Domain.Mismatch');
      await tx.query('DELETE FROM licensee_domain WHERE host_name = $1 AND licensee_uuid = $2', [
        hostName,
        session.licenseeUuid,
      ]);
      const after = await readDomains(tx, session.licenseeUuid);
      await writeLicenseeAudit(tx, session, {
        action: 'domain.remove',
        client: null,
        before: { hostNames: hostNamesOf(before) },
        after: { hostNames: hostNamesOf(after) },
      });
      return domainsOut(request, after);
    });
  });
}
