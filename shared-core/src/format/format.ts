import { type Language, localeOf } from '../i18n';

/**
 * Display formatters (spec section 9 "Display", section 3 "Risk factor labels", "Due-status bubbles",
 * "Batch progress statuses"). They return text or translation keys; no React.
 */

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB" (1024 steps, up to two fraction digits, unit Bytes/KB/MB/GB). */
export function formatFileSize(bytes: number, language: Language = 'en_GB'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language)} ${SIZE_UNITS[unit]}`;
}

export type BooleanFormat = 'noYes' | 'inactiveActive';

/** Translation key in the `ui` namespace: `boolean.noYes.true` → "Ja", `boolean.inactiveActive.false` → "Inaktiv". */
export function booleanKey(value: boolean, kind: BooleanFormat = 'noYes'): string {
  return `boolean.${kind}.${value ? 'true' : 'false'}`;
}

/** Up to two fraction digits in the user's language (1234.5 → "1.234,5" in German). */
export function formatNumber(value: number, language: Language = 'de_DE'): string {
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    value,
  );
}

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';
export type RiskLevel = 'veryLow' | 'low' | 'medium' | 'high' | 'veryHigh';

/** Risk factor 1-10 → label key (`riskFactor.<level>`) and colour: 1-2 very low … 9-10 very high. */
export function riskFactor(factor: number): { level: RiskLevel; tone: Tone } | null {
  if (!Number.isFinite(factor) || factor < 1 || factor > 10) return null;
  if (factor <= 2) return { level: 'veryLow', tone: 'success' };
  if (factor <= 4) return { level: 'low', tone: 'warning' };
  if (factor <= 6) return { level: 'medium', tone: 'warning' };
  if (factor <= 8) return { level: 'high', tone: 'error' };
  return { level: 'veryHigh', tone: 'error' };
}

export const DUE_STATUS_BUBBLES = ['overdue', 'next7Days', 'nextMonth', 'done', 'all'] as const;
export type DueStatusBubble = (typeof DUE_STATUS_BUBBLES)[number];

/**
 * Each bubble's colour pair (background, text); texts stay at 4.5:1 contrast or better. The near statuses are
 * told apart by hue, not by a shade of one yellow: next 7 days orange, next month blue.
 */
export const DUE_STATUS_COLOURS: Record<DueStatusBubble, { background: string; color: string }> = {
  overdue: { background: '#fde2e1', color: '#8a1c15' },
  next7Days: { background: '#ffdcb0', color: '#6b3300' },
  nextMonth: { background: '#d9e8fb', color: '#163f6e' },
  done: { background: '#dff3e3', color: '#1d5e2b' },
  all: { background: '#e6eaf0', color: '#2d3748' },
};

export const BATCH_STATUSES = [
  'created',
  'initialized',
  'inProgress',
  'finishedTasks',
  'finished',
  'failedInitializing',
  'failedEnding',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/**
 * Batch progress text (spec section 4): created/initialized show the initialising text; the others show progress
 * (`batch.progress`, with done/total) and, when finished, the success or failure text. Keys are in the `ui` namespace.
 */
export function batchProgress(
  status: BatchStatus,
  done = 0,
  total = 0,
): { key: string; params?: Record<string, number>; tone: Tone; percent: number | null } {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  switch (status) {
    case 'created':
    case 'initialized':
      return { key: 'batch.initializing', tone: 'info', percent: null };
    case 'inProgress':
    case 'finishedTasks':
      return { key: 'batch.progress', params: { done, total }, tone: 'info', percent };
    case 'finished':
      return { key: 'batch.finished', params: { done, total }, tone: 'success', percent: 100 };
    case 'failedInitializing':
    case 'failedEnding':
      return { key: `batch.${status}`, params: { done, total }, tone: 'error', percent };
  }
}
