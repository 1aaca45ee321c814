import { ScimError } from './scimError';

/** A filter of the form `<attribute> eq "<value>"` (RFC 7644 section 3.4.2.2), the one directories send to match. */
export interface EqualityFilter {
  attribute: string;
  value: string;
}

/**
 * Parses the filters Entra ID and Okta send (`userName eq "x"`, `externalId eq "x"`, `displayName eq "x"`,
 * `emails[type eq "work"].value eq "x"` read as `emails.value`); `attributes` names those the resource can be found
 * by (lower case). Anything else answers 400 invalidFilter rather than a wrong list.
 */
export function parseFilter(filter: string | undefined, attributes: readonly string[]): EqualityFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match =
    /^\s*([A-Za-z][\w.:$-]*(?:\[[^\]]*\])?(?:\.[A-Za-z]\w*)?)\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|(true|false))\s*$/i.exec(
      filter,
    );
  if (!match?.[1]) throw new ScimError(400, 'Only filters of the form: attribute eq "value"', 'invalidFilter');
  const attribute = match[1].replace(/\[[^\]]*\]/, '').toLowerCase();
  if (!attributes.includes(attribute)) {
    throw new ScimError(400, `Filtering by ${match[1]} is not supported`, 'invalidFilter');
  }
  let value: string;
  try {
    value = match[2] !== undefined ? (JSON.parse(`"${match[2]}"`) as string) : (match[3] as string).toLowerCase();
  } catch {
    throw new ScimError(400, 'The filter value is not a valid string', 'invalidFilter');
  }
  return { attribute, value };
}

/** startIndex (1-based) and count of a list request (RFC 7644 section 3.4.2.4); count at most `max`. */
export function pageOf(query: Record<string, unknown>, max: number): { startIndex: number; count: number } {
  const number = (value: unknown, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed)) throw new ScimError(400, 'startIndex and count are integers', 'invalidValue');
    return parsed;
  };
  return {
    startIndex: Math.max(1, number(query.startIndex, 1)),
    count: Math.min(max, Math.max(0, number(query.count, max))),
  };
}
