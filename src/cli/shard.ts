/**
 * Batches larger than one machine. `--shard K/N` runs the K-th of N
 * interleaved slices of a batch (./batch.ts: jobs K-1, K-1+N, K-1+2N, …, so
 * slow and fast points spread evenly) and prints one JSON line per job: the
 * batch's identity, the slice, the job's index and label, and its summary.
 * `merge` (./merge.ts) joins the lines of all N shards into the output of the
 * unsharded run, byte for byte. Several targets without --shard run here too
 * (one row per target).
 */
import type { Summary } from '../sim/api';
import { runScenario } from '../sim/run';
import type { CliArgs } from './args';
import { type BatchIdentity, type BatchJob, checkBatchSize, planBatch, renderBatch } from './batch';
import type { SimPool } from './pool';

/** Marks a line as one job of a shard (and its layout version: 2 carries the batch's identity). */
export const SHARD_LINE_VERSION = 2;

export interface ShardLine {
  tsqLabShard: number;
  batch: BatchIdentity;
  /** "K/N": the slice this line belongs to. */
  shard: string;
  job: number;
  label: string;
  summary: Summary;
}

/** "K/N" with 1 ≤ K ≤ N. */
export function parseShard(s: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(s.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!(n >= 1 && k >= 1 && k <= n && n <= 100_000))
    throw new Error(`--shard ${JSON.stringify(s)}: expected K/N with 1 ≤ K ≤ N, e.g. 2/4`);
  return { k, n };
}

/** Indices of the jobs shard k of n runs. */
export function shardJobs(jobCount: number, k: number, n: number): number[] {
  const out: number[] = [];
  for (let i = k - 1; i < jobCount; i += n) out.push(i);
  return out;
}

/**
 * A number JSON cannot hold (NaN: no value; ±Infinity) is written as null,
 * as in every JSON the CLI writes; merge reads it back as NaN where the
 * summary's schema has a number (./summary-schema.ts).
 */
export function finiteOrNull(_key: string, v: unknown): unknown {
  return typeof v === 'number' && !Number.isFinite(v) ? null : v;
}

async function runJobs(jobs: BatchJob[], seed: number, makePool: (() => SimPool) | null): Promise<Summary[]> {
  if (!makePool || jobs.length < 2)
    return jobs.map((j) => runScenario(j.scenario, seed + (j.seedOffset ?? 0), j.durationMs).summary);
  const pool = makePool();
  try {
    return await pool.runAll(
      jobs.map((j) => ({ scenario: j.scenario, seed: seed + (j.seedOffset ?? 0), durationMs: j.durationMs })),
    );
  } finally {
    await pool.close();
  }
}

/** A sharded run (JSON lines) or an unsharded batch of several targets (its table). */
export async function runBatch(
  args: CliArgs,
  readFile: (path: string) => string,
  out: (s: string) => void,
  makePool: (() => SimPool) | null,
): Promise<number> {
  const shard = args.shard;
  const mine = (job: number) => !shard || job % shard.n === shard.k - 1;
  const { plan, jobs, identity } = planBatch(args, readFile, mine);
  checkBatchSize(plan.labels.length, shard);
  const sums = await runJobs(jobs, args.seed, makePool);
  if (!shard) {
    const r = renderBatch(plan, sums, args.format, args.check);
    out(r.text);
    return r.code;
  }
  const slice = `${shard.k}/${shard.n}`;
  let text = '';
  shardJobs(plan.labels.length, shard.k, shard.n).forEach((job, i) => {
    const line: ShardLine = {
      tsqLabShard: SHARD_LINE_VERSION,
      batch: identity,
      shard: slice,
      job,
      label: plan.labels[job],
      summary: sums[i],
    };
    text += JSON.stringify(line, finiteOrNull) + '\n';
  });
  out(text);
  return 0;
}
