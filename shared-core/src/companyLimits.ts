/**
 * Fixed values of the locations and company settings that the contract (server) and the forms (browser) share.
 * Plain values, no zod: the browser imports them from the main entry.
 */
import { BULK_MAX } from './tables';

export const LOCATION_TYPES = ['headquarters', 'branch'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/**
 * The address countries a client offers (company master data, locations, members' addresses) unless its licensee
 * chose others in the console: the ones the product is sold in (spec: AT and DE). ISO 3166-1 alpha-2.
 */
export const DEFAULT_OFFERED_COUNTRIES: readonly string[] = ['AT', 'DE'];
/** At most this many offered countries per client: a choice list, not the world (the console's multi-select). */
export const OFFERED_COUNTRIES_MAX = 30;

/** Limits of a location's fields. */
export const LOCATION_LIMITS = {
  nameMaxLength: 255,
  streetMaxLength: 255,
  postalCodeMaxLength: 20,
  cityMaxLength: 255,
  /** m²: the largest sites are a few km² of halls. */
  floorSpaceMax: 10_000_000,
  responsibleMembersMax: 50,
} as const;

/** Limits of an org unit's fields. */
export const ORG_UNIT_LIMITS = {
  nameMaxLength: 255,
  /** Responsible persons of one unit: the most the contract accepts, and so the most the form lets anyone choose. */
  responsibleMax: 100,
} as const;

/** At most this many uuids in one bulk call (delete, assign, remove), or locations matched by a delete's filter. */
export const LOCATION_BULK_MAX = BULK_MAX;

/** Limits of the company's master data. */
export const CLIENT_DETAILS_LIMITS = {
  nameMaxLength: 255,
  streetMaxLength: 255,
  additionalMaxLength: 255,
  postalCodeMaxLength: 20,
  cityMaxLength: 255,
} as const;
