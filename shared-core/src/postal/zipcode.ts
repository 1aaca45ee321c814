import type { Rule } from '../validation/rules';
import { validatePostalCode } from './validatePostalCode';

/** Postal code against the country field (default DE); the spec's message is the `detail` parameter. */
export const zipcode =
  (country: () => string | null | undefined = () => 'DE'): Rule =>
  (value) => {
    if (value.trim() === '') return null;
    const result = validatePostalCode(country() || 'DE', value);
    return result.valid ? null : { key: 'zipcode', params: { detail: result.message } };
  };
