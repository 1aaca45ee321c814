import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Rule } from './rules';

// Its own entry (`@dash/shared-core/phone`): the phone metadata (large) is downloaded only by the
// areas whose forms take phone numbers, not by the sign-in page.

/** Numbers without a country prefix are read as German ones, in the rule and in `toE164` alike. */
const DEFAULT_REGION = 'DE';

/** International form, default region DE. */
export const phoneNumber: Rule = (value) =>
  value === '' || isValidPhoneNumber(value, DEFAULT_REGION) ? null : { key: 'phoneNumber' };

/**
 * The E.164 form (`+491711234567`) of a number the `phoneNumber` rule accepts, as SMS providers want it; null for
 * an empty or invalid one. Stored numbers stay as typed: only what is sent is normalised.
 */
export function toE164(value: string): string | null {
  if (value === '' || !isValidPhoneNumber(value, DEFAULT_REGION)) return null;
  return parsePhoneNumberFromString(value, DEFAULT_REGION)?.number ?? null;
}
