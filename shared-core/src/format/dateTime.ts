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

const DURATION_UNITS = {
  de_DE: { hours: 'Std.', minutes: 'Min.', seconds: 'Sek.' },
  en_GB: { hours: 'h', minutes: 'min', seconds: 's' },
} as const;

/**
 * Seconds → hours, minutes and seconds with their units, for a time spent in a course (certificates): 45 → "45 Sek.",
 * 754 → "12 Min. 34 Sek.", 3725 → "1 Std. 02 Min. 05 Sek." ("45 s", "12 min 34 s", "1 h 02 min 05 s" in English);
 * '' for a negative or missing value. Never "00:00" for a short course.
 */
export function formatDurationMinutesSeconds(totalSeconds: number, language: Language = 'de_DE'): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '';
  const units = DURATION_UNITS[language] ?? DURATION_UNITS.de_DE;
  const rounded = Math.round(totalSeconds);
  const hours = Math.floor(rounded / 3600);
  const minutes = Math.floor((rounded % 3600) / 60);
  const seconds = rounded % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  if (hours > 0) {
    return `${hours} ${units.hours} ${two(minutes)} ${units.minutes} ${two(seconds)} ${units.seconds}`;
  }
  if (minutes > 0) return `${minutes} ${units.minutes} ${two(seconds)} ${units.seconds}`;
  return `${seconds} ${units.seconds}`;
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
