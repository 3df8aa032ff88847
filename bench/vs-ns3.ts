/**
 * `npm run bench -- --vs-ns3`: TSQ Lab beside ns-3 3.37 on one machine, in
 * one run. For each scene both simulate the same 20 s, interleaved
 * (ns-3, TSQ Lab's CLI, TSQ Lab's simulation-only runner, in a rotating
 * order), several times: whole processes timed from outside (GNU time),
 * the simulation alone timed inside each, and what each simulated (goodput,
 * RTT, ping, queue delay) so the work can be seen to be comparable. The ns-3
 * programs are the project's own (bench/ns3/*.cc; differences in
 * bench/ns3/README.md).
 */
import type { Summary } from '../src/sim/api';
import { buildAll, type Built } from './ns3/build';
import { type FlowFigures, parseNs3, type SideFigures } from './ns3/ns3-output';
import { vsTable, type VsScene } from './ns3/vs-table';
import { type ProcessRun, timedRun } from './process-run';

export interface VsScene0 {
  name: string;
  simS: number;
  /** The preset and --set overrides TSQ Lab runs. */
  preset: string;
  set: string[];
  program: string;
  args: string[];
}

const SIM_S = 20;

export const VS_SCENES: VsScene0[] = [
  {
    name: 'bench-wired fq_codel',
    simS: SIM_S,
    preset: 'bench-wired',
    set: [],
    program: 'wired-bulk',
    args: ['--qdisc=fq_codel', `--simTime=${SIM_S}`, '--warmup=2'],
  },
  {
    name: 'bench-wired pfifo_fast',
    simS: SIM_S,
    preset: 'bench-wired',
    set: ['router.qdisc.kind=pfifo_fast'],
    program: 'wired-bulk',
    args: ['--qdisc=pfifo_fast', `--simTime=${SIM_S}`, '--warmup=2'],
  },
  {
    name: 'bench-wifi, queues as ns-3 has them',
    simS: SIM_S,
    preset: 'bench-wifi',
    set: ['wifi.queueing=legacy', 'wifi.airtimeFairness=false'],
    program: 'wifi-ap',
    args: [`--simTime=${SIM_S}`, '--warmup=3'],
  },
];

export interface VsRep {
  ns3: ProcessRun;
  ns3Figures: SideFigures;
  cli: ProcessRun;
  runner: ProcessRun;
  runnerOut: { runWallS: number; runCpuS: number; buildCpuS: number; events: number; warmRunCpuS: number };
}

interface Metrics {
  summary: Summary;
  events: number;
  pingMsMedian: number[];
  pingMsMin: number[];
  srttMsMedian: number[];
}

function check(r: ProcessRun, what: string): ProcessRun {
  if (r.status !== 0) throw new Error(`${what} exited with ${r.status}:\n${r.stderr}`);
  return r;
}

function oneRep(s: VsScene0, b: Built, rep: number): VsRep {
  const durMs = String(s.simS * 1000);
  const steps: (() => void)[] = [];
  let ns3!: ProcessRun;
  let cli!: ProcessRun;
  let runner!: ProcessRun;
  steps.push(() => (ns3 = check(timedRun(b.programs[s.program], s.args), `ns-3 ${s.program}`)));
  steps.push(() => {
    const set = s.set.flatMap((kv) => ['--set', kv]);
    cli = check(
      timedRun(process.execPath, [b.cli, s.preset, ...set, '--duration', `${s.simS}s`, '--format', 'json']),
      'the CLI',
    );
  });
  steps.push(() => {
    runner = check(timedRun(process.execPath, [b.tsqRun, 'time', s.preset, durMs, ...s.set]), 'tsq-run');
  });
  // A rotating order: neither side always runs first (or after the other) when the machine drifts.
  for (let i = 0; i < steps.length; i++) steps[(i + rep) % steps.length]();
  return { ns3, ns3Figures: parseNs3(ns3.stdout), cli, runner, runnerOut: JSON.parse(runner.stdout) };
}

/** TSQ Lab's figures per flow, from the metrics run (same packets as the timed runs). */
function tsqFlows(m: Metrics): FlowFigures[] {
  const st = m.summary.stations;
  if (st.length <= 1)
    return [
      {
        name: 'flow',
        goodputMbps: m.summary.goodputBps / 1e6,
        pingMsMedian: m.pingMsMedian[0],
        pingMsMin: m.pingMsMin[0],
        tcpRttMsMedian: m.srttMsMedian[0],
        ampduMedian: NaN,
      },
    ];
  return st.map((x, i) => ({
    name: x.name,
    goodputMbps: x.goodputBps / 1e6,
    pingMsMedian: m.pingMsMedian[i],
    pingMsMin: m.pingMsMin[i],
    tcpRttMsMedian: m.srttMsMedian[i],
    ampduMedian: x.medianAggregate,
  }));
}

export interface VsResult {
  scenes: VsScene[];
  text: string;
  ns3Version: string;
  /** What ran: the programs and bundles, for the sweeps and memory runs that follow. */
  built: Built;
  /** The scenes run (after --only). */
  ran: VsScene0[];
}

export async function runVsNs3(
  reps: number,
  only: string | null,
  log: (s: string) => void,
): Promise<VsResult> {
  const b = await buildAll(log);
  const scenes: VsScene[] = [];
  const ran = VS_SCENES.filter((s) => !only || s.name.includes(only));
  for (const s of ran) {
    log(`vs ns-3: ${s.name}, ${s.simS} simulated s, a warm-up run and ${reps} counted runs of each side`);
    oneRep(s, b, 0); // warm-up: file cache, CPU frequency; not counted
    const runs: VsRep[] = [];
    for (let r = 0; r < reps; r++) runs.push(oneRep(s, b, r));
    const mOut = check(
      timedRun(process.execPath, [b.tsqRun, 'metrics', s.preset, String(s.simS * 1000), ...s.set]),
      'tsq-run metrics',
    );
    const metrics = JSON.parse(mOut.stdout) as Metrics;
    scenes.push({
      name: s.name,
      simS: s.simS,
      tsqCommand: `node ${b.cli} ${s.preset} ${s.set.map((kv) => `--set ${kv} `).join('')}--duration ${s.simS}s`,
      ns3Command: `${b.programs[s.program]} ${s.args.join(' ')}`,
      runs,
      tsqFlows: tsqFlows(metrics),
      tsqEvents: metrics.events,
    });
  }
  return { scenes, text: vsTable(scenes, b.ns3Version), ns3Version: b.ns3Version, built: b, ran };
}
