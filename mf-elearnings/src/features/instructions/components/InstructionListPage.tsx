import type { InstructionListItem } from '@dash/shared-core';
import { INSTRUCTION_SORT_KEYS, INSTRUCTION_TARGET_TYPES, type InstructionTargetType } from '@dash/shared-core/calls';
import { Link, PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES, instructionDetailsPath } from '../../../routes';
import { useInstructionList } from '../api/getInstructionList';
import { dayFormatter } from './formatDay';

const FILTERS = ['search', 'targetType', 'completion'] as const;

function isTargetType(value: string | undefined): value is InstructionTargetType {
  return (INSTRUCTION_TARGET_TYPES as readonly string[]).includes(value ?? '');
}

/** Unterweisungen: the client's recorded instructions with how many members have signed. */
export default function InstructionListPage() {
  const { t, i18n } = useTranslation('elearnings');
  const table = useTableState(INSTRUCTION_SORT_KEYS, 'heldOn', FILTERS);
  const { state } = table;
  const completion = state.filter.completion;
  const query = useInstructionList(
    tableRequest(state, {
      search: state.filter.search || undefined,
      targetType: isTargetType(state.filter.targetType) ? state.filter.targetType : undefined,
      completion: completion === 'open' || completion === 'complete' ? completion : undefined,
    }),
  );
  const day = dayFormatter(i18n.language);
  const columns: Column<InstructionListItem>[] = [
    {
      name: 'title',
      label: t('instructions.columns.title'),
      sortable: true,
      value: (row) => (
        <Link to={instructionDetailsPath(row.uuid)}>
          <strong>{row.title}</strong>
        </Link>
      ),
    },
    {
      name: 'heldOn',
      label: t('instructions.columns.heldOn'),
      sortable: true,
      value: (row) => <span className="elearning-nowrap">{day(row.heldOn)}</span>,
    },
    {
      name: 'targetName',
      label: t('instructions.columns.target'),
      sortable: true,
      value: (row) => `${row.targetName} (${t(`instructions.targetType.${row.targetType}`)})`,
    },
    { name: 'instructorName', label: t('instructions.columns.instructor'), value: (row) => row.instructorName },
    {
      name: 'signed',
      label: t('instructions.columns.signed'),
      alignment: 'right',
      value: (row) => (
        <span
          className={`ui-badge elearning-nowrap ${row.confirmedCount === row.attendeeCount ? 'ui-badge--success' : 'ui-badge--warning'}`}
        >
          {t('instructions.signedOf', { signed: row.confirmedCount, total: row.attendeeCount })}
        </span>
      ),
    },
    {
      name: 'repeat',
      label: t('instructions.columns.repeat'),
      value: (row) => t('instructions.everyMonths', { count: row.repeatIntervalMonths }),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('instructions.title')}
        actions={
          <Link className="ui-button" to={ELEARNING_ROUTES.instructionCreate} data-testid="instruction-create-link">
            {t('instructions.create.action')}
          </Link>
        }
      />
      <p className="elearning-description">{t('instructions.intro')}</p>
      <DataTable
        caption={t('instructions.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.uuid}
        emptyText={t('instructions.empty')}
        filters={[
          { name: 'search', type: 'search', label: t('instructions.search') },
          {
            name: 'targetType',
            type: 'dropdown',
            label: t('instructions.columns.targetType'),
            options: [
              { value: '', label: t('instructions.allTargetTypes') },
              ...INSTRUCTION_TARGET_TYPES.map((type) => ({ value: type, label: t(`instructions.targetType.${type}`) })),
            ],
          },
          {
            name: 'completion',
            type: 'dropdown',
            label: t('instructions.columns.signed'),
            options: [
              { value: '', label: t('instructions.completion.all') },
              { value: 'open', label: t('instructions.completion.open') },
              { value: 'complete', label: t('instructions.completion.complete') },
            ],
          },
        ]}
      />
    </>
  );
}
