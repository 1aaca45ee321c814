import { httpUrl } from '@dash/shared-core';
import type { ClientMasterData } from '@dash/shared-core/contract';
import { validatePostalCode } from '@dash/shared-core/postal';
import { ApiHttpError } from '../../http/errors';

/**
 * A client's master data is read and checked alike by the company settings and the licensee console: these columns
 * (table `client` as `c`), this mapping and these rules.
 */
export const MASTER_DATA_COLUMNS = 'c.name, c.street, c.additional, c.postal_code, c.city, c.country, c.homepage';

export interface MasterDataRow {
  name: string;
  street: string | null;
  additional: string | null;
  postal_code: string | null;
  city: string | null;
  country: string;
  homepage: string | null;
}

export function masterData(row: MasterDataRow): ClientMasterData {
  return {
    name: row.name,
    street: row.street,
    additional: row.additional,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    homepage: row.homepage,
  };
}

/**
 * The postal code must be one of the country (400 Client.InvalidPostalCode), the homepage a web address by the forms'
 * own rule `httpUrl` (400 Client.Invalid). Whether the country is offered is the caller's check (its list differs).
 */
export function assertValidMasterData(fields: Pick<ClientMasterData, 'postalCode' | 'country' | 'homepage'>): void {
  if (fields.postalCode && !validatePostalCode(fields.country, fields.postalCode).valid) {
    throw new ApiHttpError(400, 'Client.InvalidPostalCode');
  }
  if (fields.homepage && httpUrl(fields.homepage) !== null) throw new ApiHttpError(400, 'Client.Invalid');
}
