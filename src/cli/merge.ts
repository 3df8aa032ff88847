/**
 * `npm run sim -- merge a.jsonl b.jsonl … [--format table|json|csv] [--check]`:
 * joins the JSON lines of the shards of one batch (./shard.ts) into the
 * output the unsharded run prints. Every job must be there once (a job
 * repeated with the same summary, as when a shard was run twice, is fine),
 * and every line must come from the same batch.
 */
import type { Summary } from '../sim/api';
import { keyText } from '../sim/scenario/validate';
import type { CliArgs } from './args';
import { type BatchPlan, renderBatch } from './batch';
import { decodeNumbers, SHARD_LINE_VERSION, type ShardLine } from './shard';

export interface MergeArgs {
  files: string[];
  format: CliArgs['format'];
  check: boolean;
}

export function mergeUsage(): string {
  return 'usage: npm run sim -- merge <shard.jsonl>... [--format table|json|csv] [--check]';
}

export function parseMergeArgs(argv: string[]): MergeArgs {
  const a: MergeArgs = { files: [], format: 'table', check: false };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '--check') a.check = true;
    else if (x === '--format' || x.startsWith('--format=')) {
      const f = x.includes('=') ? x.slice(x.indexOf('=') + 1) : argv[++i];
      if (f !== 'table' && f !== 'json' && f !== 'csv')
        throw new Error(`--format ${JSON.stringify(f ?? '')}: expected table, json or csv`);
      a.format = f;
    } else if (x.startsWith('-'))
      throw new Error(`merge: unknown option ${keyText(x)}: expected --format or --check`);
    else a.files.push(x);
  }
  if (a.files.length === 0) throw new Error('merge: name the shards’ JSON-lines files');
  return a;
}

function parseLine(text: string, where: string): ShardLine {
  let v: unknown;
  try {
    v = JSON.parse(text, decodeNumbers);
  } catch {
    throw new Error(`${where}: not a JSON line`);
  }
  const l = v as Partial<ShardLine> | null;
  if (!l || typeof l !== 'object' || l.tsqLabShard !== SHARD_LINE_VERSION)
    throw new Error(`${where}: not a line written by --shard (version ${SHARD_LINE_VERSION})`);
  if (!l.plan || !Array.isArray(l.plan.labels) || !Number.isInteger(l.job) || !l.summary)
    throw new Error(`${where}: a --shard line without its plan, job or summary`);
  return l as ShardLine;
}

/** The plan and every job's summary, in job order, from the lines of all shards. */
export function collectShards(files: { name: string; text: string }[]): {
  plan: BatchPlan;
  summaries: Summary[];
} {
  let plan: BatchPlan | null = null;
  let planText = '';
  const found = new Map<number, string>();
  const summaries: Summary[] = [];
  for (const f of files) {
    f.text.split('\n').forEach((raw, n) => {
      if (raw.trim() === '') return;
      const where = `${keyText(f.name)} line ${n + 1}`;
      const line = parseLine(raw, where);
      const pt = JSON.stringify(line.plan);
      if (plan === null) {
        plan = line.plan;
        planText = pt;
      } else if (pt !== planText) throw new Error(`${where}: a line of another batch (its plan differs)`);
      const jobs = line.plan.labels.length;
      if (line.job < 0 || line.job >= jobs) throw new Error(`${where}: job ${line.job} of ${jobs}`);
      const st = JSON.stringify(line.summary);
      const seen = found.get(line.job);
      if (seen !== undefined && seen !== st)
        throw new Error(`${where}: job ${line.job} appears twice with different results`);
      found.set(line.job, st);
      summaries[line.job] = line.summary;
    });
  }
  if (plan === null) throw new Error('merge: the files hold no --shard lines');
  const p: BatchPlan = plan;
  const missing = p.labels.map((_, i) => i).filter((i) => !found.has(i));
  if (missing.length)
    throw new Error(
      `merge: ${missing.length} of ${p.labels.length} jobs missing (${missing
        .slice(0, 5)
        .map((i) => `job ${i} ${keyText(p.labels[i])}`)
        .join(', ')}${missing.length > 5 ? ', …' : ''}): is a shard's file missing?`,
    );
  return { plan: p, summaries };
}

export function runMerge(m: MergeArgs, readFile: (path: string) => string, out: (s: string) => void): number {
  const files = m.files.map((name) => {
    try {
      return { name, text: readFile(name) };
    } catch {
      throw new Error(`cannot read shard file ${keyText(name)}`);
    }
  });
  const { plan, summaries } = collectShards(files);
  const r = renderBatch(plan, summaries, m.format, m.check);
  out(r.text);
  return r.code;
}
