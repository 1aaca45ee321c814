import { httpUrl } from '@dash/shared-core';
import { type ClientConfiguration, type ClientDetails, ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { FEATURE_FLAG_COLUMNS, type FeatureFlagRow, featureFlagsOf } from '../../core/access/featureFlags';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { assertValidMasterData, MASTER_DATA_COLUMNS, type MasterDataRow, masterData } from '../shared/clientMasterData';
import { assertOfferedCountry } from '../shared/offeredCountries';

interface ClientRow extends MasterDataRow {
  identifier: string;
  language: 'de_DE' | 'en_GB';
  offered_countries: string[];
}

/** The client's offered countries, named in the member's language (ICU's names: "Deutschland", "Österreich"). */
function countriesIn(codes: readonly string[], language: string): ClientDetails['countries'] {
  const names = new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' });
  return codes.map((code) => ({ code, name: names.of(code) ?? code }));
}

async function readDetails(db: Queryable, session: SessionContext, lock = false): Promise<ClientDetails> {
  const rows = await db.query<ClientRow>(
    `SELECT ${MASTER_DATA_COLUMNS}, c.identifier, m.language, c.offered_countries
       FROM client c JOIN member m ON m.client_uuid = c.uuid
      WHERE c.uuid = $1 AND m.uuid = $2${lock ? ' FOR UPDATE OF c' : ''}`,
    [session.clientUuid, session.memberUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Client.NotFound');
  return {
    ...masterData(row),
    clientIdentifier: row.identifier,
    countries: countriesIn(row.offered_countries, row.language),
  };
}

async function readConfiguration(db: Queryable, clientUuid: string, lock = false): Promise<ClientConfiguration> {
  const rows = await db.query<
    FeatureFlagRow & {
      support_login_allowed: boolean;
      external_calendar_href: string | null;
      licensee_calendar_href: string | null;
    }
  >(
    `SELECT c.support_login_allowed, c.external_calendar_href, l.external_calendar_href AS licensee_calendar_href,
            ${FEATURE_FLAG_COLUMNS}
       FROM client c JOIN licensee l ON l.uuid = c.licensee_uuid
      WHERE c.uuid = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [clientUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Client.NotFound');
  return {
    supportLoginAllowed: row.support_login_allowed,
    externalCalendarHref: row.external_calendar_href,
    licenseeExternalCalendarHref: row.licensee_calendar_href,
    featureFlags: featureFlagsOf(row),
  };
}

/** The web address rule of the forms (`httpUrl`), on the server: `Client.Invalid` names the refused field's group. */
function checkUrl(value: string | null): void {
  if (value !== null && httpUrl(value) !== null) throw new ApiHttpError(400, 'Client.Invalid');
}

function detailsForAudit(details: ClientDetails) {
  const { countries: _countries, clientIdentifier: _identifier, ...fields } = details;
  return fields;
}

function configurationForAudit(configuration: ClientConfiguration) {
  return {
    supportLoginAllowed: configuration.supportLoginAllowed,
    externalCalendarHref: configuration.externalCalendarHref,
  };
}

/** The company's master data (admins: clientdetails.*-details) and configuration (super-admin: clientdetails.*-configuration). */
export function registerCompanyRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.clientDetails, async ({ session }) => readDetails(db, session));

  registerEndpoint(app, db, ENDPOINTS.updateClientDetails, async ({ body, session }) => {
    assertValidMasterData(body);
    return db.transaction(async (tx) => {
      const before = await readDetails(tx, session, true);
      // The list read with the client's row, under its lock: a licensee's change at this moment is not missed.
      const offered = before.countries.map((entry) => entry.code);
      assertOfferedCountry(offered, body.country, before.country);
      await tx.query(
        `UPDATE client SET name = $2, street = $3, additional = $4, postal_code = $5, city = $6, country = $7,
                           homepage = $8
          WHERE uuid = $1`,
        [
          session.clientUuid,
          body.name,
          body.street,
          body.additional,
          body.postalCode,
          body.city,
          body.country,
          body.homepage,
        ],
      );
      const after = await readDetails(tx, session);
      await recordAudit(tx, session, [
        {
          action: 'client.update-details',
          entityType: 'client',
          entityUuid: session.clientUuid,
          before: detailsForAudit(before),
          after: detailsForAudit(after),
        },
      ]);
      return after;
    });
  });

  registerEndpoint(app, db, ENDPOINTS.clientConfiguration, async ({ session }) =>
    readConfiguration(db, session.clientUuid),
  );

  registerEndpoint(app, db, ENDPOINTS.updateClientConfiguration, async ({ body, session }) => {
    checkUrl(body.externalCalendarHref);
    return db.transaction(async (tx) => {
      const before = await readConfiguration(tx, session.clientUuid, true);
      await tx.query('UPDATE client SET support_login_allowed = $2, external_calendar_href = $3 WHERE uuid = $1', [
        session.clientUuid,
        body.supportLoginAllowed,
        body.externalCalendarHref,
      ]);
      // Refusing the support login also ends the advisers' sessions that are open now.
      if (!body.supportLoginAllowed) {
        await tx.query('DELETE FROM session WHERE client_uuid = $1 AND support_adviser IS NOT NULL', [
          session.clientUuid,
        ]);
      }
      const after = await readConfiguration(tx, session.clientUuid);
      await recordAudit(tx, session, [
        {
          action: 'client.update-configuration',
          entityType: 'client',
          entityUuid: session.clientUuid,
          before: configurationForAudit(before),
          after: configurationForAudit(after),
        },
      ]);
      return after;
    });
  });
}
