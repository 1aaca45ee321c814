import { type EvaluationListItem, type Language, localeOf, localized } from '@dash/shared-core';
import { Link, PageHeader, showToast, useMemberState, useNavigate } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { useFinishAnalysis } from '../api/finishAnalysis';
import { useEvaluationList } from '../api/getEvaluationList';
import { MIN_COMPLETED } from '../constants';
import { RiskLegend } from './RiskLegend';

const SORT_KEYS = ['title', 'targetName', 'completedMemberCount', 'status', 'dueDate'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search', 'status'] as const;
const STATUSES = ['analysing', 'risksCreated', 'actionsAgreed', 'done'] as const;

export function evaluationPath(uuid: string, tabId: 'risks' | 'risk-actions'): string {
  return RISK_ASSESSMENT_ROUTES.evaluationDetails
    .replace(':riskAssessmentExecutionResultUuid', uuid)
    .replace(':tabId', tabId);
}

/** evaluation/list: one row per assigned org unit or location, the legend, and "finish analysis phase". */
export default function EvaluationListPage() {
  const { t, i18n } = useTranslation('riskAssessments');
  const navigate = useNavigate();
  const permissions = useMemberState()?.member.permissions ?? [];
  const mayFinish = permissions.includes('risk-assessment.finish-analysis');
  const [finishing, setFinishing] = useState<EvaluationListItem | null>(null);
  const finish = useFinishAnalysis();
  const table = useTableState<SortKey>(SORT_KEYS, 'title', FILTERS);
  const { state } = table;
  const status = STATUSES.find((each) => each === state.filter.status);
  const query = useEvaluationList(tableRequest(state, { search: state.filter.search, status }));
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const columns: Column<EvaluationListItem>[] = [
    {
      name: 'title',
      label: t('evaluation.columns.title'),
      sortable: true,
      value: (item) => (
        <>
          {item.evaluationUuid ? (
            <Link to={evaluationPath(item.evaluationUuid, 'risks')}>{item.title}</Link>
          ) : (
            item.title
          )}
          <div className="ra-muted">
            {localized(item.typeTitle, i18n.language)} ({t(`kinds.${item.kind}`)})
          </div>
        </>
      ),
    },
    {
      name: 'targetName',
      label: t('evaluation.columns.target'),
      sortable: true,
      value: (item) => (
        <>
          {item.targetName}
          <div className="ra-muted">{t(`evaluation.targetKinds.${item.targetKind}`)}</div>
        </>
      ),
    },
    {
      name: 'dueDate',
      label: t('evaluation.columns.dueDate'),
      sortable: true,
      value: (item) => (item.dueDate ? dateFormat.format(new Date(item.dueDate)) : null),
    },
    {
      name: 'completedMemberCount',
      label: t('evaluation.columns.completed'),
      sortable: true,
      alignment: 'right',
      value: (item) =>
        t('evaluation.completedOf', { completed: item.completedMemberCount, assigned: item.assignedMemberCount }),
    },
    {
      name: 'status',
      label: t('evaluation.columns.status'),
      sortable: true,
      value: (item) => (
        <span className={`ui-badge ra-status ra-status--${item.status}`}>
          {t(`evaluation.statuses.${item.status}`)}
        </span>
      ),
    },
    {
      name: 'action',
      label: t('evaluation.columns.action'),
      value: (item) =>
        item.evaluationUuid ? null : mayFinish ? (
          <button
            type="button"
            className="ui-button ui-button--small"
            disabled={item.completedMemberCount < MIN_COMPLETED}
            title={
              item.completedMemberCount < MIN_COMPLETED
                ? t('evaluation.notEnough', { count: MIN_COMPLETED })
                : undefined
            }
            onClick={() => setFinishing(item)}
          >
            {t('evaluation.finish')}
          </button>
        ) : null,
    },
  ];
  const submit = async () => {
    if (!finishing) return;
    const result = await finish.mutateAsync(finishing.assignmentUuid);
    setFinishing(null);
    showToast({
      type: 'success',
      title: t('common:toast.successTitle'),
      message: t('evaluation.finished', { count: result.riskCount }),
    });
    navigate(evaluationPath(result.uuid, 'risks'));
  };
  return (
    <>
      <PageHeader title={t('evaluation.title')} />
      <RiskLegend />
      <DataTable
        caption={t('evaluation.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(item) => item.assignmentUuid}
        filters={[
          { name: 'search', type: 'search', label: t('evaluation.search') },
          {
            name: 'status',
            type: 'dropdown',
            label: t('evaluation.columns.status'),
            options: [
              { value: '', label: t('evaluation.allStatuses') },
              ...STATUSES.map((value) => ({ value, label: t(`evaluation.statuses.${value}`) })),
            ],
          },
        ]}
      />
      <ConfirmDialog
        open={finishing !== null}
        onClose={() => setFinishing(null)}
        title={t('evaluation.finishTitle')}
        width={40}
        testId="finish-analysis"
        confirmLabel={t('evaluation.finish')}
        busy={finish.isPending}
        onConfirm={submit}
      >
        {finishing && (
          <>
            <p>
              {t('evaluation.finishText', {
                title: finishing.title,
                target: finishing.targetName,
                completed: finishing.completedMemberCount,
                assigned: finishing.assignedMemberCount,
              })}
            </p>
            {finishing.completedMemberCount < finishing.assignedMemberCount && (
              <p className="ui-alert ra-warning">
                {t('evaluation.finishOpen', { count: finishing.assignedMemberCount - finishing.completedMemberCount })}
              </p>
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
