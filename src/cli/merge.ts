/**
 * `npm run sim -- merge a.jsonl b.jsonl … [--format table|json|csv] [--check]`:
 * joins the JSON lines of the shards of one batch (./shard.ts) into the
 * output the unsharded run prints. Refused, naming the files or the line:
 * lines of different batches (their identities differ: target, --duration,
 * --set, --seed, the sweep, the simulator's version, a scenario file's
 * content), shards of different splits (K/N with another N), a slice missing
 * or given twice, and a line whose summary is not a summary (./line-schema.ts).
 */
import { createHash } from 'node:crypto';
import type { Summary } from '../sim/api';
import { keyText } from '../sim/scenario/validate';
import type { CliArgs } from './args';
import { type BatchIdentity, type BatchPlan, renderBatch } from './batch';
import { lineChecker } from './line-schema';
import type { ShardLine } from './shard';

/** A shard file's size limit: a shard of MAX_RUNS jobs of many flows and stations stays well below it. */
export const MAX_SHARD_FILE_BYTES = 256 * 1024 * 1024;

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

/** How two identities differ, in the terms of the command line: the first field that does. */
const FIELDS: [keyof BatchIdentity, string, (v: never) => string][] = [
  ['version', 'TSQ Lab version', (v: string) => v],
  ['targets', 'target', (v: string[]) => v.map(keyText).join(' ')],
  ['kind', 'kind of batch', (v: string) => v],
  ['durationMs', '--duration', (v: number | null) => (v === null ? "the scenario's" : `${v} ms`)],
  ['seed', '--seed', (v: number) => String(v)],
  [
    'set',
    '--set',
    (v: Record<string, string>) =>
      Object.entries(v)
        .map(([k, x]) => keyText(`${k}=${x}`))
        .join(' ') || 'none',
  ],
  ['key', '--sweep field', (v: string) => keyText(v) || 'none'],
  ['jobs', 'number of runs', (v: number) => String(v)],
  ['labels', '--sweep values or targets', () => 'differ'],
  ['preset', 'reference preset', (v: string | null) => v ?? 'none'],
  ['title', 'title', (v: string) => keyText(v)],
  ['scenarios', 'scenarios run (a scenario file changed between shards?)', () => 'differ'],
];

function differentBatches(a: BatchIdentity, aFile: string, b: BatchIdentity, bFile: string): Error {
  const f = FIELDS.find(([k]) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  const what = f
    ? `${f[1]}: ${f[2](a[f[0]] as never)} in ${keyText(aFile)}, ${f[2](b[f[0]] as never)} in ${keyText(bFile)}`
    : 'their identities differ';
  return new Error(
    `merge: ${keyText(aFile)} and ${keyText(bFile)} hold shards of different batches (${what}): merge the shards of one batch`,
  );
}

interface Slot {
  where: string;
  label: string;
  summary: Summary;
}

/** Every job's line from the lines of all shards, checked to be one batch, one split, each job once. */
function gather(
  files: { name: string; text: string }[],
  checkLine: (text: string, where: string) => ShardLine,
): { batch: BatchIdentity; n: number; slots: Slot[] } {
  let first: { batch: BatchIdentity; text: string; file: string; n: number } | null = null;
  const slots: Slot[] = [];
  for (const f of files) {
    f.text.split('\n').forEach((raw, i) => {
      if (raw.trim() === '') return;
      const where = `${keyText(f.name)} line ${i + 1}`;
      const line: ShardLine = checkLine(raw, where);
      const [k, n] = line.shard.split('/').map(Number);
      const text = JSON.stringify(line.batch);
      first ??= { batch: line.batch, text, file: f.name, n };
      if (text !== first.text) throw differentBatches(first.batch, first.file, line.batch, f.name);
      if (n !== first.n)
        throw new Error(
          `merge: ${where} is slice ${line.shard}, ${keyText(first.file)} a slice of ${first.n}: merge the shards of one split (one N)`,
        );
      if (line.job >= line.batch.jobs || line.job % n !== k - 1)
        throw new Error(`${where}: job ${line.job} is not in slice ${line.shard} of ${line.batch.jobs} jobs`);
      const seen = slots[line.job];
      if (seen?.where === where)
        throw new Error(`merge: ${keyText(f.name)} is named twice: merge each shard's file once`);
      if (seen)
        throw new Error(
          `merge: slice ${line.shard} given twice (job ${line.job} ${keyText(line.label)} in ${seen.where} and ${where}): merge each shard's file once`,
        );
      slots[line.job] = { where, label: line.label, summary: line.summary };
    });
  }
  if (first === null) throw new Error('merge: the files hold no --shard lines');
  const { batch, n } = first as { batch: BatchIdentity; n: number };
  return { batch, n, slots };
}

/** Which slices lack which jobs: a shard's file not given, or cut short. */
function missingSlices(missing: number[], jobs: number, n: number): Error {
  const slices = [...new Set(missing.map((j) => (j % n) + 1))];
  const sample = missing
    .slice(0, 5)
    .map((j) => `job ${j}`)
    .join(', ');
  return new Error(
    `merge: ${missing.length} of ${jobs} jobs missing (${sample}${missing.length > 5 ? ', …' : ''}) ` +
      `of slice${slices.length > 1 ? 's' : ''} ${slices
        .slice(0, 8)
        .map((k) => `${k}/${n}`)
        .join(', ')}${slices.length > 8 ? ', …' : ''}: is a shard's file missing or cut short?`,
  );
}

/** The plan and every job's summary, in job order, from the lines of all shards. */
export function collectShards(
  files: { name: string; text: string }[],
  checkLine: (text: string, where: string) => ShardLine,
): {
  plan: BatchPlan;
  summaries: Summary[];
} {
  const { batch, n, slots } = gather(files, checkLine);
  const missing: number[] = [];
  for (let j = 0; j < batch.jobs; j++) if (!slots[j]) missing.push(j);
  if (missing.length) throw missingSlices(missing, batch.jobs, n);
  const labels = slots.map((s) => s.label);
  if (createHash('sha256').update(JSON.stringify(labels)).digest('hex') !== batch.labels)
    throw new Error("merge: the lines' labels are not the batch's (edited lines?)");
  const plan: BatchPlan = {
    kind: batch.kind,
    key: batch.key,
    labels,
    preset: batch.preset,
    title: batch.title,
    seed: batch.seed,
  };
  return { plan, summaries: slots.map((s) => s.summary) };
}

export async function runMerge(
  m: MergeArgs,
  readFile: (path: string) => string,
  out: (s: string) => void,
): Promise<number> {
  const files = m.files.map((name) => {
    try {
      return { name, text: readFile(name) };
    } catch (e) {
      throw new Error(`cannot read shard file ${keyText(name)}: ${(e as Error).message}`, { cause: e });
    }
  });
  const { plan, summaries } = collectShards(files, await lineChecker());
  const r = renderBatch(plan, summaries, m.format, m.check);
  out(r.text);
  return r.code;
}
