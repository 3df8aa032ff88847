/**
 * A two-knob sweep as a heatmap: one cell per pair of values, coloured by
 * the metric's median over the seeds (a sequential scale from zero, with
 * its colour bar and unit), the value written in the cell, and the seeds'
 * range in the cell's tooltip. Cells not run (yet) stay empty.
 */
import { forwardRef } from 'react';
import { interpolateViridis, scaleBand, scaleLinear, scaleSequential } from 'd3';
import { formatTick, formatValue, num } from '../format';
import { unitName } from '../charts/canvas';
import { statOf, type Metric, type SweepPoint, type SweepSetup } from './sweep-model';

const M = { top: 12, right: 90, bottom: 42, left: 74 };

export const SweepHeatmap = forwardRef<
  SVGSVGElement,
  { setup: SweepSetup; points: SweepPoint[]; metric: Metric; title: string }
>(function SweepHeatmap({ setup, points, metric, title }, ref) {
  const yAxis = setup.y!;
  const W = Math.max(420, M.left + M.right + setup.x.values.length * 64);
  const H = Math.max(200, M.top + M.bottom + yAxis.values.length * 34);
  const x = scaleBand<number>()
    .domain(setup.x.values)
    .range([M.left, W - M.right])
    .padding(0.04);
  const y = scaleBand<number>()
    .domain(yAxis.values)
    .range([H - M.bottom, M.top])
    .padding(0.06);
  const stats = points.map((p) => ({ p, st: statOf(metric, p) }));
  const hi = Math.max(0, ...stats.map((s) => s.st.median).filter(Number.isFinite));
  const color = scaleSequential(interpolateViridis).domain([0, hi > 0 ? hi : 1]);
  const bar = scaleLinear()
    .domain([0, hi > 0 ? hi : 1])
    .range([H - M.bottom, M.top])
    .nice();
  const barX = W - M.right + 18;
  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} data-testid="sweep-heatmap">
      {stats.map(({ p, st }) => {
        const v = st.median;
        if (!Number.isFinite(v)) return null;
        const fill = color(v);
        // Text in white on the dark end of the scale, in black on the light end.
        const light = v / (hi || 1) > 0.6;
        return (
          <g key={`${p.x}|${p.y}`} data-testid="heatmap-cell">
            <rect x={x(p.x)} y={y(p.y!)} width={x.bandwidth()} height={y.bandwidth()} fill={fill}>
              <title>{`${setup.x.label} ${formatValue(p.x, setup.x.unit)}, ${yAxis.label} ${formatValue(p.y!, yAxis.unit)}: ${formatValue(v, metric.unit)}${
                st.n > 1
                  ? ` (median of ${st.n} seeds, ${formatValue(st.min, metric.unit)} – ${formatValue(st.max, metric.unit)})`
                  : ''
              }`}</title>
            </rect>
            <text
              x={(x(p.x) ?? 0) + x.bandwidth() / 2}
              y={(y(p.y!) ?? 0) + y.bandwidth() / 2}
              dy="0.35em"
              textAnchor="middle"
              fontSize={11}
              fill={light ? '#111' : '#fff'}
            >
              {formatTick(v, metric.unit) || num(v)}
            </text>
          </g>
        );
      })}
      <g className="chart-axis">
        {setup.x.values.map((v) => (
          <text key={v} x={(x(v) ?? 0) + x.bandwidth() / 2} y={H - M.bottom + 16} textAnchor="middle">
            {formatTick(v, setup.x.unit)}
          </text>
        ))}
        <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
          {setup.x.label}
          {setup.x.unit ? ` (${unitName(setup.x.unit)})` : ''}
        </text>
        {yAxis.values.map((v) => (
          <text key={v} x={M.left - 6} y={(y(v) ?? 0) + y.bandwidth() / 2} dy="0.32em" textAnchor="end">
            {formatTick(v, yAxis.unit)}
          </text>
        ))}
        <text transform={`translate(12,${(H - M.bottom + M.top) / 2}) rotate(-90)`} textAnchor="middle">
          {yAxis.label.length > 28 ? yAxis.label.replace(/ \(.*\)$/, '') : yAxis.label}
        </text>
        {bar.ticks(4).map((t) => (
          <text key={t} x={barX + 16} y={bar(t)} dy="0.32em">
            {formatTick(t, metric.unit)}
          </text>
        ))}
        <text transform={`translate(${W - 6},${(H - M.bottom + M.top) / 2}) rotate(-90)`} textAnchor="middle">
          {unitName(metric.unit)}
        </text>
      </g>
      {Array.from({ length: 24 }, (_, i) => {
        const v0 = (i / 24) * (hi || 1);
        const y0 = bar(v0);
        const y1 = bar(((i + 1) / 24) * (hi || 1));
        return <rect key={i} x={barX} y={y1} width={10} height={Math.max(0.5, y0 - y1)} fill={color(v0)} />;
      })}
    </svg>
  );
});
