/** What the CLI does with parsed arguments; I/O is injected so tests can call it. */
import type { Summary } from '../sim/api';
import { runScenario, runTable, type TableResult } from '../sim/run';
import { boundHeap } from './heap-bound';
import { runHeadless } from '../sim/headless';
import { findPreset, PRESETS } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { applyOverrides, durationOverrides, keyText } from '../sim/scenario/validate';
import type { CliArgs } from './args';
import { csvField, csvNum, formatSummary, formatSweep, formatTable } from './format';
import { runMerge } from './merge';
import { proposedScenario, readMeasured, runFlentCli, type FlentIo } from './flent-cli';
import { runTableParallel, type SimPool } from './pool';
import { runBatch } from './shard';
import { checkBatchSize } from './batch';
import { loadTarget } from './target';

/**
 * `makePool`: when given, the runs of a sweep or of a reference table go to a
 * worker pool (pool.ts) in parallel; the results are the same as in order.
 */
export async function runCli(
  args: CliArgs,
  readFile: (path: string) => string,
  out: (s: string) => void,
  makePool: (() => SimPool) | null = null,
  flentIo: FlentIo | null = null,
  writeFile: (path: string, text: string) => void = () => {
    throw new Error('no file output here');
  },
): Promise<number> {
  if (args.list) {
    for (const p of PRESETS) out(`${p.id.padEnd(28)} ${p.title}${p.table ? '  [reference]' : ''}\n`);
    return 0;
  }
  if (args.merge) return runMerge(args.merge, readFile, out);
  if (args.shard || args.moreTargets.length) return runBatch(args, readFile, out, makePool);
  if (args.flent || args.compare) return flentCommand(args, readFile, out, flentIo);
  const target = args.target!;
  const preset = findPreset(target);
  const base = loadTarget(target, readFile);

  if (args.trace) return writeTrace(args, target, preset !== undefined, base, out, writeFile);

  // Validate before running anything; --duration becomes overrides, so it shortens the warm-up with the run.
  const given = applyOverrides(base, args.set);
  const set =
    args.durationMs === null ? args.set : { ...args.set, ...durationOverrides(given, args.durationMs) };
  const sc = set === args.set ? given : applyOverrides(base, set);
  if (preset?.table && !args.sweep) {
    const res = makePool
      ? await withPool(makePool, (p) => runTableParallel(p, preset, args.seed, { set }))
      : runTable(preset, args.seed, { set });
    out(emitTable(res, args));
    return args.check && res.cells.some((c) => !c.ok) ? 1 : 0;
  }

  if (args.sweep) {
    const key = args.sweep.key;
    checkBatchSize(args.sweep.values.length, null);
    // Every value is checked before the first run, so a typo fails at once.
    const scenarios = args.sweep.values.map((v) => applyOverrides(sc, { [key]: v }));
    const rows: { value: string; summary: Summary }[] = [];
    const summaries =
      makePool && scenarios.length > 1
        ? await withPool(makePool, (p) =>
            p.runAll(scenarios.map((s) => ({ scenario: s, seed: args.seed, durationMs: s.durationMs }))),
          )
        : scenarios.map((s) => runScenario(s, args.seed, s.durationMs, boundHeap).summary);
    args.sweep.values.forEach((v, i) => rows.push({ value: v, summary: summaries[i] }));
    out(formatSweep(args.sweep.key, rows, args.format));
    return 0;
  }
  const { summary } = runScenario(sc, args.seed, sc.durationMs, boundHeap);
  out(formatSummary(sc, summary, args.format));
  return 0;
}

/** --trace: the run of a preset as a trace-event file (src/sim/headless.ts). */
function writeTrace(
  args: CliArgs,
  target: string,
  isPreset: boolean,
  base: Scenario,
  out: (s: string) => void,
  writeFile: (path: string, text: string) => void,
): number {
  const t = args.trace!;
  if (!isPreset) throw new Error('--trace runs a preset (with --set for its fields), not a scenario file');
  if (args.sweep) throw new Error('--trace records one run: drop --sweep');
  const sc = applyOverrides(base, args.set);
  const endMs = args.durationMs ?? (t.windowMs ? t.windowMs[1] : sc.durationMs);
  const r = runHeadless({
    presetId: target,
    overrides: args.set,
    seed: args.seed,
    marksNs: [endMs * 1e6],
    trace: {
      everyN: t.everyN,
      ...(t.windowMs ? { windowNs: [t.windowMs[0] * 1e6, t.windowMs[1] * 1e6] } : {}),
    },
  });
  if (!r.ok) throw new Error(r.error);
  try {
    writeFile(t.file, JSON.stringify(r.trace));
  } catch (e) {
    throw new Error(`--trace: cannot write ${keyText(t.file)} (${(e as Error).message})`, { cause: e });
  }
  const where = t.file === '-' ? 'standard output' : keyText(t.file);
  out(
    `wrote ${where}: ${r.trace!.traceEvents.length} trace events over ${endMs} ms (open it in ui.perfetto.dev or chrome://tracing)\n`,
  );
  return 0;
}

/** --flent and --compare: one run of the scenario (a reference preset's default, not its table). */
function flentCommand(
  args: CliArgs,
  readFile: (path: string) => string,
  out: (s: string) => void,
  io: FlentIo | null,
): number {
  if (!io) throw new Error('--flent and --compare need file access');
  if (args.sweep) throw new Error('--flent and --compare write or compare one run: not with --sweep');
  const measured = args.compare ? readMeasured(args.compare, io) : null;
  let sc: Scenario;
  let presetId: string | null;
  if (args.target) {
    const base = loadTarget(args.target, readFile);
    presetId = findPreset(args.target)?.id ?? null;
    const given = applyOverrides(base, args.set);
    sc =
      args.durationMs === null
        ? given
        : applyOverrides(base, { ...args.set, ...durationOverrides(given, args.durationMs) });
  } else {
    const p = proposedScenario(measured!, args.set, args.durationMs);
    if (args.format !== 'json') out(p.note);
    sc =
      args.durationMs === null
        ? p.scenario
        : applyOverrides(p.scenario, durationOverrides(p.scenario, args.durationMs));
    presetId = p.presetId;
  }
  return runFlentCli(args, sc, presetId, measured, io, out);
}

async function withPool<T>(makePool: () => SimPool, f: (pool: SimPool) => Promise<T>): Promise<T> {
  const pool = makePool();
  try {
    return await f(pool);
  } finally {
    await pool.close();
  }
}

export function emitTable(res: TableResult, args: Pick<CliArgs, 'format' | 'seed'>): string {
  if (args.format === 'json') {
    return (
      JSON.stringify(
        {
          preset: res.preset,
          seed: args.seed,
          method: findPreset(res.preset)?.table?.method ?? null,
          cells: res.cells.map((c) => ({
            label: c.label,
            unit: c.unit,
            published: c.published,
            simulated: round(c.simulated),
          })),
        },
        null,
        2,
      ) + '\n'
    );
  }
  if (args.format === 'csv') {
    return (
      'label,unit,published,simulated,error_pct,within_tolerance\n' +
      res.cells
        .map(
          (c) =>
            `${csvField(c.label)},${csvField(c.unit)},${c.published},${csvNum(round(c.simulated))},${csvNum(((c.simulated - c.published) / c.published) * 100, 1)},${c.ok}`,
        )
        .join('\n') +
      '\n'
    );
  }
  return formatTable(res);
}

export const round = (v: number): number => Math.round(v * 1000) / 1000;
export const errPct = (pub: number, sim: number): string => (((sim - pub) / pub) * 100).toFixed(1);
