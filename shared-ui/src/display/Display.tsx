import './texts';
import {
  type BatchStatus,
  type BooleanFormat,
  batchProgress,
  booleanKey,
  DUE_STATUS_COLOURS,
  type DueStatusBubble as DueStatusBubbleName,
  riskFactor,
} from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

const TONE_CLASS = {
  success: 'ui-badge--success',
  warning: 'ui-badge--warning',
  error: 'ui-badge--danger',
  info: 'ui-badge--info',
  neutral: '',
} as const;

/** Risk factor 1-10 with its label and colour (spec section 3). */
export function RiskFactorBadge({ factor }: { factor: number }) {
  const { t } = useTranslation('ui');
  const risk = riskFactor(factor);
  if (!risk) return <span>–</span>;
  return (
    <span className={`ui-badge ${TONE_CLASS[risk.tone]}`} data-level={risk.level}>
      {factor} · {t(`riskFactor.${risk.level}`)}
    </span>
  );
}

/**
 * Due-status bubble (overdue, next7Days, nextMonth, done, all) with its colour pair and an optional count. `null`:
 * the count is still loading; its place is kept, so that the bubbles and what follows them do not move when it
 * arrives (a layout shift Lighthouse counted on the start page).
 */
export function DueStatusBubble({ status, count }: { status: DueStatusBubbleName; count?: number | null }) {
  const { t } = useTranslation('ui');
  const colours = DUE_STATUS_COLOURS[status];
  return (
    <span className="ui-bubble" style={{ background: colours.background, color: colours.color }} data-status={status}>
      {t(`dueStatus.${status}`)}
      {count === null ? (
        <span className="ui-bubble__count" aria-hidden="true" style={{ visibility: 'hidden' }}>
          0
        </span>
      ) : (
        count !== undefined && <span className="ui-bubble__count">{count}</span>
      )}
    </span>
  );
}

export function BooleanText({ value, format = 'noYes' }: { value: boolean; format?: BooleanFormat }) {
  const { t } = useTranslation('ui');
  return <>{t(booleanKey(value, format))}</>;
}

/** Batch job progress (spec section 4): initialising text, then a progress bar with done/total and the result. */
export function BatchProgress({ status, done = 0, total = 0 }: { status: BatchStatus; done?: number; total?: number }) {
  const { t } = useTranslation('ui');
  const progress = batchProgress(status, done, total);
  const text = t(progress.key, progress.params);
  return (
    <div className={`ui-batch ui-batch--${progress.tone}`} role="status">
      {progress.percent !== null && <progress max={100} value={progress.percent} aria-label={text} />}
      <span>{text}</span>
    </div>
  );
}
