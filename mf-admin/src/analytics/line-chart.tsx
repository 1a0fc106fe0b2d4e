import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import uPlot from 'uplot';
import { formatDate, formatNumber } from '@modula/shared';

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

// uPlot's own stylesheet (dist/uPlot.min.css), the parts this chart uses.
const Frame = styled.div`
  inline-size: 100%; min-block-size: 240px;
  .uplot, .uplot * { box-sizing: border-box; }
  .uplot { font-family: inherit; line-height: 1.5; inline-size: min-content; }
  .u-wrap { position: relative; user-select: none; }
  .u-over, .u-under { position: absolute; }
  .u-under { overflow: hidden; }
  .uplot canvas { display: block; position: relative; width: 100%; height: 100%; }
  .u-axis { position: absolute; }
  .u-select { background: rgba(0, 0, 0, 0.07); position: absolute; pointer-events: none; }
  .u-cursor-x, .u-cursor-y { position: absolute; left: 0; top: 0; pointer-events: none; will-change: transform; }
  .u-hz .u-cursor-x { height: 100%; border-right: 1px dashed #607d8b; }
  .u-hz .u-cursor-y { width: 100%; border-bottom: 1px dashed #607d8b; }
  .u-cursor-pt { position: absolute; top: 0; left: 0; border-radius: 50%; border: 0 solid; pointer-events: none; background-clip: padding-box !important; }
  .u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off { display: none; }
`;

const HEIGHT = 260;

/**
 * A daily line chart (uPlot, canvas). The canvas is an image to assistive technology, labelled by
 * `label`; the same numbers are in the table next to it.
 */
export function LineChart({ label, days, series, language }: { label: string; days: string[]; series: ChartSeries[]; language: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const rtl = getComputedStyle(element).direction === 'rtl';
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true, dir: rtl ? -1 : 1 }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        {
          side: 2,
          values: (_u, splits) => splits.map((v) => formatDate(new Date(v * 1000), language, { month: 'short', day: 'numeric', timeZone: 'UTC' })),
          grid: { stroke: '#eef0f3' },
        },
        {
          side: rtl ? 1 : 3,
          values: (_u, splits) => splits.map((v) => formatNumber(v, language)),
          grid: { stroke: '#eef0f3' },
          size: 56,
        },
      ],
      series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } }))],
    };
    const data: uPlot.AlignedData = [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...series.map((s) => s.values)];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, language]);
  return <Frame ref={ref} role="img" aria-label={label} data-chart="line" />;
}
