/**
 * `tsq-lab twin <preset|scenario.json> [--shaper KIND@RATE] [--set k=v]…
 * [--sweep k=v1,v2] [--duration 5s] [--seed N] [--out DIR] [--format …]`:
 * the scenario on this machine's kernel beside the simulation of it.
 * Exit codes: 0 ok, 1 the run failed, 2 bad input or a field the kernel
 * cannot express.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findPreset } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { defaultShaper, type ShaperKind } from '../sim/scenario/shaper-config';
import { applyOverrides, durationOverrides } from '../sim/scenario/validate';
import { loadTarget } from '../cli/target';
import { wiredBase } from '../sim/scenario/presets/wired-base';
import { formatRows } from './compare';
import { TwinRefusal, type HostCaps } from './plan';
import { probe, runTwin, type TwinResult } from './run-twin';

export interface TwinArgs {
  target: string;
  shaper: { kind: ShaperKind; rateBps: number } | null;
  set: Record<string, string>;
  sweep: { key: string; values: string[] } | null;
  durationMs: number | null;
  seed: number;
  out: string | null;
  format: 'table' | 'json' | 'csv';
}

export function twinUsage(): string {
  return [
    'usage: tsq-lab twin <preset|scenario.json> [--shaper htb|tbf|cake@RATE] [--set key=value]...',
    '                    [--sweep key=v1,v2,...] [--duration 5s] [--seed N] [--out DIR] [--format table|json|csv]',
    '',
    "  Runs the scenario on this machine's kernel (root; two or three network namespaces joined by veths,",
    '  iperf3 flows, ping, tc and ss sampling) and the simulation of it at the nearest kernel era, and',
    '  prints both side by side. Needs iproute2, iperf3, ethtool and ping (scripts/ensure-iperf3.sh).',
    '  <target>     a preset id, a scenario JSON file, or `wired` (the plain wired host every wired preset starts from)',
    '  --shaper     a shaper at the sender with tc’s defaults, e.g. htb@20e6 (then --set shaper.leaf=…)',
    '  --out        write DIR/<label>.twin.flent.gz (the measurement) and DIR/<label>.sim.flent.gz',
  ].join('\n');
}

function parseDurationMs(s: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(s.trim());
  if (!m) throw new Error(`--duration ${JSON.stringify(s)}: expected e.g. 3s or 500ms`);
  const v = Number(m[1]) * (m[2] === 'ms' ? 1 : 1000);
  if (!(v >= 1000) || v > 600_000) throw new Error(`--duration ${s}: from 1 s to 10 min`);
  return v;
}

export function parseTwinArgs(argv: string[]): TwinArgs {
  const a: TwinArgs = {
    target: '',
    shaper: null,
    set: {},
    sweep: null,
    durationMs: null,
    seed: 1,
    out: null,
    format: 'table',
  };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    const eqAt = x.startsWith('--') ? x.indexOf('=') : -1;
    const flag = eqAt > 0 ? x.slice(0, eqAt) : x;
    const val = (): string => {
      const v = eqAt > 0 ? x.slice(eqAt + 1) : argv[++i];
      if (v === undefined || (eqAt < 0 && v.startsWith('--'))) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--set' || flag === '--sweep') {
      const kv = val();
      const eq = kv.indexOf('=');
      if (eq <= 0) throw new Error(`${flag} ${JSON.stringify(kv)}: expected key=value`);
      if (flag === '--set') a.set[kv.slice(0, eq)] = kv.slice(eq + 1);
      else a.sweep = { key: kv.slice(0, eq), values: kv.slice(eq + 1).split(',') };
    } else if (flag === '--shaper') {
      const m = /^(htb|tbf|cake)@(\d+(?:\.\d+)?(?:e\d+)?)$/.exec(val());
      if (!m) throw new Error('--shaper: expected KIND@RATE in bit/s, e.g. htb@20e6 (kinds: htb, tbf, cake)');
      a.shaper = { kind: m[1] as ShaperKind, rateBps: Number(m[2]) };
    } else if (flag === '--duration') a.durationMs = parseDurationMs(val());
    else if (flag === '--seed') {
      const s = val();
      if (!/^\d+$/.test(s) || Number(s) > 2 ** 32 - 1)
        throw new Error(`--seed ${JSON.stringify(s)}: expected an integer from 0 to 4294967295`);
      a.seed = Number(s);
    } else if (flag === '--out') a.out = val();
    else if (flag === '--format') {
      const f = val();
      if (f !== 'table' && f !== 'json' && f !== 'csv')
        throw new Error(`--format ${JSON.stringify(f)}: expected table, json or csv`);
      a.format = f;
    } else if (x.startsWith('-'))
      throw new Error(
        `twin: unknown option ${JSON.stringify(x)}: expected --shaper, --set, --sweep, --duration, --seed, --out or --format`,
      );
    else if (a.target)
      throw new Error(`twin runs one target; got ${JSON.stringify(a.target)} and ${JSON.stringify(x)}`);
    else a.target = x;
  }
  if (!a.target) throw new Error('twin: name a preset or a scenario file');
  return a;
}

/** The scenario of the arguments: target, shaper, --set, --duration. */
export function twinScenario(a: TwinArgs, readFile: (p: string) => string): Scenario {
  let sc = a.target === 'wired' ? wiredBase() : loadTarget(a.target, readFile);
  if (a.shaper) sc = { ...sc, shaper: defaultShaper(a.shaper.kind, a.shaper.rateBps) };
  const given = applyOverrides(sc, a.set);
  return a.durationMs === null ? given : applyOverrides(given, durationOverrides(given, a.durationMs));
}

/** Why this machine cannot run a twin, or null. */
export function twinBlocker(): string | null {
  if (process.platform !== 'linux') return 'the twin needs Linux';
  if (process.getuid?.() !== 0) return 'the twin needs root (it creates network namespaces)';
  for (const tool of ['ip', 'tc', 'ss', 'iperf3', 'ethtool', 'ping'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      return `${tool} is missing: run scripts/ensure-iperf3.sh (iperf3, ethtool, ping) or install iproute2`;
  return null;
}

function header(r: TwinResult): string {
  const s = r.measurement.sysctls;
  const lines = [
    `kernel: Linux ${r.plan.kernelRelease} (running); simulated at era ${r.plan.era}`,
    `sender sysctls: ${Object.entries(s)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    ...r.plan.notes.map((n) => `note: ${n}`),
    ...(r.plan.netemDelayUs === null
      ? [
          `simulated path: link.propagationUs=${r.simScenario.link.propagationUs} (the veth's measured min_rtt / 2)`,
        ]
      : []),
    ...r.files.map((f) => `wrote ${f}`),
  ];
  return lines.join('\n') + '\n';
}

export async function twinMain(
  argv: string[],
  out: (s: string) => void = (s) => void process.stdout.write(s),
): Promise<number> {
  let a: TwinArgs;
  let base: Scenario;
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      out(`${twinUsage()}\n`);
      return 0;
    }
    a = parseTwinArgs(argv);
    base = twinScenario(a, (p) => readFileSync(p, 'utf8'));
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n${twinUsage()}\n`);
    return 2;
  }
  const blocker = twinBlocker();
  if (blocker) {
    process.stderr.write(`error: ${blocker}\n`);
    return 1;
  }
  const runs = a.sweep
    ? a.sweep.values.map((v) => ({ label: `${a.sweep!.key}=${v}`, set: { ...a.set, [a.sweep!.key]: v } }))
    : [{ label: 'twin', set: a.set }];
  let caps: HostCaps;
  try {
    caps = await probe();
    const results: { label: string; rows: unknown }[] = [];
    for (const run of runs) {
      const sc = a.sweep ? applyOverrides(base, { [a.sweep.key]: run.set[a.sweep.key] }) : base;
      const r = await runTwin(sc, {
        seed: a.seed,
        set: run.set,
        presetId: findPreset(a.target)?.id ?? null,
        outDir: a.out,
        label: run.label.replace(/[^\w.=-]+/g, '_'),
        producer: 'TSQ Lab (tsq-lab twin)',
        caps,
      });
      if (a.format === 'json')
        results.push({ label: run.label, rows: JSON.parse(formatRows(r.rows, 'json')) as unknown });
      else
        out(
          `${a.sweep ? `── ${run.label}\n` : ''}${a.format === 'table' ? header(r) : ''}${formatRows(r.rows, a.format)}`,
        );
    }
    if (a.format === 'json') out(JSON.stringify(a.sweep ? results : results[0].rows, null, 2) + '\n');
    return 0;
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return e instanceof TwinRefusal || (e instanceof Error && e.name === 'ScenarioError') ? 2 : 1;
  }
}
