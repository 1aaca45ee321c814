import type { RiskAssessmentAssignment, RiskAssessmentSettings } from '@dash/shared-core';
import { showToast, useMemberState } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { type Column, DataTable, queryRows, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignmentChange } from '../api/changeAssignments';
import { useChangeAssignments } from '../api/changeAssignments';
import { useAssignmentList } from '../api/getAssignmentList';
import { type AssignKind, AssignModal } from './AssignModal';

const SORT_KEYS = ['name', 'kind', 'assignedMemberCount', 'completedMemberCount', 'createdAt'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** catalog/details/{uuid}/assignments: org units, the location or single members, with completed counts. */
export function AssignmentsTab({ settings }: { settings: RiskAssessmentSettings }) {
  const { t } = useTranslation('riskAssessments');
  const permissions = useMemberState()?.member.permissions ?? [];
  const canChange = permissions.includes('risk-assessment.change-assignments');
  const table = useTableState<SortKey>(SORT_KEYS, 'name', []);
  const { state } = table;
  const query = useAssignmentList({
    uuid: settings.uuid,
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
  });
  const change = useChangeAssignments();
  const [assigning, setAssigning] = useState<AssignKind | null>(null);
  const [removing, setRemoving] = useState<RiskAssessmentAssignment[] | null>(null);

  const run = async (request: AssignmentChange, done: () => void) => {
    const result = await change.mutateAsync(request);
    done();
    if (result) {
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('assignments.assigned', { count: result.memberTaskCount }),
      });
    } else {
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('assignments.removed') });
    }
  };

  const columns: Column<RiskAssessmentAssignment>[] = [
    { name: 'name', label: t('assignments.columns.name'), sortable: true, value: (row) => <strong>{row.name}</strong> },
    {
      name: 'kind',
      label: t('assignments.columns.kind'),
      sortable: true,
      value: (row) => t(`assignments.kinds.${row.kind}`),
    },
    {
      name: 'assignedMemberCount',
      label: t('assignments.columns.assigned'),
      sortable: true,
      alignment: 'right',
      value: (row) => row.assignedMemberCount,
    },
    {
      name: 'completedMemberCount',
      label: t('assignments.columns.completed'),
      sortable: true,
      alignment: 'right',
      value: (row) => row.completedMemberCount,
    },
  ];
  const kinds: AssignKind[] =
    settings.kind === 'survey' ? ['org-unit', 'location'] : ['org-unit', 'location', 'member'];
  return (
    <section className="ui-card">
      {canChange && (
        <div className="ui-form-actions ra-assign-actions">
          {kinds.map((kind) => (
            <button key={kind} type="button" className="ui-button" onClick={() => setAssigning(kind)}>
              {t(`assignments.assign.${kind}`)}
            </button>
          ))}
        </div>
      )}
      {settings.kind === 'survey' && <p className="ra-hint">{t('assignments.surveyHint')}</p>}
      <DataTable
        caption={t('details.tabs.assignments')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.uuid}
        rowLabel={(row) => row.name}
        emptyText={t('assignments.empty')}
        rowActions={[
          {
            id: 'remove',
            label: t('assignments.remove'),
            permissions: ['risk-assessment.change-assignments'],
            onAction: (row) => setRemoving([row]),
          },
        ]}
        bulkActions={[
          {
            id: 'remove',
            label: t('assignments.remove'),
            permissions: ['risk-assessment.change-assignments'],
            onAction: (rows) => setRemoving(rows),
          },
        ]}
      />
      <AssignModal
        kind={assigning}
        taskUuid={settings.uuid}
        busy={change.isPending}
        onClose={() => setAssigning(null)}
        onAssign={(request) => void run(request, () => setAssigning(null))}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('assignments.removeTitle')}
        testId="remove-assignments"
        text={t('assignments.removeText', { names: (removing ?? []).map((row) => row.name).join(', ') })}
        confirmLabel={t('assignments.remove')}
        variant="danger"
        busy={change.isPending}
        onConfirm={() =>
          run(
            {
              call: 'riskAssessmentDeleteAssignments',
              body: { uuid: settings.uuid, assignmentUuids: (removing ?? []).map((row) => row.uuid) },
            },
            () => setRemoving(null),
          )
        }
      />
    </section>
  );
}
