/**
 * A sweep's results: a chart (one knob: the metric against it; two knobs: a
 * heatmap or small multiples on one y scale), the seeds' spread, a notice
 * when the runs are shorter than the preset's published length, a table of
 * medians, and exports (CSV, JSON, each chart as SVG or PNG).
 */
import { useMemo, useRef, useState } from 'react';
import { useStackWhenNarrow } from '../table-stack';
import { findPreset } from '../../sim/scenario/presets/index';
import { formatNs, formatValue } from '../format';
import { pageColors, chartSvgFigure } from '../export/chart-export';
import { FigureButtons } from '../export/FigureButtons';
import { appItem } from '../export/provenance';
import { formatParamValue } from '../share/url-state';
import { useExplorer } from '../state/explorer-store';
import { SelectField } from '../controls/SelectField';
import { downloadText } from './download';
import { pointsMax, SweepChart } from './SweepChart';
import { SweepHeatmap } from './SweepHeatmap';
import { toCsv, toJson } from './sweep-export';
import {
  firstSummary,
  statOf,
  sweepMetrics,
  type Metric,
  type SweepPoint,
  type SweepSetup,
} from './sweep-model';
import { METRICS } from './sweep-model';

/** Where a sweep's numbers come from, for a figure's caption. */
export function sweepCaption(s: SweepSetup): string[] {
  const ex = useExplorer.getState();
  const d = ex.presetDefaults?.presetId === s.presetId ? ex.presetDefaults.values : {};
  const base = Object.entries(s.base)
    .filter(([k, v]) => d[k] !== undefined && d[k] !== v && k !== s.x.key && k !== s.y?.key)
    .map(([k, v]) => `${k}=${formatParamValue(k, v)}`);
  const axis = (a: SweepSetup['x']) =>
    `${a.key} = ${a.values.map((v) => formatParamValue(a.key, v)).join(', ')}`;
  const seeds =
    s.seeds.length > 1
      ? `seeds ${s.seeds[0]}–${s.seeds[s.seeds.length - 1]} (median; bars: min–max)`
      : `seed ${s.seeds[0]}`;
  return [
    appItem(),
    `preset ${s.presetId}`,
    base.length ? `parameters ${base.join(', ')}` : 'the preset’s parameters',
    `swept ${axis(s.x)}${s.y ? ` × ${axis(s.y)}` : ''}`,
    seeds,
    `${formatNs(s.durationMs * 1e6)} simulated per run${s.durationMs < s.fullMs ? ` (shorter than the published ${formatNs(s.fullMs * 1e6)})` : ''}`,
  ];
}

function ExportableChart({
  title,
  name,
  testId,
  caption,
  children,
}: {
  title: string;
  name: string;
  testId: string;
  caption: string[];
  children: (ref: React.Ref<SVGSVGElement>) => React.ReactNode;
}) {
  const ref = useRef<SVGSVGElement>(null);
  return (
    <figure className="table-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {children(ref)}
      <FigureButtons
        name={name}
        label={title}
        testId={`${testId}-export`}
        make={() => {
          if (!ref.current) throw new Error('the chart is not drawn yet');
          return chartSvgFigure(ref.current, title, caption, pageColors());
        }}
      />
    </figure>
  );
}

function Charts({ setup, points, metric }: { setup: SweepSetup; points: SweepPoint[]; metric: Metric }) {
  const [view, setView] = useState<'heatmap' | 'multiples'>('heatmap');
  const caption = useMemo(() => sweepCaption(setup), [setup]);
  const file = `tsq-sweep-${setup.presetId}-${metric.key}`;
  if (!setup.y)
    return (
      <ExportableChart
        title={`${metric.label} vs ${setup.x.label}`}
        name={file}
        testId="sweep-chart"
        caption={caption}
      >
        {(ref) => (
          <SweepChart
            ref={ref}
            points={points}
            metric={metric}
            x={setup.x}
            title={`${metric.label} against ${setup.x.label}`}
          />
        )}
      </ExportableChart>
    );
  const y = setup.y;
  const top = pointsMax(points, metric);
  return (
    <>
      <SelectField
        label="Draw as"
        value={view}
        choices={[
          { value: 'heatmap', label: 'heatmap' },
          { value: 'multiples', label: `small multiples (one per ${y.label})` },
        ]}
        onChange={(v) => setView(v as 'heatmap' | 'multiples')}
        testId="sweep-view"
      />
      {view === 'heatmap' ? (
        <ExportableChart
          title={`${metric.label} over ${setup.x.label} × ${y.label}`}
          name={`${file}-heatmap`}
          testId="sweep-chart"
          caption={caption}
        >
          {(ref) => (
            <SweepHeatmap
              ref={ref}
              setup={setup}
              points={points}
              metric={metric}
              title={`${metric.label} heatmap`}
            />
          )}
        </ExportableChart>
      ) : (
        <div className="small-multiples">
          {y.values.map((v) => (
            <ExportableChart
              key={v}
              title={`${metric.label} vs ${setup.x.label}, ${y.label} = ${formatValue(v, y.unit)}`}
              name={`${file}-${y.key}-${v}`}
              testId="sweep-chart"
              caption={caption}
            >
              {(ref) => (
                <SweepChart
                  ref={ref}
                  points={points.filter((p) => p.y === v)}
                  metric={metric}
                  x={setup.x}
                  yMax={top}
                  width={360}
                  height={200}
                  title={`${metric.label} against ${setup.x.label} at ${y.label} ${formatValue(v, y.unit)}`}
                />
              )}
            </ExportableChart>
          ))}
        </div>
      )}
    </>
  );
}

const cellText = (m: Metric, p: SweepPoint) => {
  const st = statOf(m, p);
  const med = formatValue(st.median, m.unit);
  return st.n > 1 ? `${med} (${formatValue(st.min, m.unit)} – ${formatValue(st.max, m.unit)})` : med;
};

export function SweepResults({
  setup,
  points,
  failed,
}: {
  setup: SweepSetup;
  points: SweepPoint[];
  failed: string[];
}) {
  const metrics = useMemo(() => sweepMetrics(points), [points]);
  const [metricKey, setMetricKey] = useState(METRICS[0].key);
  const metric = metrics.find((m) => m.key === metricKey) ?? metrics[0];
  const file = `tsq-sweep-${setup.presetId}-${setup.x.key}${setup.y ? `-${setup.y.key}` : ''}`;
  const short = setup.durationMs < setup.fullMs;
  const tableBox = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useStackWhenNarrow(tableBox, tableRef);
  return (
    <section className="panel" aria-label="Sweep results" data-testid="sweep-results">
      <div className="setup-row">
        <h2>
          {findPreset(setup.presetId)?.title}: {setup.x.label}
          {setup.y ? ` × ${setup.y.label}` : ''}
        </h2>
        <SelectField
          label="Chart"
          value={metric.key}
          choices={metrics.map((m) => ({ value: m.key, label: m.label }))}
          onChange={setMetricKey}
          testId="sweep-metric"
        />
        <button
          type="button"
          disabled={!points.length}
          data-testid="export-csv"
          onClick={() => downloadText(`${file}.csv`, 'text/csv', toCsv(setup, points))}
        >
          Export CSV
        </button>
        <button
          type="button"
          disabled={!points.length}
          data-testid="export-json"
          onClick={() => downloadText(`${file}.json`, 'application/json', toJson(setup, points))}
        >
          Export JSON
        </button>
      </div>
      {short && (
        <p className="notice" role="note" data-testid="sweep-short-notice">
          Each run simulated {formatNs(setup.durationMs * 1e6)}, shorter than this preset’s published length (
          {formatNs(setup.fullMs * 1e6)}): the warm-up shrinks with it, so these numbers are not comparable
          with the published table or with runs of full length.
        </p>
      )}
      {setup.seeds.length > 1 && (
        <p className="muted small">
          {setup.seeds.length} seeds per point ({setup.seeds.join(', ')}): the median is shown, and the bars
          (and the table’s brackets) give the lowest and highest seed.
        </p>
      )}
      {points.length > 0 && metric && <Charts setup={setup} points={points} metric={metric} />}
      {failed.map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
      <div className="table-scroll" ref={tableBox}>
        <table className="result-table stackable" data-testid="sweep-table" ref={tableRef}>
          <thead>
            <tr>
              <th scope="col">{setup.x.label}</th>
              {setup.y && <th scope="col">{setup.y.label}</th>}
              {metrics.map((m) => (
                <th key={m.key} scope="col">
                  {m.label}
                </th>
              ))}
              <th scope="col">Bound by</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={`${p.x}|${p.y}`}>
                <th scope="row" data-label={setup.x.label}>
                  {formatValue(p.x, setup.x.unit)}
                </th>
                {setup.y && (
                  <th scope="row" data-label={setup.y.label}>
                    {formatValue(p.y!, setup.y.unit)}
                  </th>
                )}
                {metrics.map((m) => (
                  <td key={m.key} data-label={m.label}>
                    {cellText(m, p)}
                  </td>
                ))}
                <td className="small wrap" data-label="Bound by">
                  {firstSummary(p).bound}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
