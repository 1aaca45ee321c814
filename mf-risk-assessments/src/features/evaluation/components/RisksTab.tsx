import type { EvaluationDetails, Risk } from '@dash/shared-core';
import { localized } from '@dash/shared-core';
import { useSearchParams } from '@dash/shared-ui';
import { RiskFactorBadge } from '@dash/shared-ui/display';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRiskList } from '../api/getRiskList';
import { ActionModal } from './ActionModal';
import { EvidenceDialog } from './EvidenceDialog';
import { type MatrixCell, RiskMatrix } from './RiskMatrix';

const SORT_KEYS = ['riskFactor', 'load', 'status', 'hazardFactorGroup'] as const;
type SortKey = (typeof SORT_KEYS)[number];
/**
 * Actions are defined while the evaluation defines them; after the agreement only for a risk a "not effective" check
 * reopened, and never in a signed-off or superseded round (a new round takes them).
 */
function mayDefine(evaluation: EvaluationDetails, risk: Risk): boolean {
  if (risk.notRelevant || evaluation.nextEvaluationUuid !== null) return false;
  if (evaluation.status === 'risksCreated') return true;
  return risk.reopened && evaluation.approval === null;
}

/** The matrix cell filter, `probability-severity` (one URL parameter, so one update sets both). */
const FILTERS = ['cell'] as const;

/** Tab "risks": the matrix heatmap (a cell filters the list) and the risks, each with "define action". */
export function RisksTab({ evaluation, mayChange }: { evaluation: EvaluationDetails; mayChange: boolean }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const stored = useTableState<SortKey>(SORT_KEYS, 'riskFactor', FILTERS);
  const [params] = useSearchParams();
  // The highest risks first until the user sorts: without a sort in the URL the list is by risk factor, descending.
  const unsorted = !params.has('sortBy') && !params.has('sortDirection');
  const table = unsorted ? { ...stored, state: { ...stored.state, sortDirection: 'desc' as const } } : stored;
  const { state } = table;
  const [defining, setDefining] = useState<Risk | null>(null);
  const [showingEvidence, setShowingEvidence] = useState<Risk | null>(null);
  const [probability, severity] = (state.filter.cell ?? '').split('-').map((part) => Number(part) || undefined);
  const selected: MatrixCell | null = probability && severity ? { probability, severity } : null;
  const query = useRiskList({ uuid: evaluation.uuid, ...tableRequest(state, { probability, severity }) });
  const columns: Column<Risk>[] = [
    {
      name: 'riskFactor',
      label: t('risks.columns.riskFactor'),
      sortable: true,
      value: (risk) => <RiskFactorBadge factor={risk.riskFactor} />,
    },
    {
      name: 'load',
      label: t('risks.columns.load'),
      sortable: true,
      value: (risk) => (
        <>
          <strong>{localized(risk.load, i18n.language)}</strong>
          <div className="ra-muted">
            {t('matrix.probability')}: {t(`matrix.probabilities.${risk.probability}`)} · {t('matrix.severity')}:{' '}
            {t(`matrix.severities.${risk.severity}`)}
          </div>
        </>
      ),
    },
    {
      name: 'hazardFactorGroup',
      label: t('risks.columns.group'),
      sortable: true,
      value: (risk) => t(`hazardGroups.${risk.hazardFactorGroup}`, { defaultValue: risk.hazardFactorGroup }),
    },
    { name: 'source', label: t('risks.columns.source'), value: (risk) => localized(risk.source, i18n.language) },
    { name: 'target', label: t('risks.columns.target'), value: (risk) => localized(risk.target, i18n.language) },
    {
      name: 'status',
      label: t('risks.columns.status'),
      sortable: true,
      value: (risk) => (
        <>
          {t(`risks.statuses.${risk.status}`)}
          {risk.notRelevant && <div className="ra-muted">{t('risks.notRelevant')}</div>}
          {risk.actionCount > 0 && (
            <div className="ra-muted">{t('risks.actionCount', { count: risk.actionCount })}</div>
          )}
          {risk.reopened && (
            <div>
              <span className="ui-badge ui-badge--danger">{t('risks.reopened')}</span>
            </div>
          )}
        </>
      ),
    },
    {
      name: 'define',
      label: t('risks.columns.actions'),
      // An inspection's notes and photos open from here too: a column of their own made the table too wide for 1280 px.
      value: (risk) => (
        <span className="ra-row-actions">
          {mayChange && mayDefine(evaluation, risk) && (
            <button
              type="button"
              className="ui-button ui-button--small"
              aria-label={t('risks.defineFor', { load: localized(risk.load, i18n.language) })}
              onClick={() => setDefining(risk)}
            >
              {t('risks.define')}
            </button>
          )}
          {evaluation.kind === 'inspection' && risk.evidenceCount > 0 && (
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small"
              aria-label={t('evidence.openFor', {
                count: risk.evidenceCount,
                load: localized(risk.load, i18n.language),
              })}
              onClick={() => setShowingEvidence(risk)}
            >
              {t('evidence.button', { count: risk.evidenceCount })}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <>
      <RiskMatrix
        counts={evaluation.matrix}
        selected={selected}
        onSelect={(cell) => table.setFilter('cell', cell ? `${cell.probability}-${cell.severity}` : '')}
      />
      {selected && (
        <p className="ra-filter-note" role="status">
          {t('matrix.filtered', {
            probability: t(`matrix.probabilities.${selected.probability}`),
            severity: t(`matrix.severities.${selected.severity}`),
          })}{' '}
          <button
            type="button"
            className="ui-button ui-button--ghost ui-button--small"
            onClick={() => table.setFilter('cell', '')}
          >
            {t('matrix.clear')}
          </button>
        </p>
      )}
      <DataTable
        caption={t('evaluation.tabs.risks')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(risk) => risk.uuid}
      />
      {defining && <ActionModal risk={defining} action={null} onClose={() => setDefining(null)} />}
      {showingEvidence && <EvidenceDialog risk={showingEvidence} onClose={() => setShowingEvidence(null)} />}
    </>
  );
}
