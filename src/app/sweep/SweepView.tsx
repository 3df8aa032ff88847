/**
 * Sweeps one numeric knob of the explorer's current configuration, or two
 * (a grid), with one run per seed at each point: choose the knobs, their
 * values, the seeds and the simulated length; the runs go to the worker
 * pool, and the results are charted, tabulated and exported (SweepResults).
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { create } from 'zustand';
import { findPreset } from '../../sim/scenario/presets/index';
import { useExplorer } from '../state/explorer-store';
import type { ParamSpec } from '../../worker/protocol';
import { BatchControls, durationOptions } from './BatchControls';
import { startBatch, useBatches } from './batch-store';
import {
  defaultValues,
  isNumericParam,
  parseValues,
  seedsFrom,
  sweepItems,
  sweepPoints,
  type SweepAxis,
  type SweepSetup,
} from './sweep-model';
import { SweepResults } from './SweepResults';
import { FromExplorerNote } from '../controls/SetupPicker';
import { PresetSelect } from '../controls/PresetPicker';

const BATCH = 'sweep';
/** Runs per sweep, at most: a grid of many values times several seeds would keep the workers busy for long. */
const MAX_RUNS = 256;

/** The setup of the last sweep started, so its results stay readable after the explorer changes. */
const useLastSweep = create<{ setup: SweepSetup | null }>(() => ({ setup: null }));

function AxisPicker({
  which,
  params,
  spec,
  onKey,
  text,
  onText,
  error,
  allowNone,
}: {
  which: 'x' | 'y';
  params: ParamSpec[];
  spec: ParamSpec | undefined;
  onKey: (k: string) => void;
  text: string;
  onText: (t: string) => void;
  error: string | null;
  allowNone?: boolean;
}) {
  const id = which === 'x' ? 'sweep' : 'sweep-y';
  return (
    <div className="setup-row">
      <label className="field">
        <span>{which === 'x' ? 'Parameter' : 'Second parameter'}</span>
        <select value={spec?.key ?? ''} data-testid={`${id}-param`} onChange={(e) => onKey(e.target.value)}>
          {allowNone && <option value="">none (one parameter)</option>}
          {params.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {spec && (
        <label className="field grow">
          <span>Values{spec.unit ? ` (${spec.unit})` : ''}</span>
          <input
            type="text"
            value={text}
            data-testid={`${id}-values`}
            aria-invalid={!!error}
            onChange={(e) => onText(e.target.value)}
          />
        </label>
      )}
      {error && (
        <p className="field-error" role="alert">
          {spec?.label}: {error}
        </p>
      )}
    </div>
  );
}

const axisOf = (p: ParamSpec, values: number[]): SweepAxis => ({
  key: p.key,
  label: p.label,
  unit: p.unit ?? '',
  values,
  log: p.scale === 'log',
});

export function SweepView() {
  const { presetId, params, values } = useExplorer(
    useShallow((s) => ({ presetId: s.presetId, params: s.params, values: s.values })),
  );
  const numeric = params.filter(isNumericParam);
  const [xKey, setXKey] = useState<string | null>(null);
  const [yKey, setYKey] = useState<string>('');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [seedCount, setSeedCount] = useState(1);
  const xSpec = numeric.find((p) => p.key === xKey) ?? numeric[0];
  const ySpec = numeric.find((p) => p.key === yKey && p.key !== xSpec?.key);
  const textOf = (p: ParamSpec | undefined) => (p ? (texts[p.key] ?? defaultValues(p).join(', ')) : '');
  const px = xSpec ? parseValues(textOf(xSpec), xSpec) : { values: [], error: 'no numeric knob' };
  const py = ySpec ? parseValues(textOf(ySpec), ySpec) : { values: [1], error: null };
  const runs = px.values.length * py.values.length * seedCount;
  const tooMany = runs > MAX_RUNS ? `${runs} runs: at most ${MAX_RUNS} (fewer values or seeds)` : null;
  const fullMs = useMemo(() => findPreset(presetId)?.scenario().durationMs ?? 10_000, [presetId]);
  const options = useMemo(() => durationOptions(fullMs, [5000, 10_000]), [fullMs]);
  const setup = useLastSweep((s) => s.setup);
  // Results only: progress reports must not re-render the table and chart.
  const results = useBatches((s) => s.batches[BATCH]?.results);
  const points = useMemo(() => (setup && results ? sweepPoints(setup, results) : []), [setup, results]);
  const failed = results
    ? Object.values(results).flatMap((r) => (r.status === 'error' ? [r.error] : []))
    : [];

  const run = (durationMs: number, seed: number) => {
    if (!xSpec || px.error || py.error || tooMany) return;
    const s: SweepSetup = {
      presetId,
      base: { ...values },
      x: axisOf(xSpec, px.values),
      y: ySpec ? axisOf(ySpec, py.values) : null,
      seeds: seedsFrom(seed, seedCount),
      durationMs,
      fullMs,
    };
    useLastSweep.setState({ setup: s });
    startBatch(BATCH, sweepItems(s));
  };
  const setText = (p: ParamSpec | undefined, t: string) => p && setTexts({ ...texts, [p.key]: t });

  return (
    <div className="sweep-view">
      <section className="panel" aria-label="Sweep setup">
        <h2>Sweep one parameter or two</h2>
        <FromExplorerNote>
          Starts from the explorer’s configuration: the preset and every knob as set there.
        </FromExplorerNote>
        <div className="setup-row">
          <PresetSelect testId="sweep-preset" />
        </div>
        <AxisPicker
          which="x"
          params={numeric}
          spec={xSpec}
          onKey={setXKey}
          text={textOf(xSpec)}
          onText={(t) => setText(xSpec, t)}
          error={px.error}
        />
        <AxisPicker
          which="y"
          params={numeric.filter((p) => p.key !== xSpec?.key)}
          spec={ySpec}
          onKey={setYKey}
          text={textOf(ySpec)}
          onText={(t) => setText(ySpec, t)}
          error={ySpec ? py.error : null}
          allowNone
        />
        <div className="setup-row">
          <label className="field seed">
            <span>Seeds per point</span>
            <input
              type="number"
              min={1}
              max={16}
              value={seedCount}
              data-testid="sweep-seeds"
              onChange={(e) =>
                setSeedCount(Math.max(1, Math.min(16, Math.trunc(Number(e.target.value) || 1))))
              }
            />
          </label>
          <p className="muted small">
            {runs} run{runs === 1 ? '' : 's'}
            {seedCount > 1
              ? `: ${seedCount} seeds from the seed below at each point, the median reported`
              : ''}
          </p>
        </div>
        {tooMany && (
          <p className="field-error" role="alert">
            {tooMany}
          </p>
        )}
        <BatchControls
          key={presetId}
          name={BATCH}
          options={options}
          defaultMs={options[0].ms}
          onRun={run}
          disabled={!!px.error || !!py.error || !!tooMany}
        />
      </section>
      {setup && <SweepResults setup={setup} points={points} failed={failed} />}
    </div>
  );
}
