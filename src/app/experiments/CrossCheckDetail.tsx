/**
 * A cross-check: a published measurement outside the reference threads
 * (src/sim/scenario/cross-checks.ts), its runs on the sweep workers, and the
 * published figure beside the simulated one. No tolerance is claimed: the
 * ratio says how close the model comes, and docs/cross-checks.md says why.
 */
import { useMemo } from 'react';
import {
  figureToleranceText,
  figureValue,
  figureWithin,
  type CrossCheck,
} from '../../sim/scenario/cross-checks';
import { findPreset } from '../../sim/scenario/presets/index';
import type { Summary } from '../../worker/protocol';
import { useExplorerContext } from '../explorer-context';
import { BatchControls } from '../sweep/BatchControls';
import { startBatch, useBatches, type BatchItem } from '../sweep/batch-store';
import { openInExplorer } from './open-in-explorer';
import { SOURCES } from '../../sim/scenario/sources';
import { CitationLink } from '../learn/CitationLink';

export const crossCheckBatch = (id: string) => `cross-check:${id}`;

function items(check: CrossCheck, seed: number): BatchItem[] {
  // Each run at its preset's own length: the figures are for the settled flows.
  return check.runs.map((r) => ({ key: r.id, spec: { presetId: r.presetId, overrides: r.set, seed } }));
}

const fmt = (v: number) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(2)) : '…');

export function CrossCheckDetail({ check }: { check: CrossCheck }) {
  const { controller } = useExplorerContext();
  const name = crossCheckBatch(check.id);
  const results = useBatches((s) => s.batches[name]?.results);
  const summaries = useMemo(() => {
    const out: Record<string, Summary> = {};
    for (const [k, r] of Object.entries(results ?? {})) if (r.status === 'done') out[k] = r.summary;
    return out;
  }, [results]);
  const values = useMemo(() => check.figures.map((f) => figureValue(f, summaries)), [check, summaries]);
  // The longest run's length, for the duration field (the runs keep their own lengths).
  const fullMs = useMemo(
    () => Math.max(...check.runs.map((r) => findPreset(r.presetId)?.scenario().durationMs ?? 0)),
    [check],
  );
  return (
    <article
      className="experiment"
      data-testid={`cross-check-${check.id}`}
      aria-labelledby="cross-check-title"
    >
      <header>
        <h2 id="cross-check-title">{check.title}</h2>
        <p className="muted">
          <CitationLink c={SOURCES[check.source]} note={check.sourceNote} />
        </p>
      </header>
      <p>{check.account}</p>
      <section aria-label="Runs">
        <BatchControls
          key={check.id}
          name={name}
          options={[{ ms: fullMs, label: 'each preset’s own length' }]}
          defaultMs={fullMs}
          runLabel="Run"
          onRun={(_ms, seed) => startBatch(name, items(check, seed))}
        />
        <p className="muted small">
          {check.runs.length} runs ({check.runs.map((r) => r.id).join(', ')}); nothing in the model is fitted
          to these figures. docs/cross-checks.md in the repository says where the model agrees and where it
          does not.
        </p>
      </section>
      <table className="result-table" data-testid="cross-check-table">
        <thead>
          <tr>
            <th scope="col">figure</th>
            <th scope="col">unit</th>
            <th scope="col">published</th>
            <th scope="col">simulated</th>
            <th scope="col">simulated ÷ published</th>
            <th scope="col">within 10 %</th>
            <th scope="col">run</th>
          </tr>
        </thead>
        <tbody>
          {check.figures.map((f, i) => (
            <tr key={f.label}>
              <th scope="row">{f.label}</th>
              <td>{f.unit}</td>
              <td>{f.published}</td>
              <td data-testid="cross-check-simulated">{fmt(values[i])}</td>
              <td>{Number.isFinite(values[i]) ? (values[i] / f.publishedValue).toFixed(2) : '…'}</td>
              <td>
                {Number.isFinite(values[i]) && (
                  <span
                    className={`tol-mark ${figureWithin(f, values[i]) ? 'in' : 'out'}`}
                    data-testid="cross-check-mark"
                    title={`${figureWithin(f, values[i]) ? 'within' : 'outside'} ${figureToleranceText(f)} of the published figure`}
                  >
                    {figureWithin(f, values[i]) ? '✓' : '✗'}
                    <span className="sr-only">
                      {figureWithin(f, values[i]) ? ' within tolerance' : ' outside tolerance'}
                    </span>
                  </span>
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="link"
                  aria-label={`Open the run of ${f.label} in the explorer`}
                  onClick={() => {
                    const run = check.runs.find((r) => r.id === f.run);
                    if (run) void openInExplorer(controller, run.presetId, run.set);
                  }}
                >
                  open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
