/**
 * `npm run bench -- --scale`: how the cost grows with the bottleneck's rate
 * (100 Mbit/s → 1 → 10 Gbit/s, and a 100 Gbit/s GSO link), with the number of
 * flows (1 → 10 → 100) and of WiFi stations (3 → 10 → 30). Each scene is
 * written as a scenario file (dist-bench-ns3/scale/) and run as a whole CLI
 * process (GNU time: CPU, peak RSS) and by the simulation-only runner
 * (bench/ns3/tsq-run.ts: events, CPU of the run), interleaved, several times.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPreset } from '../src/sim/scenario/presets/index';
import type { Scenario } from '../src/sim/scenario/scenario';
import { ht } from '../src/sim/scenario/wifi-config';
import { applyOverrides } from '../src/sim/scenario/validate';
import { buildAll } from './ns3/build';
import { median } from './ns3/vs-table';
import { type ProcessRun, timedRun } from './process-run';

export interface ScaleScene {
  family: 'rate' | 'flows' | 'stations';
  name: string;
  simS: number;
  scenario: () => Scenario;
}

const MIB = 2 ** 20;

/**
 * bench-wired with a faster bottleneck (and a host link ten times faster
 * still). 10 Gbit/s × 20 ms is 25 MB in flight: 64 MiB of send buffer, and a
 * receiver whose tcp_rmem lets its window grow as far (the default 6 MiB
 * cap would hold the flow near 1.7 Gbit/s, receive-window-bound), as a host
 * tuned for such a path sets them.
 */
const rate = (bps: number, name: string, simS: number): ScaleScene => ({
  family: 'rate',
  name,
  simS,
  scenario: () => {
    const sc = applyOverrides(findPreset('bench-wired')!.scenario(), {
      'router.rateBps': bps,
      'link.rateBps': Math.max(1e9, 10 * bps),
      'tcp.sndbufBytes': 64 * MIB,
    });
    sc.receiver.tcp_rmem = { minBytes: 4096, defaultBytes: 131072, maxBytes: 64 * MIB };
    return sc;
  },
});

/** One CUBIC flow over a 100 Gbit/s, 50 µs link with TSO (64 KB skbs) and fq_codel, no router. */
const gso100g = (): Scenario =>
  applyOverrides(findPreset('bench-wired')!.scenario(), {
    router: null,
    'link.rateBps': 100e9,
    'link.propagationUs': 50,
    'link.sg': true,
    'qdisc.kind': 'fq_codel',
    'tcp.sndbufBytes': 64 * MIB,
    title: 'CUBIC over a 100 Gbit/s link, TSO, fq_codel',
  });

const flows = (n: number, simS: number): ScaleScene => ({
  family: 'flows',
  name: `${n} flow${n > 1 ? 's' : ''}, 100 Mbit/s`,
  simS,
  scenario: () => applyOverrides(findPreset('bench-wired')!.scenario(), { 'tcp.flows': n }),
});

/** bench-wifi with n stations, two at MCS 7 for every one at MCS 0, each with a TCP flow and a ping. */
const stations = (n: number, simS: number): ScaleScene => ({
  family: 'stations',
  name: `${n} stations`,
  simS,
  scenario: () => {
    const list = Array.from({ length: n }, (_, i) => {
      const mcs = i % 3 === 2 ? 0 : 7;
      return { name: `sta${i + 1} MCS${mcs}`, rate: ht(mcs), uplinkRate: ht(mcs), frameErrorRate: 0 };
    });
    return applyOverrides(findPreset('bench-wifi')!.scenario(), { 'wifi.stations': JSON.stringify(list) });
  },
});

export const SCALE_SCENES: ScaleScene[] = [
  rate(100e6, 'bench-wired 100 Mbit/s', 20),
  rate(1e9, '1 Gbit/s', 5),
  rate(10e9, '10 Gbit/s', 5),
  { family: 'rate', name: '100 Gbit/s GSO link', simS: 5, scenario: gso100g },
  flows(1, 10),
  flows(10, 10),
  flows(100, 10),
  stations(3, 20),
  stations(10, 10),
  stations(30, 10),
];

export interface ScaleRow {
  family: string;
  name: string;
  simS: number;
  events: number;
  /** Simulation only (runner): CPU s of the run, median. */
  runCpuS: number;
  /** The run again in the runner's process, the core compiled (median). */
  warmRunCpuS: number;
  /** Whole CLI process: CPU s and peak RSS, median. */
  cliCpuS: number;
  cliWallS: number;
  maxRssMB: number;
  goodputMbps: number;
  machineBusy: number;
}

/** The scale table's scenes (`names`: only those, e.g. the 10 and 100 Gbit/s rows --vs-ns3 prints). */
export async function benchScale(
  reps: number,
  log: (s: string) => void,
  names: string[] | null = null,
): Promise<ScaleRow[]> {
  const b = await buildAll(log);
  const dir = join('dist-bench-ns3', 'scale');
  mkdirSync(dir, { recursive: true });
  const rows: ScaleRow[] = [];
  for (const s of SCALE_SCENES) {
    if (names && !names.includes(s.name)) continue;
    const file = join(dir, `${s.family}-${s.name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(s.scenario(), null, 2));
    log(`scale: ${s.name} (${s.simS} simulated s × ${reps})`);
    const cli: ProcessRun[] = [];
    const runs: { runCpuS: number; warmRunCpuS: number; events: number }[] = [];
    let goodput = NaN;
    for (let r = 0; r < reps; r++) {
      const c = timedRun(process.execPath, [b.cli, file, '--duration', `${s.simS}s`, '--format', 'json']);
      if (c.status !== 0) throw new Error(`the CLI on ${file}: ${c.stderr}`);
      cli.push(c);
      goodput = (JSON.parse(c.stdout) as { summary: { goodputBps: number } }).summary.goodputBps / 1e6;
      const t = timedRun(process.execPath, [b.tsqRun, 'time', file, String(s.simS * 1000)]);
      if (t.status !== 0) throw new Error(`tsq-run on ${file}: ${t.stderr}`);
      runs.push(JSON.parse(t.stdout));
    }
    rows.push({
      family: s.family,
      name: s.name,
      simS: s.simS,
      events: runs[0].events,
      runCpuS: median(runs.map((x) => x.runCpuS)),
      warmRunCpuS: median(runs.map((x) => x.warmRunCpuS)),
      cliCpuS: median(cli.map((x) => x.cpuS)),
      cliWallS: median(cli.map((x) => x.wallS)),
      maxRssMB: median(cli.map((x) => x.maxRssMB)),
      goodputMbps: goodput,
      machineBusy: median(cli.map((x) => x.machineBusy)),
    });
  }
  return rows;
}

const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

export function scaleTable(rows: ScaleRow[]): string {
  const cols = [
    'sim s',
    'goodput',
    'Mevents',
    'sim/CPU',
    'whole',
    'Mev/CPU s',
    'ns/event',
    'again',
    '× first',
    'RSS MB',
    'busy',
  ];
  const w = [7, 10, 9, 9, 8, 10, 9, 7, 8, 8, 6];
  const line = (name: string, vals: string[]): string =>
    `${name.padEnd(26)}${vals.map((v, i) => v.padStart(w[i])).join('')}`;
  const out = [line('scene', cols)];
  let first: Record<string, number> = {};
  for (const r of rows) {
    const nsPerEv = (r.runCpuS / r.events) * 1e9;
    const warmNs = (r.warmRunCpuS / r.events) * 1e9;
    if (!(r.family in first)) first = { ...first, [r.family]: warmNs };
    out.push(
      line(`${r.family}: ${r.name}`, [
        f(r.simS, 0),
        r.goodputMbps >= 1000 ? `${f(r.goodputMbps / 1000, 2)} G` : `${f(r.goodputMbps, 1)} M`,
        f(r.events / 1e6, 2),
        f(r.simS / r.runCpuS),
        f(r.simS / r.cliCpuS),
        f(r.events / r.runCpuS / 1e6, 2),
        f(nsPerEv, 0),
        f(warmNs, 0),
        f(warmNs / first[r.family], 2),
        f(r.maxRssMB),
        `${f(r.machineBusy * 100, 0)}%`,
      ]),
    );
  }
  out.push(
    'goodput in bit/s; sim/CPU: simulated s per CPU s of the run alone (simulation only); whole: the same for the whole CLI',
    'process (start-up and building the model included); Mev/CPU s: million events per CPU s of the run; ns/event: CPU',
    'per event; again: the same for the run repeated in the process, the code compiled; × first: that cost over the',
    "family's first row (flat = linear growth); RSS: peak of the CLI process.",
  );
  return out.join('\n');
}
