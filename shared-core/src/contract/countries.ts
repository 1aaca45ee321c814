import { z } from 'zod';
import { OFFERED_COUNTRIES_MAX } from '../companyLimits';
import { ISO_COUNTRY_CODES, isKnownAlpha2 } from '../postal/countries';

/**
 * The country of an address (company, location, member): any alpha-2 code the postal module knows, so that the
 * postal code check knows it too. Whether the client offers it is the server's check (`Address.CountryNotOffered`):
 * the list is the client's own.
 */
export const countryCodeSchema = z.string().refine(isKnownAlpha2, 'ISO 3166-1 alpha-2 code');

/** A client's offered address countries (licensee console): assigned ISO codes, each once, at least one. */
export const offeredCountriesSchema = z
  .array(z.string().refine((code) => ISO_COUNTRY_CODES.includes(code), 'ISO 3166-1 alpha-2 code'))
  .min(1)
  .max(OFFERED_COUNTRIES_MAX)
  .refine((codes) => new Set(codes).size === codes.length, 'each country once');
