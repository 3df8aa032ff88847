/**
 * A metric against the swept value in SVG (a handful of points): the median
 * over the seeds as a line and dots, the seeds' range as an error bar, D3
 * scales and ticks. Used alone (one knob) or as one of the small multiples
 * of a two-knob sweep, which share `yMax` so their heights compare.
 */
import { forwardRef } from 'react';
import { scaleLinear, scaleLog } from 'd3';
import { formatTick, formatValue } from '../format';
import { unitName } from '../charts/canvas';
import { statOf, type Metric, type SweepAxis, type SweepPoint } from './sweep-model';

const M = { top: 12, right: 16, bottom: 40, left: 60 };

/** The largest value a chart of these points reaches (the top of the seeds' range). */
export function pointsMax(points: readonly SweepPoint[], metric: Metric): number {
  let hi = 0;
  for (const p of points) {
    const st = statOf(metric, p);
    if (Number.isFinite(st.max)) hi = Math.max(hi, st.max);
  }
  return hi;
}

export const SweepChart = forwardRef<
  SVGSVGElement,
  {
    points: SweepPoint[];
    metric: Metric;
    x: SweepAxis;
    /** The y axis' top, shared by small multiples; the points' own when absent. */
    yMax?: number;
    width?: number;
    height?: number;
    title: string;
  }
>(function SweepChart({ points, metric, x: axis, yMax, width = 560, height = 240, title }, ref) {
  const pts = points
    .map((p) => ({ x: p.x, st: statOf(metric, p) }))
    .filter((p) => Number.isFinite(p.st.median))
    .sort((a, b) => a.x - b.x);
  const xs = axis.values;
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const useLog = axis.log && lo > 0 && hi > lo;
  const W = width;
  const H = height;
  const x = (useLog ? scaleLog() : scaleLinear())
    .domain(hi > lo ? [lo, hi] : [lo - 1, lo + 1])
    .range([M.left, W - M.right]);
  const top = yMax ?? pointsMax(points, metric);
  const y = scaleLinear()
    .domain([0, top > 0 ? top * 1.1 : 1])
    .range([H - M.bottom, M.top])
    .nice();
  // A handful of values are their own best ticks (no 6.5 for an integer knob).
  const xTicks = useLog || new Set(xs).size <= 12 ? [...new Set(xs)] : x.ticks(6);
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.x)},${y(p.st.median)}`).join('');
  const yUnit = unitName(metric.unit);
  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
      <g className="chart-axis">
        {y.ticks(5).map((t) => (
          <g key={t} transform={`translate(${M.left},${y(t)})`}>
            <line x2={W - M.left - M.right} className="grid" />
            <text x={-6} dy="0.32em" textAnchor="end">
              {formatTick(t, metric.unit)}
            </text>
          </g>
        ))}
        <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} className="baseline" />
        {xTicks.map((t) => (
          <text key={t} x={x(t)} y={H - M.bottom + 16} textAnchor="middle">
            {formatTick(t, axis.unit)}
          </text>
        ))}
        <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
          {axis.label}
          {axis.unit ? ` (${unitName(axis.unit)})` : ''}
        </text>
        <text transform={`translate(12,${(H - M.bottom + M.top) / 2}) rotate(-90)`} textAnchor="middle">
          {yUnit}
        </text>
      </g>
      <g style={{ color: 'var(--accent)' }}>
        {d && <path d={d} className="simulated-line" />}
        {pts.map((p) => (
          <g key={p.x} data-testid="sweep-point">
            {p.st.n > 1 && (
              <path
                className="spread-bar"
                d={`M${x(p.x) - 4},${y(p.st.min)}h8M${x(p.x)},${y(p.st.min)}V${y(p.st.max)}M${x(p.x) - 4},${y(p.st.max)}h8`}
              />
            )}
            <circle cx={x(p.x)} cy={y(p.st.median)} r={4} className="simulated-mark">
              <title>{`${formatValue(p.x, axis.unit)}: median ${formatValue(p.st.median, metric.unit)}${
                p.st.n > 1
                  ? ` over ${p.st.n} seeds (${formatValue(p.st.min, metric.unit)} – ${formatValue(p.st.max, metric.unit)})`
                  : ''
              }`}</title>
            </circle>
          </g>
        ))}
      </g>
    </svg>
  );
});
