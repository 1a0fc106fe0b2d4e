import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@modula/shared';
import { money } from './format';
import { ADS_NAMESPACE } from './i18n';
import type { DayPoint } from './figures';

const WIDTH = 720;
const HEIGHT = 200;
const PAD = 28;

/**
 * Clicks (bars) and spend (line) per day, as inline SVG: no chart library for one small chart. Each
 * scale is its own (left: clicks, right: spend); the figures are also in the summary and the table.
 */
export function ClicksSpendChart({ points }: { points: readonly DayPoint[] }) {
  const { t, i18n } = useTranslation(ADS_NAMESPACE);
  const language = i18n.language;
  const maxClicks = Math.max(1, ...points.map((p) => p.clicks));
  const maxSpent = Math.max(0.01, ...points.map((p) => p.spent));
  const step = (WIDTH - 2 * PAD) / Math.max(1, points.length);
  const y = (value: number, max: number) => HEIGHT - PAD - (value / max) * (HEIGHT - 2 * PAD);
  const line = points.map((p, i) => `${PAD + i * step + step / 2},${y(p.spent, maxSpent)}`).join(' ');
  const clicks = points.reduce((sum, p) => sum + p.clicks, 0);
  const spent = points.reduce((sum, p) => sum + Math.round(p.spent * 100), 0) / 100;
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="ads-chart-caption" style={{ inlineSize: '100%', blockSize: 'auto', direction: 'ltr' }}>
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#c9d3cf" />
        {points.map((p, i) => (
          <rect key={p.day} x={PAD + i * step + step * 0.15} width={step * 0.7} y={y(p.clicks, maxClicks)} height={HEIGHT - PAD - y(p.clicks, maxClicks)} fill="#2f7d5b" opacity={0.75}>
            <title>{`${formatDate(`${p.day}T12:00:00Z`, language)}: ${t('dashboard.chartClicks')} ${formatNumber(p.clicks, language)}, ${t('dashboard.chartSpend')} ${money(p.spent, language)}`}</title>
          </rect>
        ))}
        <polyline points={line} fill="none" stroke="#d97706" strokeWidth={2} />
        <text x={PAD} y={16} fontSize={12} fill="#2f7d5b">{`${t('dashboard.chartClicks')} (${formatNumber(maxClicks, language)})`}</text>
        <text x={WIDTH - PAD} y={16} fontSize={12} fill="#b45309" textAnchor="end">{`${t('dashboard.chartSpend')} (${money(maxSpent, language)})`}</text>
        {first ? <text x={PAD} y={HEIGHT - 8} fontSize={11} fill="#5b6b66">{formatDate(`${first.day}T12:00:00Z`, language, { day: 'numeric', month: 'short' })}</text> : null}
        {last ? <text x={WIDTH - PAD} y={HEIGHT - 8} fontSize={11} fill="#5b6b66" textAnchor="end">{formatDate(`${last.day}T12:00:00Z`, language, { day: 'numeric', month: 'short' })}</text> : null}
      </svg>
      <figcaption id="ads-chart-caption">
        {t('dashboard.chartSummary', { clicks: formatNumber(clicks, language), spent: money(spent, language), days: points.length })}
      </figcaption>
    </figure>
  );
}
