/**
 * One reference experiment: what the thread measured, the published table
 * beside the simulated one (filled as the sweep's runs finish in the worker
 * pool), charts of both, and an explanation written from the simulated runs.
 */
import { useMemo, type ReactNode } from 'react';
import { SOURCES } from '../../sim/scenario/sources';
import { CitationLink } from '../learn/CitationLink';
import type { Preset } from '../../sim/scenario/presets/index';
import { useExplorerContext } from '../explorer-context';
import { BatchControls, durationOptions } from '../sweep/BatchControls';
import { startBatch, useBatches } from '../sweep/batch-store';
import { ACCOUNTS } from './accounts';
import { gapText, summariesOf } from './gap-text';
import { explain } from './explain';
import { openInExplorer, runOverrides } from './open-in-explorer';
import { ResultTables } from './ResultTables';
import { TableChart } from './TableChart';
import { chartTitle, tableCharts } from './table-chart';
import { cellViews, tableItems } from './table-model';
import { appItem } from '../export/provenance';
import type { SweepJobResult } from '../../worker/protocol';

export const batchName = (presetId: string) => `exp:${presetId}`;

/** Where a table chart's numbers come from, for its exported figure. */
function tableCaption(preset: Preset, sample: SweepJobResult | undefined): string[] {
  const length =
    sample?.status === 'done'
      ? `${sample.durationMs / 1000} s per run (${sample.warmupMs / 1000} s warm-up)`
      : 'not run yet';
  return [
    appItem(),
    `preset ${preset.id} (${preset.title})`,
    `published: ${preset.source ?? 'see the thread'}`,
    length,
  ];
}

function Account({ preset }: { preset: Preset }) {
  const a = ACCOUNTS[preset.id];
  if (!a) return <p>{preset.description}</p>;
  const rows: [string, ReactNode][] = [
    ['Thread', a.subject],
    ['Posted by', `${a.author}, ${a.date}`],
    ['Where', a.where],
    ['Kernel', a.kernel],
    ['Hardware', a.hardware],
    ['Measured', a.measured],
    ['Why it matters', a.matters],
  ];
  if (a.note) rows.push(['Note', a.note]);
  if (preset.source) rows.push(['Source', <CitationLink c={SOURCES[preset.source]} />]);
  return (
    <dl className="account" data-testid="account">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The page's runs of one table run at other seeds, for an account that asks for them. */
export const seedsBatchName = (presetId: string) => `exp:${presetId}:seeds`;

/**
 * The account's known disagreements with the thread, if it lists any, its
 * figures filled from the table's runs and the seed runs the page makes.
 */
function Gaps({ preset, results, durationMs }: GapsProps) {
  const g = ACCOUNTS[preset.id]?.gaps;
  const seedResults = useBatches((s) => s.batches[seedsBatchName(preset.id)]?.results);
  const runs = useMemo(() => {
    const m = summariesOf(results);
    for (const [k, v] of summariesOf(seedResults)) m.set(k, v);
    return m;
  }, [results, seedResults]);
  if (!g) return null;
  const text = (t: string) => gapText(t, preset.id, runs).text;
  const seeds = g.seeds;
  const runSeeds = () => {
    if (!seeds) return;
    const base = tableItems(preset, 1, durationMs).find((i) => i.key === seeds.run);
    if (base)
      startBatch(
        seedsBatchName(preset.id),
        seeds.seeds.map((seed) => ({ key: `seed${seed}`, spec: { ...base.spec, seed } })),
      );
  };
  return (
    <section className="gaps" aria-label="Where the model and the thread disagree" data-testid="gaps">
      <h3>Where the model and the thread disagree</h3>
      <p data-testid="gaps-summary">{text(g.summary)}</p>
      {seeds && (
        <p>
          <button type="button" onClick={runSeeds} data-testid="gaps-seeds">
            Run the {seeds.run} row at seeds {seeds.seeds.join(', ')}
          </button>
        </p>
      )}
      <ul>
        {g.points.map((p) => (
          <li key={p}>{text(p)}</li>
        ))}
      </ul>
      <p className="muted small">{g.more}</p>
    </section>
  );
}

interface GapsProps {
  preset: Preset;
  results: Record<string, SweepJobResult>;
  /** The length of the table's runs (the seed runs use the same). */
  durationMs: number | undefined;
}

export function ExperimentDetail({ preset }: { preset: Preset }) {
  const { controller } = useExplorerContext();
  const name = batchName(preset.id);
  // Results only: progress reports must not recompute the tables, charts and text.
  const stored = useBatches((s) => s.batches[name]?.results);
  const fullMs = useMemo(() => preset.scenario().durationMs, [preset]);
  const options = useMemo(() => durationOptions(fullMs), [fullMs]);
  const results = useMemo(() => stored ?? {}, [stored]);
  const cells = useMemo(() => cellViews(preset, results), [preset, results]);
  const charts = useMemo(() => tableCharts(preset, cells), [preset, cells]);
  const explanation = useMemo(
    () =>
      explain(
        preset.id,
        results,
        (preset.table?.runs ?? []).map((r) => r.id),
      ),
    [preset, results],
  );
  const table = preset.table!;
  const sample = Object.values(results).find((r) => r.status === 'done');

  const open = (runId: string) => {
    const o = runOverrides(preset, runId);
    if (o) void openInExplorer(controller, preset.id, o);
  };

  return (
    <article
      className="experiment"
      data-testid={`experiment-${preset.id}`}
      aria-labelledby="experiment-title"
    >
      <header>
        <h2 id="experiment-title">{preset.title}</h2>
        <p className="muted">{preset.description}</p>
      </header>
      <Account preset={preset} />
      <section aria-label="Sweep">
        <BatchControls
          key={preset.id}
          name={name}
          options={options}
          defaultMs={fullMs}
          onRun={(durationMs, seed) => startBatch(name, tableItems(preset, seed, durationMs))}
        />
        <p className="muted small">
          {table.runs.length} runs of the preset’s scenario, each with its table row’s settings, spread over
          the sweep workers.
          {sample?.status === 'done' &&
            ` These runs simulated ${sample.durationMs / 1000} s each, the first ${sample.warmupMs / 1000} s as warm-up.`}
        </p>
      </section>
      {sample?.status === 'done' && sample.durationMs < fullMs && (
        <p className="notice" role="note" data-testid="short-run-notice">
          These runs simulated {sample.durationMs / 1000} s each, shorter than the published length of{' '}
          {fullMs / 1000} s: the warm-up shrinks with them, so the cells are not comparable with the published
          ones (the ✓ and ✗ say how close a short run comes, not whether the model agrees).
        </p>
      )}
      <p className="table-caption">{table.caption}</p>
      {table.method && (
        <p className="table-method" data-testid="table-method">
          {table.method}
        </p>
      )}
      <ResultTables preset={preset} cells={cells} onOpen={open} />
      <section className="charts" aria-label="Charts">
        {charts.map((m) => (
          <TableChart
            key={m.unit}
            model={m}
            title={chartTitle(m)}
            caption={tableCaption(preset, sample)}
            name={`tsq-lab-${preset.id}-${m.unit.replace(/\W+/g, '')}`}
          />
        ))}
      </section>
      <section className="explanation" aria-label="What the simulation shows" data-testid="explanation">
        <h3>What the simulation shows</h3>
        {explanation.length === 0 && (
          <p className="muted">Run the sweep to see the numbers behind each cell.</p>
        )}
        {explanation.map((e) => (
          <div key={e.heading}>
            <h4>{e.heading}</h4>
            <ul>
              {e.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <Gaps
        preset={preset}
        results={results}
        durationMs={sample?.status === 'done' ? sample.durationMs : undefined}
      />
      <details className="constants">
        <summary>Constants of this scenario and where they come from</summary>
        <dl>
          {preset.constants.map((c) => (
            <div key={c.path}>
              <dt>
                <code>{c.path}</code>
              </dt>
              <dd>{c.why}</dd>
            </div>
          ))}
        </dl>
      </details>
    </article>
  );
}
