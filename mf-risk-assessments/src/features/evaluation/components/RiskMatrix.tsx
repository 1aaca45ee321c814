import { riskFactor } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

export interface MatrixCell {
  probability: number;
  severity: number;
}

const SCALE = [1, 2, 3, 4, 5] as const;
const TONE = { success: 'success', warning: 'warning', error: 'danger', info: 'info', neutral: 'info' } as const;

/**
 * The risk matrix heatmap: probability (rows, almost certain on top) x severity (columns). Each cell is coloured by
 * its risk factor (probability + severity, docs/risk-matrix.md), shows how many risks it holds, and filters the
 * risk list when pressed (pressed again: the filter goes).
 */
export function RiskMatrix({
  counts,
  selected,
  onSelect,
}: {
  counts: readonly { probability: number; severity: number; count: number }[];
  selected: MatrixCell | null;
  onSelect: (cell: MatrixCell | null) => void;
}) {
  const { t } = useTranslation('riskAssessments');
  const countOf = (probability: number, severity: number) =>
    counts.find((cell) => cell.probability === probability && cell.severity === severity)?.count ?? 0;
  return (
    <table className="ra-matrix">
      <caption>{t('matrix.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" className="ra-matrix__corner">
            {t('matrix.probability')} / {t('matrix.severity')}
          </th>
          {SCALE.map((severity) => (
            <th key={severity} scope="col">
              {t(`matrix.severities.${severity}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[...SCALE].reverse().map((probability) => (
          <tr key={probability}>
            <th scope="row">{t(`matrix.probabilities.${probability}`)}</th>
            {SCALE.map((severity) => {
              const factor = probability + severity;
              const tone = TONE[riskFactor(factor)?.tone ?? 'neutral'];
              const count = countOf(probability, severity);
              const pressed = selected?.probability === probability && selected.severity === severity;
              return (
                <td key={severity} className={`ra-matrix__cell ra-matrix__cell--${tone}`}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => onSelect(pressed ? null : { probability, severity })}
                  >
                    <span className="ra-matrix__count">{count}</span>
                    {/* The visible count and factor start and end the name (WCAG 2.5.3 label in name). */}
                    <span className="ui-visually-hidden">
                      {' '}
                      {t('matrix.cellLabel', {
                        probability: t(`matrix.probabilities.${probability}`),
                        severity: t(`matrix.severities.${severity}`),
                      })}{' '}
                    </span>
                    <span className="ra-matrix__factor">{factor}</span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
