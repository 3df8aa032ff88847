/**
 * One chart of a reference table in SVG (few marks, so no canvas): D3 scales,
 * simulated values as filled marks, published ones as hollow diamonds.
 * Rendered by React; it changes only when a run of the sweep finishes.
 */
import { useRef, type ReactNode } from 'react';
import { chartSvgFigure, pageColors } from '../export/chart-export';
import { FigureButtons } from '../export/FigureButtons';
import { scaleBand, scaleLinear, scalePoint, schemeTableau10 } from 'd3';
import { formatTick } from '../format';
import { yMax, type TableChartModel } from './table-chart';

const W = 560;
const H = 240;
const M = { top: 12, right: 16, bottom: 40, left: 52 };

function Diamond({ x, y, title }: { x: number; y: number; title: string }) {
  return (
    <path className="published-mark" d={`M${x},${y - 5}L${x + 5},${y}L${x},${y + 5}L${x - 5},${y}Z`}>
      <title>{title}</title>
    </path>
  );
}

function YAxis({ y, unit }: { y: ReturnType<typeof scaleLinear<number, number>>; unit: string }) {
  return (
    <g className="chart-axis">
      {y.ticks(5).map((t) => (
        <g key={t} transform={`translate(${M.left},${y(t)})`}>
          <line x2={W - M.left - M.right} className="grid" />
          <text x={-6} dy="0.32em" textAnchor="end">
            {formatTick(t, unit)}
          </text>
        </g>
      ))}
      <text transform={`translate(12,${M.top + (H - M.top - M.bottom) / 2}) rotate(-90)`} textAnchor="middle">
        {unit}
      </text>
    </g>
  );
}

export function TableChart({
  model,
  title,
  caption,
  name,
}: {
  model: TableChartModel;
  title: string;
  /** Provenance for an exported figure. */
  caption: string[];
  /** File name of an exported figure, without extension. */
  name: string;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const y = scaleLinear()
    .domain([0, yMax(model)])
    .range([H - M.bottom, M.top])
    .nice();
  const color = (i: number) => schemeTableau10[i % 10];
  const marks: ReactNode[] = [];
  let xTicks: { x: number; label: string }[];
  if (model.kind === 'line') {
    const x = scalePoint<string>()
      .domain(model.xs)
      .range([M.left, W - M.right])
      .padding(0.4);
    xTicks = model.xs.map((v) => ({ x: x(v) ?? 0, label: v }));
    model.series.forEach((s, i) => {
      const sim = s.points.filter((p) => Number.isFinite(p.simulated));
      const d = sim.map((p, k) => `${k ? 'L' : 'M'}${x(p.x)},${y(p.simulated)}`).join('');
      const pub = s.points.map((p, k) => `${k ? 'L' : 'M'}${x(p.x)},${y(p.published)}`).join('');
      marks.push(
        <g key={s.name} style={{ color: color(i) }}>
          <path d={pub} className="published-line" />
          {d && <path d={d} className="simulated-line" />}
          {s.points.map((p) => (
            <Diamond
              key={`p${p.x}`}
              x={x(p.x) ?? 0}
              y={y(p.published)}
              title={`${p.label}: published ${p.published}`}
            />
          ))}
          {sim.map((p) => (
            <circle key={`s${p.x}`} cx={x(p.x)} cy={y(p.simulated)} r={4} className="simulated-mark">
              <title>{`${p.label}: simulated ${p.simulated.toFixed(2)}`}</title>
            </circle>
          ))}
        </g>,
      );
    });
  } else {
    const groups = scaleBand<string>()
      .domain(model.series.map((s) => s.name))
      .range([M.left, W - M.right])
      .paddingInner(0.2)
      .paddingOuter(0.1);
    const inner = scaleBand<string>().domain(model.xs).range([0, groups.bandwidth()]).padding(0.1);
    xTicks = model.series.map((s) => ({ x: (groups(s.name) ?? 0) + groups.bandwidth() / 2, label: s.name }));
    model.series.forEach((s) =>
      s.points.forEach((p) => {
        const bx = (groups(s.name) ?? 0) + (inner(p.x) ?? 0);
        const bw = inner.bandwidth();
        const ci = model.xs.indexOf(p.x);
        marks.push(
          <g key={p.label} style={{ color: color(ci) }}>
            {Number.isFinite(p.simulated) && (
              <rect
                x={bx}
                width={bw}
                y={y(p.simulated)}
                height={Math.max(0, y(0) - y(p.simulated))}
                className="simulated-bar"
              >
                <title>{`${p.label}: simulated ${p.simulated.toFixed(2)}`}</title>
              </rect>
            )}
            <Diamond x={bx + bw / 2} y={y(p.published)} title={`${p.label}: published ${p.published}`} />
          </g>,
        );
      }),
    );
  }
  const legend = model.kind === 'line' ? model.series.map((s) => s.name) : model.xs;
  return (
    <figure className="table-chart" data-testid="table-chart">
      <figcaption>{title}</figcaption>
      <svg
        ref={ref}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${title}: simulated (filled) and published (diamonds)`}
      >
        <YAxis y={y} unit={model.unit} />
        <g className="chart-axis">
          <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} className="baseline" />
          {xTicks.map((t) => (
            <text key={t.label} x={t.x} y={H - M.bottom + 16} textAnchor="middle">
              {t.label}
            </text>
          ))}
          {model.xLabel && (
            <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle">
              {model.xLabel}
            </text>
          )}
        </g>
        {marks}
      </svg>
      <ul className="chart-legend">
        {legend.map((l, i) => (
          <li key={l}>
            <span className="swatch" style={{ background: color(i) }} aria-hidden="true" />
            {l}
          </li>
        ))}
        <li>
          <span className="legend-diamond" aria-hidden="true">
            ◇
          </span>{' '}
          published
        </li>
      </ul>
      <FigureButtons
        name={name}
        label={title}
        testId="table-chart-export"
        make={() => {
          if (!ref.current) throw new Error('the chart is not drawn yet');
          // The legend is HTML beside the chart; the figure names both marks in its caption.
          const key = `filled marks: simulated; diamonds: published (${legend.join(', ')})`;
          return chartSvgFigure(ref.current, title, [...caption, key], pageColors());
        }}
      />
    </figure>
  );
}
