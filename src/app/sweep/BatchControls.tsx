/**
 * Duration, seed, Run / Cancel and the progress bar of one named batch.
 * Progress counts finished runs plus the simulated fraction of running ones.
 * Give it a `key` per configuration: its choices start from the defaults.
 */
import { useState } from 'react';
import { batchProgress, cancelBatch, useBatches } from './batch-store';
import { SelectField } from '../controls/SelectField';

export interface DurationOption {
  ms: number;
  label: string;
}

/** Quick lengths first: shorter runs shrink the warm-up in proportion (see sweep-runner.ts). */
export function durationOptions(fullMs: number, extra: number[] = []): DurationOption[] {
  const quick = [500, 1000, 2000, ...extra].filter((ms) => ms < fullMs);
  return [
    ...quick.map((ms) => ({ ms, label: `quick: ${ms / 1000} s` })),
    { ms: fullMs, label: `published length: ${fullMs / 1000} s` },
  ];
}

export function BatchControls({
  name,
  options,
  defaultMs,
  onRun,
  runLabel = 'Run sweep',
  disabled = false,
}: {
  name: string;
  options: DurationOption[];
  defaultMs: number;
  onRun: (durationMs: number, seed: number) => void;
  runLabel?: string;
  disabled?: boolean;
}) {
  const batch = useBatches((s) => s.batches[name]);
  const [durationMs, setDurationMs] = useState(defaultMs);
  const [seed, setSeed] = useState(1);
  const running = batch?.status === 'running';
  const p = batchProgress(batch);
  const wallS = batch ? ((batch.endedMs ?? performance.now()) - batch.startedMs) / 1000 : 0;
  return (
    <div className="batch-controls" role="group" aria-label="Sweep">
      <SelectField
        label="Duration per run"
        value={durationMs}
        choices={options.map((o) => ({ value: o.ms, label: o.label }))}
        onChange={(ms) => setDurationMs(Number(ms))}
        testId="duration"
      />
      <label className="field seed">
        <span>Seed</span>
        <input
          type="number"
          min={0}
          step={1}
          value={seed}
          data-testid="sweep-seed"
          onChange={(e) => setSeed(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
        />
      </label>
      <button
        type="button"
        className="primary"
        data-testid="run-sweep"
        disabled={running || disabled}
        onClick={() => onRun(durationMs, seed)}
      >
        {runLabel}
      </button>
      <button type="button" data-testid="cancel-sweep" disabled={!running} onClick={() => cancelBatch(name)}>
        Cancel
      </button>
      <div className="batch-progress">
        <progress
          data-testid="sweep-progress"
          data-status={batch?.status ?? 'idle'}
          max={1}
          value={p.fraction}
          aria-label="Sweep progress"
        />
        <output data-testid="sweep-progress-text">
          {batch
            ? `${p.finished} / ${p.total} runs ${batch.status === 'running' ? '' : batch.status}${
                batch.status === 'running' ? '' : ` in ${wallS.toFixed(1)} s`
              }`
            : 'not run yet'}
        </output>
      </div>
    </div>
  );
}
