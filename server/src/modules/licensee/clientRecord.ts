import { clientIdentifier, IDENTIFIER_MAX_LENGTH } from '@dash/shared-core';
import type { LicenseeClientDetails, LicenseeClientFields } from '@dash/shared-core/contract';
import { FEATURE_FLAG_COLUMNS, type FeatureFlagRow, featureFlagsOf } from '../../core/access/featureFlags';
import type { Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import { ApiHttpError } from '../../http/errors';
import { assertValidMasterData, MASTER_DATA_COLUMNS, type MasterDataRow, masterData } from '../shared/clientMasterData';
import { assertOfferedCountry } from '../shared/offeredCountries';

/** The columns of a client that the console shows, for `clientOfLicensee`. */
interface ClientRow extends MasterDataRow, FeatureFlagRow {
  uuid: string;
  identifier: string;
  max_members: number | null;
  offered_countries: string[];
  deactivated_at: unknown;
  created_at: unknown;
  member_count: number;
}

/**
 * One of the licensee's clients, or 404 Client.NotFound: a uuid of another licensee's client answers exactly as a
 * uuid that does not exist. `lock` holds the row for a change in the caller's transaction.
 */
export async function clientOfLicensee(
  db: Queryable,
  licenseeUuid: string,
  clientUuid: string,
  lock = false,
): Promise<LicenseeClientDetails> {
  const rows = await db.query<ClientRow>(
    `SELECT c.uuid, c.identifier, ${MASTER_DATA_COLUMNS}, c.max_members, ${FEATURE_FLAG_COLUMNS},
            c.offered_countries, c.deactivated_at, c.created_at,
            (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL) AS member_count
       FROM client c
      WHERE c.uuid = $1 AND c.licensee_uuid = $2${lock ? ' FOR NO KEY UPDATE OF c' : ''}`,
    [clientUuid, licenseeUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Client.NotFound');
  return {
    uuid: row.uuid,
    clientIdentifier: row.identifier,
    ...masterData(row),
    maxMembers: row.max_members,
    featureFlags: featureFlagsOf(row),
    offeredCountries: row.offered_countries,
    active: row.deactivated_at === null,
    deactivatedAt: iso(row.deactivated_at),
    memberCount: row.member_count,
    createdAt: iso(row.created_at) ?? '',
  };
}

/** The company ID rule of the spec (clientIdentifier, at most 36 characters): 400 Client.Invalid otherwise. */
export function assertValidClientIdentifier(value: string): void {
  if (value.length < 3 || value.length > IDENTIFIER_MAX_LENGTH || clientIdentifier(value) !== null) {
    throw new ApiHttpError(400, 'Client.Invalid');
  }
}

/**
 * The master data rules of the company settings: postal code of the country, homepage as a web address, and the
 * client's country among its offered countries (those sent, else `offered`: the stored ones or the defaults), unless
 * it stays the `storedCountry`.
 */
export function assertValidClientFields(
  fields: LicenseeClientFields,
  offered: readonly string[],
  storedCountry: string | null = null,
): void {
  assertOfferedCountry(fields.offeredCountries ?? offered, fields.country, storedCountry);
  assertValidMasterData({
    postalCode: fields.postalCode ?? null,
    country: fields.country,
    homepage: fields.homepage ?? null,
  });
}
