import { type Language, localeOf } from '../i18n';

/**
 * Dates and durations as the pages show them (spec section 9 "Display"). Every duration names its unit: the
 * course player counts seconds, task settings count minutes.
 */

/** Minutes → "hh:mm" (90 → "01:30"; hours may exceed 24); '' for a negative or missing value. */
export function formatDurationMinutes(totalMinutes: number): string {
  if (!Number.isFinite(totalMinutes) || totalMinutes < 0) return '';
  const minutes = Math.round(totalMinutes);
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Seconds → "hh:mm", to the nearest minute (5400 → "01:30", 89 → "00:01"). */
export function formatDurationSeconds(totalSeconds: number): string {
  return formatDurationMinutes(totalSeconds / 60);
}

export type DateStyle = 'date' | 'dateTime';

/** A date (ISO string or Date) in the user's language; '' for a missing or invalid date. */
export function formatDate(
  value: string | Date | null | undefined,
  language: Language = 'de_DE',
  style: DateStyle = 'date',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(
    localeOf(language),
    style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
}

/**
 * The day in the browser's calendar as `YYYY-MM-DD`, the value of a date input (today by default). Not
 * `toISOString()`, which gives the UTC day: after 23:00 in Germany that is already tomorrow, before 01:00 yesterday.
 */
export function localIsoDate(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
