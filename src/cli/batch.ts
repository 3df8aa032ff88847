/**
 * An invocation as a batch: the list of runs it makes, in a fixed order, and
 * how their summaries become its output. One plan serves a whole run on one
 * machine, a shard of it (./shard.ts: `--shard K/N` runs every N-th job) and
 * the merge of the shards' files (./merge.ts), so all three print the same
 * bytes. Each shard line carries the batch's identity (BatchIdentity), so
 * that `merge` joins only the shards of one batch.
 */
import { createHash } from 'node:crypto';
import type { Summary } from '../sim/api';
import { fillCells } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { TSQ_LAB_VERSION } from '../sim/version';
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
  /** Added to the batch's seed (a reference table's averaged runs, TableRun.seedOffset). */
  seedOffset?: number;
}

/**
 * What makes two shards parts of one batch. Every shard line carries it and
 * `merge` refuses lines whose identities differ: the simulator's version, the
 * targets (preset ids or file names), --duration, --seed, every --set, the
 * swept key, how many jobs, and hashes of the labels (the swept values) and
 * of the scenarios the jobs derive from (after --set and --duration: the
 * target's, or each file's; so a scenario file changed between shards is
 * caught too; a job is its base with the swept value or the table run's set). With `plan`'s
 * fields, it is all `merge` needs to render the batch but the labels, which
 * travel one per line.
 */
export interface BatchIdentity {
  version: string;
  kind: BatchPlan['kind'];
  targets: string[];
  durationMs: number | null;
  seed: number;
  set: Record<string, string>;
  key: string;
  preset: string | null;
  title: string;
  jobs: number;
  /** sha256 of the labels' JSON, and of the JSON of the scenarios the jobs derive from. */
  labels: string;
  scenarios: string;
}

/**
 * Runs one invocation makes: points × seeds (the CLI runs one seed per
 * invocation, so a sweep's values or a batch's targets). A run at --duration
 * 1ms takes about 1 ms and its summary a few kB; 60,000 took a minute and
 * 390 MB. A larger batch runs as shards (--shard K/N), one invocation each.
 */
export const MAX_RUNS = 4096;
/** Jobs in one batch, sharded or not: what `merge` holds in memory at once. */
export const MAX_BATCH_JOBS = 65_536;

/** Refuses a batch of `total` jobs, or a shard of it, larger than the caps; says how to shard it. */
export function checkBatchSize(total: number, shard: { k: number; n: number } | null): void {
  if (total > MAX_BATCH_JOBS)
    throw new Error(
      `a batch of ${total} runs: at most ${MAX_BATCH_JOBS} in one batch, sharded or not; split the values over several batches`,
    );
  const mine = shard ? Math.ceil((total - shard.k + 1) / shard.n) : total;
  if (mine <= MAX_RUNS) return;
  const n = Math.ceil(total / MAX_RUNS);
  throw new Error(
    `${mine} runs${shard ? ` in shard ${shard.k}/${shard.n}` : ''}: one invocation runs at most ${MAX_RUNS}; ` +
      `run the ${total} as shards, --shard K/N with N ≥ ${n} (K = 1…N, one invocation each), ` +
      `and join their output with: merge <the shards' files>`,
  );
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

/**
 * The plan, the scenarios its jobs derive from (after --set and --duration:
 * the target's, or each file's), and job i's scenario, made on demand so that
 * a shard builds and validates only its own jobs.
 */
function jobScenarios(
  args: CliArgs,
  readFile: (path: string) => string,
): {
  plan: BatchPlan;
  bases: Scenario[];
  make: (job: number) => Scenario;
  seedOffset?: (job: number) => number;
} {
  const targets = [args.target!, ...args.moreTargets];
  const plan: BatchPlan = { kind: 'single', key: '', labels: [], preset: null, title: '', seed: args.seed };
  if (targets.length > 1) {
    if (args.sweep) throw new Error('--sweep takes one preset or scenario file, not several');
    checkBatchSize(targets.length, args.shard);
    const bases = targets.map((t) => withOverrides(loadTarget(t, readFile), args).sc);
    return {
      plan: { ...plan, kind: 'files', key: 'scenario', labels: targets },
      bases,
      make: (i) => bases[i],
    };
  }
  const preset = findPreset(targets[0]);
  if (args.sweep) checkBatchSize(args.sweep.values.length, args.shard);
  const { sc, set } = withOverrides(loadTarget(targets[0], readFile), args);
  if (args.sweep) {
    const { key, values } = args.sweep;
    const make = (i: number) => applyOverrides(sc, { [key]: values[i] });
    return { plan: { ...plan, kind: 'sweep', key, labels: values }, bases: [sc], make };
  }
  if (preset?.table) {
    // As runTable: the table's runs on the preset with the overrides.
    const base = applyOverrides(preset.scenario(), set);
    const runs = preset.table.runs;
    const make = (i: number) => applyOverrides(base, runs[i].set);
    const labels = runs.map((r) => r.id);
    const seedOffset = (i: number) => runs[i].seedOffset ?? 0;
    return { plan: { ...plan, kind: 'table', preset: preset.id, labels }, bases: [base], make, seedOffset };
  }
  return { plan: { ...plan, labels: [targets[0]], title: sc.title }, bases: [sc], make: () => sc };
}

/**
 * The invocation's runs (the jobs `keep` selects: all, or a shard's), each
 * validated before any runs (a typo fails at once), and the batch's identity.
 */
export function planBatch(
  args: CliArgs,
  readFile: (path: string) => string,
  keep: (job: number) => boolean = () => true,
): { plan: BatchPlan; jobs: BatchJob[]; identity: BatchIdentity } {
  const { plan, bases, make, seedOffset } = jobScenarios(args, readFile);
  const jobs: BatchJob[] = [];
  for (let i = 0; i < plan.labels.length; i++)
    if (keep(i)) {
      const s = make(i);
      jobs.push({ scenario: s, durationMs: s.durationMs, seedOffset: seedOffset?.(i) ?? 0 });
    }
  const hash = createHash('sha256');
  for (const b of bases) hash.update(`${JSON.stringify(b)}\n`);
  const identity: BatchIdentity = {
    version: TSQ_LAB_VERSION,
    kind: plan.kind,
    targets: [args.target!, ...args.moreTargets],
    durationMs: args.durationMs,
    seed: args.seed,
    set: { ...args.set },
    key: plan.key,
    preset: plan.preset,
    title: plan.title,
    jobs: plan.labels.length,
    labels: createHash('sha256').update(JSON.stringify(plan.labels)).digest('hex'),
    scenarios: hash.digest('hex'),
  };
  return { plan, jobs, identity };
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
