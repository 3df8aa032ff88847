/** Command-line parsing for `npm run sim`, with messages that say what is allowed. */
import { keyText } from '../sim/scenario/validate';
import { MAX_RUNS } from './batch';
import { type MergeArgs, mergeUsage, parseMergeArgs } from './merge';
import { parseShard } from './shard';

export interface CliArgs {
  target: string | null;
  set: Record<string, string>;
  sweep: { key: string; values: string[] } | null;
  durationMs: number | null;
  seed: number;
  format: 'table' | 'json' | 'csv';
  check: boolean;
  list: boolean;
  help: boolean;
  /** Batches (shard.ts, merge.ts): more targets after the first, --shard K/N, the merge subcommand. */
  moreTargets: string[];
  shard: { k: number; n: number } | null;
  merge: MergeArgs | null;
  /** Write a Chrome trace-event / Perfetto JSON file of the run (a preset) here. */
  trace: { file: string; everyN: number; windowMs: [number, number] | null } | null;
  /** --flent FILE: write the run as a Flent data file (flent-cli.ts). */
  flent: string | null;
  /** --compare FILE: a measured Flent run to compare the simulated one with. */
  compare: string | null;
}

export function usage(): string {
  return [
    'usage: npm run sim -- <preset|scenario.json> [--set key=value]... [--sweep key=v1,v2,...]',
    '                      [--duration 10s] [--seed N] [--format table|json|csv] [--check] [--list]',
    '                      [--flent out.flent.gz] [--compare measured.flent.gz]',
    '',
    '  <preset>     a preset id (see --list) or a scenario JSON file',
    '  --set        change any scenario field by its dotted path, e.g. --set tcp.sk_pacing_shift=8',
    '  --sweep      run once per value of one field',
    "  --duration   simulated time per run (ms, s suffix; default: the scenario's);",
    "               a shorter run shortens the warm-up in proportion, as the app's sweeps do",
    '  --seed       RNG seed (default 1)',
    '  --format     table (default), json or csv',
    '  --check      exit 1 if a reference cell is outside its tolerance',
    '  --trace F    write the run as a Chrome trace-event / Perfetto JSON file F (a preset, with --set):',
    '               the hops of one skb in --trace-every N (default 16) through every layer, one track',
    '               per layer and flow, and with --trace-window 2s..2.05s every event of that window',
    '  --flent      write the run as a Flent data file (out.flent.gz) and list its series with their medians',
    '               (--flent - or --trace -: the file to standard output, the text to standard error)',
    '  --compare    a Flent data file to compare with; without a preset, simulate the scenario it proposes',
    '  --shard K/N  run the K-th of N interleaved slices of the runs (a sweep, a reference',
    "               table's runs or several scenario files) and print them as JSON lines;",
    `               one invocation runs at most ${MAX_RUNS} runs (a larger batch: as shards)`,
    '',
    '  Several presets or scenario files: one run each, one row each.',
    mergeUsage(),
    "               joins the shards' lines into the output of the unsharded run",
    'usage: npm run sim -- twin <preset|scenario.json> [--set key=value]... [--out DIR]',
    "               runs a wired scenario on this machine's own kernel (root, network namespaces,",
    '               iperf3) beside its simulation; `twin --help` for its options',
  ].join('\n');
}

export function parseDuration(s: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(s.trim());
  if (!m) throw new Error(`--duration ${JSON.stringify(s)} is not a duration: use e.g. 500ms, 10s or 2m`);
  const v = Number(m[1]) * ({ ms: 1, s: 1000, m: 60_000 }[m[2] ?? 's'] ?? 1000);
  if (!(v >= 1) || v > 3_600_000) throw new Error(`--duration ${s} is out of range: from 1 ms to 1 hour`);
  return v;
}

/** The parse in progress: the arguments, and --trace-every / --trace-window until --trace is known. */
interface Parse {
  a: CliArgs;
  traceEvery: number;
  traceWindow: [number, number] | null;
}

/** A file name: '' names no file; '-' is standard output (--flent, --trace). */
function fileName(flag: string, v: string): string {
  if (v === '') throw new Error(`${flag} '': name a file (or - for standard output)`);
  return v;
}

/** `key=value` of --set and --sweep; `what` is the shape the message asks for. */
function keyValue(flag: string, kv: string, what: string, emptyValue: boolean): [string, string] {
  const eq = kv.indexOf('=');
  if (eq <= 0 || (!emptyValue && eq === kv.length - 1))
    throw new Error(`${flag} ${JSON.stringify(kv)}: expected ${what}`);
  return [kv.slice(0, eq), kv.slice(eq + 1)];
}

/** An integer flag's value in [min, max]. */
function intIn(flag: string, s: string, min: number, max: number): number {
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max)
    throw new Error(`${flag} ${JSON.stringify(s)}: expected an integer from ${min} to ${max}`);
  return Number(s);
}

function traceWindowOf(s: string): [number, number] {
  const [from, to] = s.split('..');
  if (to === undefined)
    throw new Error(`--trace-window ${JSON.stringify(s)}: expected from..to, e.g. 2s..2.05s`);
  const w: [number, number] = [parseDuration(from), parseDuration(to)];
  if (!(w[1] > w[0])) throw new Error(`--trace-window ${JSON.stringify(s)}: the end must be after the start`);
  return w;
}

/** The flags that take a value, each writing its field (a Map: no inherited keys such as `__proto__`). */
const VALUE_FLAGS = new Map<string, (p: Parse, v: string, flag: string) => void>(
  Object.entries({
    '--set': ({ a }, v, flag) => {
      const [k, val] = keyValue(flag, v, 'key=value', true);
      a.set[k] = val;
    },
    '--sweep': ({ a }, v, flag) => {
      const [key, values] = keyValue(flag, v, 'key=v1,v2,...', false);
      a.sweep = { key, values: values.split(',') };
    },
    '--duration': ({ a }, v) => void (a.durationMs = parseDuration(v)),
    '--seed': ({ a }, v, flag) => void (a.seed = intIn(flag, v, 0, 2 ** 32 - 1)),
    '--format': ({ a }, f) => {
      if (f !== 'table' && f !== 'json' && f !== 'csv')
        throw new Error(`--format ${JSON.stringify(f)}: expected table, json or csv`);
      a.format = f;
    },
    '--trace': ({ a }, v, flag) => void (a.trace = { file: fileName(flag, v), everyN: 16, windowMs: null }),
    '--trace-every': (p, v, flag) => void (p.traceEvery = intIn(flag, v, 1, 1_000_000)),
    '--trace-window': (p, v) => void (p.traceWindow = traceWindowOf(v)),
    '--flent': ({ a }, v, flag) => void (a.flent = fileName(flag, v)),
    '--compare': ({ a }, v) => {
      if (v === '') throw new Error(`--compare '': name a Flent data file`);
      a.compare = v;
    },
    '--shard': ({ a }, v) => void (a.shard = parseShard(v)),
  } satisfies Record<string, (p: Parse, v: string, flag: string) => void>),
);

/** The flags that stand alone. */
const SWITCHES = new Map<string, (a: CliArgs) => void>(
  Object.entries({
    '--check': (a) => void (a.check = true),
    '--list': (a) => void (a.list = true),
    '--help': (a) => void (a.help = true),
    '-h': (a) => void (a.help = true),
  } satisfies Record<string, (a: CliArgs) => void>),
);

const defaults = (): CliArgs => ({
  target: null,
  // No prototype: `--set __proto__=…` is a key like any other (and refused as no field of a scenario).
  set: Object.create(null) as Record<string, string>,
  sweep: null,
  durationMs: null,
  seed: 1,
  format: 'table',
  check: false,
  list: false,
  help: false,
  moreTargets: [],
  shard: null,
  merge: null,
  trace: null,
  flent: null,
  compare: null,
});

export function parseArgs(argv: string[]): CliArgs {
  const a = defaults();
  if (argv[0] === 'merge') return { ...a, merge: parseMergeArgs(argv.slice(1)) };
  const p: Parse = { a, traceEvery: 16, traceWindow: null };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    const eq = x.startsWith('--') ? x.indexOf('=') : -1;
    const [flag, inline] = eq > 0 ? [x.slice(0, eq), x.slice(eq + 1)] : [x, undefined];
    const take = VALUE_FLAGS.get(flag);
    const flip = SWITCHES.get(flag);
    if (take) {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--')))
        throw new Error(`${flag} needs a value`);
      take(p, v, flag);
    } else if (flip) flip(a);
    else if (x.startsWith('-'))
      throw new Error(
        `unknown option ${keyText(x)}: expected --set, --sweep, --duration, --seed, --format, --check, --trace, --trace-every, --trace-window, --flent, --compare, --shard, --list or --help`,
      );
    else if (a.target === null) a.target = x;
    else a.moreTargets.push(x);
  }
  if (!a.target && !a.list && !a.help && !a.compare)
    throw new Error('name a preset or a scenario file (see --list)');
  if (a.trace) a.trace = { ...a.trace, everyN: p.traceEvery, windowMs: p.traceWindow };
  else if (p.traceWindow || p.traceEvery !== 16)
    throw new Error('--trace-every and --trace-window need --trace FILE');
  return a;
}
