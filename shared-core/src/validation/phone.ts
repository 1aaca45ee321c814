import { isValidPhoneNumber } from 'libphonenumber-js/min';
import type { Rule } from './rules';

// Its own entry (`@dash/shared-core/phone`): the phone metadata (large) is downloaded only by the
// areas whose forms take phone numbers, not by the sign-in page.
/** International form, default region DE. */
export const phoneNumber: Rule = (value) =>
  value === '' || isValidPhoneNumber(value, 'DE') ? null : { key: 'phoneNumber' };
