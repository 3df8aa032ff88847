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

export function parseArgs(argv: string[]): CliArgs {
  const a: CliArgs = {
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
  };
  if (argv[0] === 'merge') return { ...a, merge: parseMergeArgs(argv.slice(1)) };
  let traceEvery = 16;
  let traceWindow: [number, number] | null = null;
  const need = (i: number, flag: string): string => {
    const v = argv[i];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    const [flag, inline] =
      x.startsWith('--') && x.includes('=')
        ? [x.slice(0, x.indexOf('=')), x.slice(x.indexOf('=') + 1)]
        : [x, undefined];
    const val = (): string => inline ?? need(++i, flag);
    /** A file name: '' names no file; '-' is standard output (--flent, --trace). */
    const file = (): string => {
      const v = val();
      if (v === '') throw new Error(`${flag} '': name a file (or - for standard output)`);
      return v;
    };
    switch (flag) {
      case '--set': {
        const kv = val();
        const eq = kv.indexOf('=');
        if (eq <= 0) throw new Error(`--set ${JSON.stringify(kv)}: expected key=value`);
        a.set[kv.slice(0, eq)] = kv.slice(eq + 1);
        break;
      }
      case '--sweep': {
        const kv = val();
        const eq = kv.indexOf('=');
        if (eq <= 0 || eq === kv.length - 1)
          throw new Error(`--sweep ${JSON.stringify(kv)}: expected key=v1,v2,...`);
        a.sweep = { key: kv.slice(0, eq), values: kv.slice(eq + 1).split(',') };
        break;
      }
      case '--duration':
        a.durationMs = parseDuration(val());
        break;
      case '--seed': {
        const s = val();
        if (!/^\d+$/.test(s) || Number(s) > 2 ** 32 - 1)
          throw new Error(`--seed ${JSON.stringify(s)}: expected an integer from 0 to 4294967295`);
        a.seed = Number(s);
        break;
      }
      case '--format': {
        const f = val();
        if (f !== 'table' && f !== 'json' && f !== 'csv')
          throw new Error(`--format ${JSON.stringify(f)}: expected table, json or csv`);
        a.format = f;
        break;
      }
      case '--check':
        a.check = true;
        break;
      case '--trace':
        a.trace = { file: file(), everyN: 16, windowMs: null };
        break;
      case '--trace-every': {
        const s = val();
        if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > 1_000_000)
          throw new Error(`--trace-every ${JSON.stringify(s)}: expected an integer from 1 to 1000000`);
        traceEvery = Number(s);
        break;
      }
      case '--trace-window': {
        const s = val();
        const [from, to] = s.split('..');
        if (to === undefined)
          throw new Error(`--trace-window ${JSON.stringify(s)}: expected from..to, e.g. 2s..2.05s`);
        traceWindow = [parseDuration(from), parseDuration(to)];
        if (!(traceWindow[1] > traceWindow[0]))
          throw new Error(`--trace-window ${JSON.stringify(s)}: the end must be after the start`);
        break;
      }
      case '--flent':
        a.flent = file();
        break;
      case '--compare': {
        const v = val();
        if (v === '') throw new Error(`--compare '': name a Flent data file`);
        a.compare = v;
        break;
      }
      case '--list':
        a.list = true;
        break;
      case '--shard':
        a.shard = parseShard(val());
        break;
      case '--help':
      case '-h':
        a.help = true;
        break;
      default:
        if (x.startsWith('-')) {
          throw new Error(
            `unknown option ${keyText(x)}: expected --set, --sweep, --duration, --seed, --format, --check, --trace, --trace-every, --trace-window, --flent, --compare, --shard, --list or --help`,
          );
        }
        if (a.target === null) a.target = x;
        else a.moreTargets.push(x);
    }
  }
  if (!a.target && !a.list && !a.help && !a.compare)
    throw new Error('name a preset or a scenario file (see --list)');
  if (a.trace) a.trace = { ...a.trace, everyN: traceEvery, windowMs: traceWindow };
  else if (traceWindow || traceEvery !== 16)
    throw new Error('--trace-every and --trace-window need --trace FILE');
  return a;
}
