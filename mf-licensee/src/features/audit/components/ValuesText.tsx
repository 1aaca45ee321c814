import { formatDate, type Language } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The values of an audit entry, one `field: value` per line (nested values such as the feature flags flattened). */
export function ValuesText({ values }: { values: Record<string, unknown> | null }) {
  const { t, i18n } = useTranslation('licensee');
  if (!values) return null;
  const lines = flatten(values);
  if (lines.length === 0) return null;
  return (
    <ul className="licensee-values">
      {lines.map(([key, value]) => (
        <li key={key}>
          <span className="licensee-hint">{key}:</span> {show(value, t, i18n.language as Language)}
        </li>
      ))}
    </ul>
  );
}

function flatten(values: Record<string, unknown>, prefix = ''): Array<[string, unknown]> {
  return Object.entries(values).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

function show(value: unknown, t: (key: string) => string, language: Language): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  // A list such as a licensee's host names (domain.add, domain.remove).
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(', ') : '–';
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDate(value, language, 'dateTime');
  return String(value);
}
