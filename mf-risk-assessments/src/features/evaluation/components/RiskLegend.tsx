// The risk-factor texts come with the display entry (its badges are not used here).
import '@dash/shared-ui/display';
import { useTranslation } from 'react-i18next';

/** The five levels of the risk factor scale, each in its colour (spec section 3, "Risk factor labels"). */
export const RISK_LEVEL_RANGES = [
  { level: 'veryLow', range: '1–2', tone: 'success' },
  { level: 'low', range: '3–4', tone: 'warning' },
  { level: 'medium', range: '5–6', tone: 'warning' },
  { level: 'high', range: '7–8', tone: 'danger' },
  { level: 'veryHigh', range: '9–10', tone: 'danger' },
] as const;

export function RiskLegend() {
  const { t } = useTranslation('riskAssessments');
  return (
    <section className="ra-legend" aria-labelledby="ra-legend-title">
      <h2 id="ra-legend-title" className="ra-legend__title">
        {t('evaluation.legend')}
      </h2>
      <ul className="ra-legend__list">
        {RISK_LEVEL_RANGES.map((entry) => (
          <li key={entry.level}>
            <span className={`ui-badge ui-badge--${entry.tone}`} data-level={entry.level}>
              {entry.range} · {t(`ui:riskFactor.${entry.level}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
