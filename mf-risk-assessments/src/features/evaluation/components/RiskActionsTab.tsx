import {
  type EvaluationDetails,
  type Language,
  localeOf,
  localIsoDate,
  localized,
  type RiskAction,
} from '@dash/shared-core';
import { FormError, inlineErrorText, showToast } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { RiskFactorBadge } from '@dash/shared-ui/display';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompleteRiskAction } from '../api/completeRiskAction';
import { useRiskActionList } from '../api/getRiskActionList';
import { ActionModal } from './ActionModal';

const SORT_KEYS = ['dueDate', 'riskFactor', 'responsibleName', 'stop'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** "Mark done": the day the action was carried out (today or earlier); who marks it is recorded by the server. */
function CompleteModal({ action, onClose }: { action: RiskAction | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const id = useId();
  const [doneAt, setDoneAt] = useState(localIsoDate());
  const complete = useCompleteRiskAction();
  return (
    <ConfirmDialog
      open={action !== null}
      onClose={onClose}
      title={t('actions.completeTitle')}
      width={30}
      testId="complete-risk-action"
      confirmLabel={t('actions.complete')}
      confirmDisabled={!doneAt}
      busy={complete.isPending}
      onConfirm={async () => {
        if (!action) return;
        const result = await complete.mutateAsync({ uuid: action.uuid, doneAt });
        onClose();
        showToast({
          type: 'success',
          title: t('common:toast.successTitle'),
          message: result.status === 'done' ? t('actions.allDone') : t('actions.completed'),
        });
      }}
    >
      {action && <p>{localized(action.description, i18n.language)}</p>}
      <FormError error={complete.error ? inlineErrorText(t, complete.error) : null} />
      <div className="ui-field">
        <label htmlFor={`${id}-done`}>{t('actions.doneAt')}</label>
        <input
          id={`${id}-done`}
          type="date"
          max={localIsoDate()}
          required
          value={doneAt}
          onChange={(event) => setDoneAt(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

/** Tab "risk-actions": every action with its risk, STOP type, owner, due date and done state; edit and mark done. */
export function RiskActionsTab({ evaluation, mayChange }: { evaluation: EvaluationDetails; mayChange: boolean }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const table = useTableState<SortKey>(SORT_KEYS, 'dueDate');
  const { state } = table;
  const [editing, setEditing] = useState<RiskAction | null>(null);
  const [completing, setCompleting] = useState<RiskAction | null>(null);
  const query = useRiskActionList({ uuid: evaluation.uuid, ...tableRequest(state, {}) });
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const day = (value: string) => format.format(new Date(`${value}T00:00:00`));
  const columns: Column<RiskAction>[] = [
    {
      name: 'riskFactor',
      label: t('risks.columns.riskFactor'),
      sortable: true,
      value: (action) => <RiskFactorBadge factor={action.riskFactor} />,
    },
    { name: 'load', label: t('risks.columns.load'), value: (action) => localized(action.load, i18n.language) },
    {
      name: 'description',
      label: t('actions.description'),
      value: (action) => (
        <>
          {localized(action.description, i18n.language)}
          {action.note && <div className="ra-muted">{action.note}</div>}
        </>
      ),
    },
    { name: 'stop', label: t('actions.stop'), sortable: true, value: (action) => t(`stop.${action.stop}`) },
    {
      name: 'responsibleName',
      label: t('actions.responsible'),
      sortable: true,
      value: (action) => action.responsibleName,
    },
    { name: 'dueDate', label: t('actions.dueDate'), sortable: true, value: (action) => day(action.dueDate) },
    {
      name: 'done',
      label: t('actions.done'),
      value: (action) =>
        action.doneAt ? (
          <span className="ui-badge ui-badge--success">
            {day(action.doneAt)} · {action.doneByName}
          </span>
        ) : (
          t('actions.open')
        ),
    },
    {
      name: 'rowActions',
      label: t('risks.columns.actions'),
      value: (action) =>
        mayChange && !action.doneAt && evaluation.status !== 'done' ? (
          <span className="ra-row-actions">
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small"
              aria-label={t('actions.editFor', { description: localized(action.description, i18n.language) })}
              onClick={() => setEditing(action)}
            >
              {t('actions.edit')}
            </button>
            {evaluation.status === 'actionsAgreed' && (
              <button
                type="button"
                className="ui-button ui-button--small"
                aria-label={t('actions.completeFor', { description: localized(action.description, i18n.language) })}
                onClick={() => setCompleting(action)}
              >
                {t('actions.complete')}
              </button>
            )}
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable
        caption={t('evaluation.tabs.riskActions')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(action) => action.uuid}
      />
      {editing && <ActionModal risk={null} action={editing} onClose={() => setEditing(null)} />}
      {completing && <CompleteModal action={completing} onClose={() => setCompleting(null)} />}
    </>
  );
}
