import type { Language, LicenseeUsageItem } from '@dash/shared-core';
import { localeOf } from '@dash/shared-core';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 64, left: 44 };
const SERIES = ['signedIn', 'completion'] as const;

/** Members signed in during the last 30 days, in per cent of the client's members (0 without members). */
export function signedInShare(item: LicenseeUsageItem): number {
  return item.members === 0 ? 0 : Math.round((1000 * item.signedIn30Days) / item.members) / 10;
}

/**
 * The page's clients in the list's order: the share of members signed in during the last 30 days and the e-learning
 * completion rate side by side, drawn as SVG with visx (as the e-learning statistics). An image with a title and a
 * description for screen readers; the table below holds the same numbers.
 */
export default function UsageChart({ items }: { items: readonly LicenseeUsageItem[] }) {
  const { t, i18n } = useTranslation('licensee');
  const ids = { title: useId(), desc: useId() };
  const locale = localeOf((i18n.language === 'en_GB' ? 'en_GB' : 'de_DE') as Language);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // A few clients get bars of a readable width, not the whole chart's.
  const x = scaleBand({
    domain: items.map((item) => item.clientUuid),
    range: [0, Math.min(innerWidth, Math.max(items.length, 6) * 90)],
    padding: 0.25,
  });
  const inner = scaleBand({ domain: [...SERIES], range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear({ domain: [0, 100], range: [innerHeight, 0] });
  const names = new Map(items.map((item) => [item.clientUuid, item.name]));
  const shortName = (uuid: string) => {
    const name = names.get(uuid) ?? '';
    return name.length > 12 ? `${name.slice(0, 11)}…` : name;
  };
  const value = (item: LicenseeUsageItem, series: (typeof SERIES)[number]) =>
    series === 'signedIn' ? signedInShare(item) : (item.completionRate ?? 0);
  return (
    <figure className="usage-chart" data-testid="usage-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${ids.title} ${ids.desc}`}>
        <title id={ids.title}>{t('usage.chart.title')}</title>
        <desc id={ids.desc}>
          {items
            .map(
              (item) =>
                `${item.name}: ${t('usage.chart.signedIn')} ${number.format(signedInShare(item))} %, ` +
                `${t('usage.chart.completion')} ${item.completionRate === null ? '–' : `${number.format(item.completionRate)} %`}`,
            )
            .join('; ')}
        </desc>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {items.map((item) => (
            <Group key={item.clientUuid} left={x(item.clientUuid) ?? 0}>
              {SERIES.map((series) => (
                <Bar
                  key={series}
                  x={inner(series) ?? 0}
                  y={y(value(item, series))}
                  width={inner.bandwidth()}
                  height={innerHeight - y(value(item, series))}
                  className={`usage-chart__bar usage-chart__bar--${series}`}
                />
              ))}
            </Group>
          ))}
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(tick) => `${tick} %`}
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
            tickLabelProps={{ fill: 'currentColor', fontSize: 11, angle: -30, textAnchor: 'end' }}
          />
        </Group>
      </svg>
      <figcaption>
        <span className="usage-chart__caption">{t('usage.chart.title')}</span>
        <span className="usage-chart__legend">
          {SERIES.map((series) => (
            <span key={series} className="usage-chart__key">
              <span className={`usage-chart__swatch usage-chart__bar--${series}`} aria-hidden="true" />
              {t(`usage.chart.${series}`)}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}
