import { ApiHttpError } from '../../http/errors';

/**
 * A client's address forms (master data, locations, members) offer the countries its licensee chose; the contract
 * takes any country the postal module knows, so the choice is checked here: 400 Address.CountryNotOffered. The
 * country a record already has stays accepted (an import, or a list changed since), so that saving a form without
 * touching the country is not refused.
 */
export function assertOfferedCountry(
  offered: readonly string[],
  country: string | null,
  stored: string | null = null,
): void {
  if (country === null || country === stored || offered.includes(country)) return;
  throw new ApiHttpError(400, 'Address.CountryNotOffered');
}
