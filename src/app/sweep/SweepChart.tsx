/** A metric against the swept value, in SVG (a handful of points): line and dots, D3 scales and ticks. */
import { scaleLinear, scaleLog } from 'd3';
import { formatTick, formatValue } from '../format';
import type { Metric, SweepRow } from './sweep-model';

const W = 560;
const H = 240;
const M = { top: 12, right: 16, bottom: 40, left: 60 };

export function SweepChart({
  rows,
  metric,
  xLabel,
  xUnit,
  log,
}: {
  rows: SweepRow[];
  metric: Metric;
  xLabel: string;
  xUnit: string;
  log: boolean;
}) {
  const pts = rows
    .map((r) => ({ x: r.value, y: metric.get(r.summary) }))
    .filter((p) => Number.isFinite(p.y))
    .sort((a, b) => a.x - b.x);
  const xs = rows.map((r) => r.value);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const useLog = log && lo > 0 && hi > lo;
  const x = (useLog ? scaleLog() : scaleLinear())
    .domain(hi > lo ? [lo, hi] : [lo - 1, lo + 1])
    .range([M.left, W - M.right]);
  const yHi = Math.max(0, ...pts.map((p) => p.y));
  const y = scaleLinear()
    .domain([0, yHi > 0 ? yHi * 1.1 : 1])
    .range([H - M.bottom, M.top])
    .nice();
  // A handful of values are their own best ticks (no 6.5 for an integer knob).
  const xTicks = useLog || new Set(xs).size <= 12 ? [...new Set(xs)] : x.ticks(6);
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.x)},${y(p.y)}`).join('');
  return (
    <figure className="table-chart" data-testid="sweep-chart">
      <figcaption>
        {metric.label} vs {xLabel}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${metric.label} against ${xLabel}`}>
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
              {formatTick(t, xUnit)}
            </text>
          ))}
          <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
            {xLabel}
            {xUnit ? ` (${xUnit})` : ''}
          </text>
          <text transform={`translate(12,${(H - M.bottom + M.top) / 2}) rotate(-90)`} textAnchor="middle">
            {metric.unit}
          </text>
        </g>
        <g style={{ color: 'var(--accent)' }}>
          {d && <path d={d} className="simulated-line" />}
          {pts.map((p) => (
            <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={4} className="simulated-mark">
              <title>{`${formatValue(p.x, xUnit)}: ${formatValue(p.y, metric.unit)}`}</title>
            </circle>
          ))}
        </g>
      </svg>
    </figure>
  );
}
