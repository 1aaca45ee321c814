import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDurationMinutes,
  formatDurationMinutesSeconds,
  formatDurationSeconds,
  localIsoDate,
} from './dateTime';

describe('dates and durations (spec section 9 "Display")', () => {
  it('minutes as hh:mm', () => {
    expect(formatDurationMinutes(0)).toBe('00:00');
    expect(formatDurationMinutes(90)).toBe('01:30');
    expect(formatDurationMinutes(1505)).toBe('25:05');
    expect(formatDurationMinutes(-1)).toBe('');
    expect(formatDurationMinutes(Number.NaN)).toBe('');
  });

  it('seconds as hh:mm, to the nearest minute', () => {
    expect(formatDurationSeconds(0)).toBe('00:00');
    expect(formatDurationSeconds(29)).toBe('00:00');
    expect(formatDurationSeconds(89)).toBe('00:01');
    expect(formatDurationSeconds(90)).toBe('00:02');
    expect(formatDurationSeconds(5400)).toBe('01:30');
    expect(formatDurationSeconds(25 * 3600 + 5 * 60)).toBe('25:05');
  });

  it('dates in the language', () => {
    expect(formatDate('2024-03-05T10:00:00Z', 'de_DE')).toBe('05.03.2024');
    expect(formatDate('2024-03-05T10:00:00Z', 'en_GB')).toBe('5 Mar 2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('the local day as YYYY-MM-DD, also late in the evening and early in the morning', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localIsoDate(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
    expect(localIsoDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('formatDurationMinutesSeconds', () => {
  it('shows seconds under a minute, minutes and seconds, hours when there are any', () => {
    expect(formatDurationMinutesSeconds(0)).toBe('0 Sek.');
    expect(formatDurationMinutesSeconds(45)).toBe('45 Sek.');
    expect(formatDurationMinutesSeconds(59.6)).toBe('1 Min. 00 Sek.');
    expect(formatDurationMinutesSeconds(754)).toBe('12 Min. 34 Sek.');
    expect(formatDurationMinutesSeconds(3725)).toBe('1 Std. 02 Min. 05 Sek.');
    expect(formatDurationMinutesSeconds(45, 'en_GB')).toBe('45 s');
    expect(formatDurationMinutesSeconds(754, 'en_GB')).toBe('12 min 34 s');
    expect(formatDurationMinutesSeconds(26 * 3600 + 5, 'en_GB')).toBe('26 h 00 min 05 s');
  });
  it('answers nothing for a negative or missing value', () => {
    expect(formatDurationMinutesSeconds(-1)).toBe('');
    expect(formatDurationMinutesSeconds(Number.NaN)).toBe('');
  });
});
