import type { ElearningOverview, Language } from '@dash/shared-core';
import { localeOf } from '@dash/shared-core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const WIDTH = 560;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 56, left: 44 };

/**
 * Completion rate per org unit and overdue tasks over the last 12 weeks, drawn as SVG with visx. Each chart is an
 * image with a title and a description for screen readers, and the same numbers follow as tables.
 */
export default function StatisticsCharts({ overview }: { overview: ElearningOverview }) {
  const { t, i18n } = useTranslation('elearnings');
  const ids = { rate: useId(), rateDesc: useId(), over: useId(), overDesc: useId() };
  const locale = localeOf((i18n.language === 'en_GB' ? 'en_GB' : 'de_DE') as Language);
  const dayFormat = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' });
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const units = overview.units;
  const x = scaleBand({ domain: units.map((unit) => unit.orgUnitName), range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear({ domain: [0, 100], range: [innerHeight, 0] });
  const points = overview.overdueOverTime;
  const maxOverdue = Math.max(1, ...points.map((point) => point.overdue));
  const xTime = scalePoint({ domain: points.map((point) => point.date), range: [0, innerWidth] });
  const yTime = scaleLinear({ domain: [0, maxOverdue], range: [innerHeight, 0], nice: true });
  const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);
  if (units.length === 0) return <p className="ui-empty">{t('charts.empty')}</p>;
  return (
    <div className="elearning-charts" data-testid="elearning-charts">
      <figure className="elearning-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${ids.rate} ${ids.rateDesc}`}>
          <title id={ids.rate}>{t('charts.completionRate')}</title>
          <desc id={ids.rateDesc}>
            {units.map((unit) => `${unit.orgUnitName}: ${unit.completionRate} %`).join('; ')}
          </desc>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {units.map((unit) => (
              <Bar
                key={unit.orgUnitUuid}
                x={x(unit.orgUnitName) ?? 0}
                y={y(unit.completionRate)}
                width={x.bandwidth()}
                height={innerHeight - y(unit.completionRate)}
                className="elearning-chart__bar"
              />
            ))}
            <AxisLeft
              scale={y}
              numTicks={5}
              tickFormat={(value) => `${value} %`}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize: 11 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickFormat={shortName}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize: 11, angle: -20, textAnchor: 'end' }}
            />
          </Group>
        </svg>
        <figcaption>{t('charts.completionRate')}</figcaption>
      </figure>
      <figure className="elearning-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${ids.over} ${ids.overDesc}`}>
          <title id={ids.over}>{t('charts.overdueOverTime')}</title>
          <desc id={ids.overDesc}>
            {points
              .map((point) => `${dayFormat.format(new Date(`${point.date}T00:00:00`))}: ${point.overdue}`)
              .join('; ')}
          </desc>
          <Group left={MARGIN.left} top={MARGIN.top}>
            <LinePath
              data={points}
              x={(point) => xTime(point.date) ?? 0}
              y={(point) => yTime(point.overdue)}
              className="elearning-chart__line"
              strokeWidth={2}
            />
            {points.map((point) => (
              <circle
                key={point.date}
                cx={xTime(point.date) ?? 0}
                cy={yTime(point.overdue)}
                r={3}
                className="elearning-chart__dot"
              />
            ))}
            <AxisLeft
              scale={yTime}
              numTicks={4}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize: 11 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={xTime}
              tickFormat={(value) => dayFormat.format(new Date(`${value}T00:00:00`))}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize: 11, angle: -30, textAnchor: 'end' }}
            />
          </Group>
        </svg>
        <figcaption>{t('charts.overdueOverTime')}</figcaption>
      </figure>
      {/* Scrolls sideways on narrow screens: focusable so that keyboard users can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="ui-table elearning-chart-table" tabIndex={0} aria-label={t('charts.tableCaption')}>
        <table data-testid="unit-statistics-table">
          <caption>{t('charts.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('charts.columns.orgUnit')}</th>
              <th scope="col">{t('charts.columns.assigned')}</th>
              <th scope="col">{t('status.completed')}</th>
              <th scope="col">{t('status.due')}</th>
              <th scope="col">{t('status.inprogress')}</th>
              <th scope="col">{t('status.overdue')}</th>
              <th scope="col">{t('charts.columns.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {units.map((unit) => (
              <tr key={unit.orgUnitUuid}>
                <th scope="row">{unit.orgUnitName}</th>
                <td>{unit.assigned}</td>
                <td>{unit.completed}</td>
                <td>{unit.due}</td>
                <td>{unit.inprogress}</td>
                <td>{unit.overdue}</td>
                <td>{new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(unit.completionRate)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
