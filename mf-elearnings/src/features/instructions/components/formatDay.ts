import { type Language, localeOf } from '@dash/shared-core';

/** A `YYYY-MM-DD` day in the member's language, read as a local day (no time zone shifts it). */
export function dayFormatter(language: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(localeOf(language as Language), { dateStyle: 'medium' });
  return (day) => format.format(new Date(`${day.slice(0, 10)}T00:00:00`));
}
