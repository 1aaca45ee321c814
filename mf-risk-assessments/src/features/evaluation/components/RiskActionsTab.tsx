import { type EvaluationDetails, type Language, localeOf, localized, type RiskAction } from '@dash/shared-core';
import { RiskFactorBadge } from '@dash/shared-ui/display';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRiskActionList } from '../api/getRiskActionList';
import { ActionModal } from './ActionModal';
import { ActionRowButton } from './ActionRowButton';
import { CheckModal } from './CheckModal';
import { CompleteModal } from './CompleteModal';
import { DoneCell } from './EffectivenessCell';

const SORT_KEYS = ['dueDate', 'riskFactor', 'responsibleName', 'stop'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Tab "risk-actions": every action with its risk, STOP type, owner, due date and done state; edit and mark done. */
export function RiskActionsTab({ evaluation, mayChange }: { evaluation: EvaluationDetails; mayChange: boolean }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const table = useTableState<SortKey>(SORT_KEYS, 'dueDate');
  const { state } = table;
  const [editing, setEditing] = useState<RiskAction | null>(null);
  const [completing, setCompleting] = useState<RiskAction | null>(null);
  const [checking, setChecking] = useState<RiskAction | null>(null);
  // A signed-off round takes no new wording, owner or date; a superseded one is history altogether.
  const approved = evaluation.approval !== null;
  const history = evaluation.nextEvaluationUuid !== null;
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
    {
      name: 'description',
      label: t('actions.description'),
      // The risk's load under the action (as on "my actions"): a column of its own made nine, too many for 1280 px.
      value: (action) => (
        <>
          {localized(action.description, i18n.language)}
          <div className="ra-muted">
            {t('risks.columns.load')}: {localized(action.load, i18n.language)}
          </div>
          {action.note && <div className="ra-muted">{action.note}</div>}
        </>
      ),
    },
    {
      name: 'stop',
      label: t('actions.stop'),
      sortable: true,
      value: (action) => <span className="ra-whole">{t(`stop.${action.stop}`)}</span>,
    },
    {
      name: 'responsibleName',
      label: t('actions.responsible'),
      sortable: true,
      value: (action) => <span className="ra-whole">{action.responsibleName}</span>,
    },
    {
      name: 'dueDate',
      label: t('actions.dueDate'),
      sortable: true,
      value: (action) => <span className="ra-nowrap">{day(action.dueDate)}</span>,
    },
    {
      name: 'done',
      label: t('actions.doneAndChecked'),
      value: (action) => <DoneCell action={action} />,
    },
    {
      name: 'rowActions',
      label: t('risks.columns.actions'),
      value: (action) =>
        mayChange && !history && action.doneAt && !action.effectiveness ? (
          <ActionRowButton kind="check" action={action} onClick={() => setChecking(action)} />
        ) : mayChange && !history && !action.doneAt && evaluation.status !== 'done' ? (
          <span className="ra-row-actions">
            {!approved && <ActionRowButton kind="edit" action={action} onClick={() => setEditing(action)} />}
            {evaluation.status === 'actionsAgreed' && (
              <ActionRowButton kind="complete" action={action} onClick={() => setCompleting(action)} />
            )}
          </span>
        ) : null,
    },
  ];
  return (
    <>
      <div className="ra-whole-words">
        <DataTable
          caption={t('evaluation.tabs.riskActions')}
          columns={columns}
          {...queryRows(query)}
          table={table}
          rowKey={(action) => action.uuid}
        />
      </div>
      {editing && <ActionModal risk={null} action={editing} onClose={() => setEditing(null)} />}
      {completing && <CompleteModal action={completing} onClose={() => setCompleting(null)} />}
      {checking && <CheckModal action={checking} onClose={() => setChecking(null)} />}
    </>
  );
}
