/**
 * Sweeps any numeric knob of the explorer's current configuration: choose the
 * knob, its values and the simulated length; the runs go to the worker pool,
 * and the results are charted, tabulated and exportable as CSV or JSON.
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { create } from 'zustand';
import { findPreset } from '../../sim/scenario/presets/index';
import { useExplorer } from '../state/explorer-store';
import { formatValue } from '../format';
import { BatchControls, durationOptions } from './BatchControls';
import { startBatch, useBatches } from './batch-store';
import { downloadText } from './download';
import { SweepChart } from './SweepChart';
import {
  defaultValues,
  isNumericParam,
  METRICS,
  sweepMetrics,
  parseValues,
  sweepItems,
  sweepRows,
  toCsv,
  toJson,
  type SweepSetup,
} from './sweep-model';
import { FromExplorerNote, SetupPicker } from '../controls/SetupPicker';
import { SelectField } from '../controls/SelectField';

const BATCH = 'sweep';

/** The setup of the last sweep started, so its results stay readable after the explorer changes. */
const useLastSweep = create<{ setup: SweepSetup | null }>(() => ({ setup: null }));

export function SweepView() {
  const { presetId, params, values } = useExplorer(
    useShallow((s) => ({ presetId: s.presetId, params: s.params, values: s.values })),
  );
  const numeric = params.filter(isNumericParam);
  const [key, setKey] = useState<string | null>(null);
  const spec = numeric.find((p) => p.key === key) ?? numeric[0];
  const [texts, setTexts] = useState<Record<string, string>>({});
  const text = spec ? (texts[spec.key] ?? defaultValues(spec).join(', ')) : '';
  const parsed = spec ? parseValues(text, spec) : { values: [], error: 'no numeric knob' };
  const fullMs = useMemo(() => findPreset(presetId)?.scenario().durationMs ?? 10_000, [presetId]);
  const options = useMemo(() => durationOptions(fullMs, [5000, 10_000]), [fullMs]);
  const setup = useLastSweep((s) => s.setup);
  // Results only: progress reports must not re-render the table and chart.
  const results = useBatches((s) => s.batches[BATCH]?.results);
  const rows = useMemo(() => (setup && results ? sweepRows(setup, results) : []), [setup, results]);
  const metrics = useMemo(() => sweepMetrics(rows), [rows]);
  const [metricKey, setMetricKey] = useState(METRICS[0].key);
  const metric = metrics.find((m) => m.key === metricKey) ?? metrics[0];
  const xSpec = setup ? params.find((p) => p.key === setup.key) : undefined;
  const failed = results ? Object.values(results).filter((r) => r.status === 'error') : [];

  const run = (durationMs: number, seed: number) => {
    if (!spec || parsed.error) return;
    const s: SweepSetup = {
      presetId,
      base: { ...values },
      key: spec.key,
      label: spec.label,
      unit: spec.unit ?? '',
      values: parsed.values,
      seed,
      durationMs,
    };
    useLastSweep.setState({ setup: s });
    startBatch(BATCH, sweepItems(s));
  };
  const file = setup ? `tsq-sweep-${setup.presetId}-${setup.key}` : 'tsq-sweep';

  return (
    <div className="sweep-view">
      <section className="panel" aria-label="Sweep setup">
        <h2>Sweep a parameter</h2>
        <FromExplorerNote>
          Starts from the explorer’s configuration: the preset and every knob as set there.
        </FromExplorerNote>
        <div className="setup-row">
          <SetupPicker testIdPrefix="sweep" params={numeric} paramKey={spec?.key ?? ''} onParam={setKey} />
          <label className="field grow">
            <span>Values{spec?.unit ? ` (${spec.unit})` : ''}</span>
            <input
              type="text"
              value={text}
              data-testid="sweep-values"
              aria-invalid={!!parsed.error}
              onChange={(e) => spec && setTexts({ ...texts, [spec.key]: e.target.value })}
            />
          </label>
        </div>
        {parsed.error && (
          <p className="field-error" role="alert">
            {parsed.error}
          </p>
        )}
        <BatchControls
          key={presetId}
          name={BATCH}
          options={options}
          defaultMs={options[0].ms}
          onRun={run}
          disabled={!!parsed.error}
        />
      </section>
      {setup && (
        <section className="panel" aria-label="Sweep results" data-testid="sweep-results">
          <div className="setup-row">
            <h2>
              {findPreset(setup.presetId)?.title}: {setup.label}
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
              disabled={!rows.length}
              data-testid="export-csv"
              onClick={() => downloadText(`${file}.csv`, 'text/csv', toCsv(setup, rows))}
            >
              Export CSV
            </button>
            <button
              type="button"
              disabled={!rows.length}
              data-testid="export-json"
              onClick={() => downloadText(`${file}.json`, 'application/json', toJson(setup, rows))}
            >
              Export JSON
            </button>
          </div>
          {rows.length > 0 && (
            <SweepChart
              rows={rows}
              metric={metric}
              xLabel={setup.label}
              xUnit={setup.unit}
              log={xSpec?.scale === 'log'}
            />
          )}
          {failed.map(
            (r) =>
              r.status === 'error' && (
                <p key={r.jobId} className="field-error">
                  {r.error}
                </p>
              ),
          )}
          <div className="table-scroll">
            <table className="result-table" data-testid="sweep-table">
              <thead>
                <tr>
                  <th scope="col">{setup.label}</th>
                  {metrics.map((m) => (
                    <th key={m.key} scope="col">
                      {m.label}
                    </th>
                  ))}
                  <th scope="col">Bound by</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.value}>
                    <th scope="row">{formatValue(r.value, setup.unit)}</th>
                    {metrics.map((m) => (
                      <td key={m.key}>{formatValue(m.get(r.summary), m.unit)}</td>
                    ))}
                    <td className="small wrap">{r.summary.bound}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
