import { type Language, localeOf, localized, type MyRiskAction } from '@dash/shared-core';
import { PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionRowButton } from '../../evaluation/components/ActionRowButton';
import { CheckModal } from '../../evaluation/components/CheckModal';
import { CompleteModal } from '../../evaluation/components/CompleteModal';
import { DoneCell } from '../../evaluation/components/EffectivenessCell';
import { useMyRiskActions } from '../api/getMyRiskActions';

const SORT_KEYS = ['dueDate', 'checkDueDate', 'title'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['state'] as const;
const STATES = ['open', 'checkDue', 'checked'] as const;
type State = (typeof STATES)[number];

/**
 * My actions (docs/risk-assessment-follow-up.md): the follow-up actions the signed-in member is responsible for.
 * Agreed ones to carry out ("mark done"), done ones whose effectiveness he checks, and the checked ones as a record.
 */
export default function MyActionsPage() {
  const { t, i18n } = useTranslation('riskAssessments');
  const table = useTableState<SortKey>(SORT_KEYS, 'dueDate', FILTERS);
  const { state } = table;
  const filter: State = STATES.find((option) => option === state.filter.state) ?? 'open';
  const query = useMyRiskActions(tableRequest(state, { state: filter }));
  const [completing, setCompleting] = useState<MyRiskAction | null>(null);
  const [checking, setChecking] = useState<MyRiskAction | null>(null);
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const day = (value: string) => format.format(new Date(`${value}T00:00:00`));
  const counts = query.data?.counts;
  const columns: Column<MyRiskAction>[] = [
    {
      name: 'title',
      label: t('myActions.columns.assessment'),
      sortable: true,
      value: (action) => (
        <>
          <strong>{action.title}</strong>
          <div className="ra-muted">{action.targetName}</div>
        </>
      ),
    },
    {
      name: 'description',
      label: t('actions.description'),
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
    { name: 'dueDate', label: t('actions.dueDate'), sortable: true, value: (action) => day(action.dueDate) },
    {
      name: 'checkDueDate',
      label: t('actions.doneAndChecked'),
      sortable: true,
      value: (action) => <DoneCell action={action} />,
    },
    {
      name: 'rowActions',
      label: t('risks.columns.actions'),
      value: (action) =>
        action.canComplete ? (
          <ActionRowButton kind="complete" action={action} onClick={() => setCompleting(action)} />
        ) : action.doneAt && !action.effectiveness ? (
          <ActionRowButton kind="check" action={action} onClick={() => setChecking(action)} />
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader title={t('myActions.title')} />
      <p className="ra-muted">{t('myActions.intro')}</p>
      <nav className="ra-bubbles" aria-label={t('myActions.filter')}>
        {STATES.map((option) => (
          <button
            key={option}
            type="button"
            className="ui-button ui-button--ghost ui-button--small"
            aria-pressed={filter === option}
            data-testid={`my-actions-${option}`}
            onClick={() => table.setFilter('state', option === 'open' ? '' : option)}
          >
            {t(`myActions.states.${option}`, { count: counts?.[option] ?? 0 })}
          </button>
        ))}
      </nav>
      <DataTable
        caption={t('myActions.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(action) => action.uuid}
        emptyText={t(`myActions.empty.${filter}`)}
      />
      {completing && <CompleteModal action={completing} onClose={() => setCompleting(null)} />}
      {checking && <CheckModal action={checking} onClose={() => setChecking(null)} />}
    </>
  );
}
