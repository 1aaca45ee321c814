import { type Language, localeOf, localIsoDate, type RiskAction } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

const BADGE = {
  effective: 'ui-badge--success',
  partly: 'ui-badge--warning',
  notEffective: 'ui-badge--danger',
} as const;

/** An action's effectiveness check: its result with who and why, when it falls due, or nothing before it is done. */
export function EffectivenessCell({ action }: { action: RiskAction }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  if (action.effectiveness) {
    return (
      <>
        <span className={`ui-badge ${BADGE[action.effectiveness]}`} data-testid="effectiveness">
          {t(`effectiveness.${action.effectiveness}`)}
        </span>
        <div className="ra-muted">
          {action.checkedByName}
          {action.checkedAt ? ` · ${format.format(new Date(action.checkedAt))}` : ''}
        </div>
        {action.effectivenessNote && <div className="ra-muted">{action.effectivenessNote}</div>}
      </>
    );
  }
  if (!action.doneAt || !action.checkDueDate) return <span className="ra-muted">–</span>;
  const date = format.format(new Date(`${action.checkDueDate}T00:00:00`));
  // A check that has fallen due stands out; one still ahead is a quiet hint.
  if (action.checkDueDate <= localIsoDate()) {
    return (
      <span className="ui-badge ui-badge--warning" data-testid="check-due">
        {t('check.dueSince', { date })}
      </span>
    );
  }
  return <span className="ra-muted">{t('check.dueOn', { date })}</span>;
}

/** The done state of an action and, once done, its effectiveness check: one cell of the action tables. */
export function DoneCell({ action }: { action: RiskAction }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  if (!action.doneAt) return <>{t('actions.open')}</>;
  return (
    <>
      <span className="ui-badge ui-badge--success">
        {format.format(new Date(`${action.doneAt}T00:00:00`))} · {action.doneByName}
      </span>
      <div className="ra-done-check">
        <EffectivenessCell action={action} />
      </div>
    </>
  );
}
