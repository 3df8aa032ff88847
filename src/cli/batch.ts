/**
 * An invocation as a batch: the list of runs it makes, in a fixed order, and
 * how their summaries become its output. One plan serves a whole run on one
 * machine, a shard of it (./shard.ts: `--shard K/N` runs every N-th job) and
 * the merge of the shards' files (./merge.ts), so all three print the same
 * bytes. The plan is plain JSON: each shard's lines carry it.
 */
import type { Summary } from '../sim/api';
import { fillCells } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { applyOverrides, durationOverrides, keyText } from '../sim/scenario/validate';
import type { CliArgs } from './args';
import { emitTable } from './commands';
import { loadTarget } from './target';
import { formatSummary, formatSweep } from './format';

export interface BatchPlan {
  /** sweep: one target over the values of a field; table: a reference preset's runs; files: several targets; single: one run. */
  kind: 'sweep' | 'table' | 'files' | 'single';
  /** The swept field (sweep), or "scenario" (files). */
  key: string;
  /** One per job, in job order: the swept value, the table run's id, the target. */
  labels: string[];
  /** The reference preset whose cells a table fills. */
  preset: string | null;
  /** Title of the scenario of a single run. */
  title: string;
  seed: number;
}

export interface BatchJob {
  scenario: Scenario;
  durationMs: number;
}

/** --set and --duration on a target's scenario, as runCli applies them. */
function withOverrides(
  base: Scenario,
  args: CliArgs,
): { sc: Scenario; set: Record<string, string | number> } {
  const given = applyOverrides(base, args.set);
  if (args.durationMs === null) return { sc: given, set: args.set };
  const set = { ...args.set, ...durationOverrides(given, args.durationMs) };
  return { sc: applyOverrides(base, set), set };
}

/** Every run of the invocation, validated before any runs (a typo fails at once). */
export function planBatch(
  args: CliArgs,
  readFile: (path: string) => string,
): { plan: BatchPlan; jobs: BatchJob[] } {
  const targets = [args.target!, ...args.moreTargets];
  const plan: BatchPlan = { kind: 'single', key: '', labels: [], preset: null, title: '', seed: args.seed };
  if (targets.length > 1) {
    if (args.sweep) throw new Error('--sweep takes one preset or scenario file, not several');
    const jobs = targets.map((t) => {
      const { sc } = withOverrides(loadTarget(t, readFile), args);
      return { scenario: sc, durationMs: sc.durationMs };
    });
    return { plan: { ...plan, kind: 'files', key: 'scenario', labels: targets }, jobs };
  }
  const preset = findPreset(targets[0]);
  const { sc, set } = withOverrides(loadTarget(targets[0], readFile), args);
  if (args.sweep) {
    const key = args.sweep.key;
    const jobs = args.sweep.values.map((v) => {
      const s = applyOverrides(sc, { [key]: v });
      return { scenario: s, durationMs: s.durationMs };
    });
    return { plan: { ...plan, kind: 'sweep', key, labels: args.sweep.values }, jobs };
  }
  if (preset?.table) {
    // As runTable: the table's runs on the preset with the overrides.
    const base = applyOverrides(preset.scenario(), set);
    const jobs = preset.table.runs.map((r) => {
      const s = applyOverrides(base, r.set);
      return { scenario: s, durationMs: s.durationMs };
    });
    const labels = preset.table.runs.map((r) => r.id);
    return { plan: { ...plan, kind: 'table', preset: preset.id, labels }, jobs };
  }
  return {
    plan: { ...plan, labels: [targets[0]], title: sc.title },
    jobs: [{ scenario: sc, durationMs: sc.durationMs }],
  };
}

/** The output of the whole batch from every job's summary (in job order), and its exit code. */
export function renderBatch(
  plan: BatchPlan,
  summaries: Summary[],
  format: CliArgs['format'],
  check: boolean,
): { text: string; code: number } {
  if (plan.kind === 'table') {
    const preset = findPreset(plan.preset ?? '');
    if (!preset?.table) throw new Error(`unknown reference preset ${keyText(plan.preset ?? '')}`);
    const runs: Record<string, Summary> = {};
    plan.labels.forEach((id, i) => (runs[id] = summaries[i]));
    const res = { preset: preset.id, cells: fillCells(preset.table.cells, runs), runs };
    const text = emitTable(res, { format, seed: plan.seed });
    return { text, code: check && res.cells.some((c) => !c.ok) ? 1 : 0 };
  }
  if (plan.kind === 'single') return { text: formatSummary(plan, summaries[0], format), code: 0 };
  const rows = plan.labels.map((value, i) => ({ value, summary: summaries[i] }));
  return { text: formatSweep(plan.key, rows, format), code: 0 };
}
