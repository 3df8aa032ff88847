/**
 * Batches larger than one machine. `--shard K/N` runs the K-th of N
 * interleaved slices of a batch (./batch.ts: jobs K-1, K-1+N, K-1+2N, …, so
 * slow and fast points spread evenly) and prints one JSON line per job: the
 * plan, the job's index and its summary. `merge` (./merge.ts) joins the lines
 * of all N shards into the output of the unsharded run, byte for byte.
 * Several targets without --shard run here too (one row per target).
 */
import type { Summary } from '../sim/api';
import { runScenario } from '../sim/run';
import type { CliArgs } from './args';
import { type BatchJob, type BatchPlan, planBatch, renderBatch } from './batch';
import type { SimPool } from './pool';

/** Marks a line as one job of a shard (and its layout version). */
export const SHARD_LINE_VERSION = 1;

export interface ShardLine {
  tsqLabShard: number;
  plan: BatchPlan;
  job: number;
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

/** NaN and ±Infinity do not survive JSON; they travel as {"$num": "NaN"}. */
export function encodeNumbers(_key: string, v: unknown): unknown {
  return typeof v === 'number' && !Number.isFinite(v) ? { $num: String(v) } : v;
}

export function decodeNumbers(_key: string, v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === '$num' && typeof o.$num === 'string') return Number(o.$num);
  }
  return v;
}

async function runJobs(jobs: BatchJob[], seed: number, makePool: (() => SimPool) | null): Promise<Summary[]> {
  if (!makePool || jobs.length < 2)
    return jobs.map((j) => runScenario(j.scenario, seed, j.durationMs).summary);
  const pool = makePool();
  try {
    return await pool.runAll(jobs.map((j) => ({ scenario: j.scenario, seed, durationMs: j.durationMs })));
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
  const { plan, jobs } = planBatch(args, readFile);
  if (!args.shard) {
    const r = renderBatch(plan, await runJobs(jobs, args.seed, makePool), args.format, args.check);
    out(r.text);
    return r.code;
  }
  const mine = shardJobs(jobs.length, args.shard.k, args.shard.n);
  const sums = await runJobs(
    mine.map((i) => jobs[i]),
    args.seed,
    makePool,
  );
  let text = '';
  mine.forEach((job, i) => {
    const line: ShardLine = { tsqLabShard: SHARD_LINE_VERSION, plan, job, summary: sums[i] };
    text += JSON.stringify(line, encodeNumbers) + '\n';
  });
  out(text);
  return 0;
}
