/** The side-by-side table of `npm run bench -- --vs-ns3` (bench/vs-ns3.ts): speed, memory and what each side simulated. */
import { othersShare, type ProcessRun } from '../process-run';
import type { FlowFigures } from './ns3-output';
import type { VsRep } from '../vs-ns3';

export interface VsScene {
  name: string;
  simS: number;
  tsqCommand: string;
  ns3Command: string;
  runs: VsRep[];
  tsqFlows: FlowFigures[];
  tsqEvents: number;
}

export const median = (xs: number[]): number => {
  const a = xs.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  if (a.length === 0) return NaN;
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

/** Median and range of simulated seconds per second of `t`. */
function rate(simS: number, ts: number[]): string {
  const r = ts.map((t) => simS / t);
  return `${f(median(r))} (${f(Math.min(...r))}–${f(Math.max(...r))})`;
}

/** How many times faster TSQ Lab is: the median over the runs of ns-3's time over TSQ Lab's in the same pair. */
const ratio = (ns3: number[], tsq: number[]): string => `${f(median(ns3.map((t, i) => t / tsq[i])))}×`;

export interface SceneFigures {
  wholeWall: number;
  wholeCpu: number;
  simWall: number;
  simCpu: number;
  tsqNsPerEvent: number;
  ns3NsPerEvent: number;
  tsqEventsPerCpuS: number;
  /** The same run again in the same process, V8 having compiled the core. */
  tsqWarmNsPerEvent: number;
  /**
   * CPU per TCP segment delivered (goodput over the run, 1448-byte segments):
   * a unit both simulators share, where an event is not (one TSQ Lab event may
   * carry a whole A-MPDU or GSO skb, ns-3's one frame's step).
   */
  tsqNsPerSegment: number;
  ns3NsPerSegment: number;
}

/** TCP segments of 1448 bytes the flows delivered at their goodput over `simS` seconds. */
function segmentsDelivered(flows: FlowFigures[], simS: number): number {
  const mbps = flows.reduce((a, x) => a + (Number.isFinite(x.goodputMbps) ? x.goodputMbps : 0), 0);
  return (mbps * 1e6 * simS) / 8 / 1448;
}

/** The ratios and per-event costs a scene's targets are judged on. */
export function sceneFigures(s: VsScene): SceneFigures {
  const r = s.runs;
  const pair = (ns3: (x: VsRep) => number, tsq: (x: VsRep) => number): number =>
    median(r.map((x) => ns3(x) / tsq(x)));
  const tsqEvents = r[0]?.runnerOut.events ?? NaN;
  const ns3Events = r[0]?.ns3Figures.events ?? NaN;
  const tsqCpu = median(r.map((x) => x.runnerOut.runCpuS));
  const ns3Cpu = median(r.map((x) => x.ns3Figures.runCpuS));
  const tsqSegs = segmentsDelivered(s.tsqFlows, s.simS);
  const ns3Segs = r.length ? segmentsDelivered(r[r.length - 1].ns3Figures.flows, s.simS) : NaN;
  return {
    wholeWall: pair(
      (x) => x.ns3.wallS,
      (x) => x.cli.wallS,
    ),
    wholeCpu: pair(
      (x) => x.ns3.cpuS,
      (x) => x.cli.cpuS,
    ),
    simWall: pair(
      (x) => x.ns3Figures.runWallS,
      (x) => x.runnerOut.runWallS,
    ),
    simCpu: pair(
      (x) => x.ns3Figures.runCpuS,
      (x) => x.runnerOut.runCpuS,
    ),
    tsqNsPerEvent: (tsqCpu / tsqEvents) * 1e9,
    ns3NsPerEvent: (median(r.map((x) => x.ns3Figures.runCpuS)) / ns3Events) * 1e9,
    tsqEventsPerCpuS: tsqEvents / tsqCpu,
    tsqWarmNsPerEvent: (median(r.map((x) => x.runnerOut.warmRunCpuS)) / tsqEvents) * 1e9,
    tsqNsPerSegment: (tsqCpu / tsqSegs) * 1e9,
    ns3NsPerSegment: (ns3Cpu / ns3Segs) * 1e9,
  };
}

function row(label: string, tsq: string, ns3: string, ratioText = ''): string {
  return `  ${label.padEnd(40)}${tsq.padStart(20)}${ns3.padStart(20)}${ratioText.padStart(10)}`;
}

function loadText(runs: ProcessRun[]): string {
  const busy = runs.map((x) => x.machineBusy * 100);
  const others = runs.map((x) => othersShare(x) * 100);
  return `${f(median(busy), 0)} % (others ${f(median(others), 0)} %)`;
}

function flowRows(tsq: FlowFigures[], ns3: FlowFigures[]): string[] {
  const out: string[] = [];
  const n = Math.max(tsq.length, ns3.length);
  for (let i = 0; i < n; i++) {
    const a = tsq[i];
    const b = ns3[i];
    const name = a && b ? `${a.name} / ${b.name}` : (a?.name ?? b?.name ?? '');
    const pair = (g: (x: FlowFigures) => string): [string, string] => [a ? g(a) : '-', b ? g(b) : '-'];
    out.push(`  ${name}`);
    out.push(row('  goodput Mbit/s', ...pair((x) => f(x.goodputMbps, 2))));
    out.push(row('  TCP RTT ms, median', ...pair((x) => f(x.tcpRttMsMedian, 1))));
    out.push(
      row('  ping ms, median / min', ...pair((x) => `${f(x.pingMsMedian, 1)} / ${f(x.pingMsMin, 1)}`)),
    );
    out.push(row('  queue delay ms (ping median − min)', ...pair((x) => f(x.pingMsMedian - x.pingMsMin, 1))));
    if (!Number.isNaN(a?.ampduMedian ?? NaN) || !Number.isNaN(b?.ampduMedian ?? NaN))
      out.push(row('  frames per A-MPDU, median', ...pair((x) => f(x.ampduMedian, 0))));
  }
  return out;
}

export function sceneText(s: VsScene): string {
  const r = s.runs;
  const fig = sceneFigures(s);
  const last = r[r.length - 1];
  const ns3Fig = last.ns3Figures;
  const lines = [
    `${s.name} — ${s.simS} simulated s, ${r.length} runs of each side, interleaved`,
    `  TSQ Lab: ${s.tsqCommand}`,
    `  ns-3:    ${s.ns3Command}`,
    row('', 'TSQ Lab', 'ns-3', 'ratio'),
    row(
      'whole process: sim s per wall s',
      rate(
        s.simS,
        r.map((x) => x.cli.wallS),
      ),
      rate(
        s.simS,
        r.map((x) => x.ns3.wallS),
      ),
      `${f(fig.wholeWall)}×`,
    ),
    row(
      '               sim s per CPU s',
      rate(
        s.simS,
        r.map((x) => x.cli.cpuS),
      ),
      rate(
        s.simS,
        r.map((x) => x.ns3.cpuS),
      ),
      ratio(
        r.map((x) => x.ns3.cpuS),
        r.map((x) => x.cli.cpuS),
      ),
    ),
    row(
      'simulation only: sim s per wall s',
      rate(
        s.simS,
        r.map((x) => x.runnerOut.runWallS),
      ),
      rate(
        s.simS,
        r.map((x) => x.ns3Figures.runWallS),
      ),
      `${f(fig.simWall)}×`,
    ),
    row(
      '                 sim s per CPU s',
      rate(
        s.simS,
        r.map((x) => x.runnerOut.runCpuS),
      ),
      rate(
        s.simS,
        r.map((x) => x.ns3Figures.runCpuS),
      ),
      `${f(fig.simCpu)}×`,
    ),
    row(
      'peak RSS MB (whole process)',
      f(median(r.map((x) => x.cli.maxRssMB))),
      f(median(r.map((x) => x.ns3.maxRssMB))),
    ),
    row('events', String(r[0].runnerOut.events), String(ns3Fig.events)),
    row('CPU ns per event (simulation only)', f(fig.tsqNsPerEvent, 0), f(fig.ns3NsPerEvent, 0)),
    row('CPU ns per segment delivered (sim only)', f(fig.tsqNsPerSegment, 0), f(fig.ns3NsPerSegment, 0)),
    row(
      '  the run again in the same process',
      `${f(fig.tsqWarmNsPerEvent, 0)} (${f(s.simS / median(r.map((x) => x.runnerOut.warmRunCpuS)))} sim/CPU)`,
      '',
    ),
    row('machine busy during the runs', loadText(r.map((x) => x.cli)), loadText(r.map((x) => x.ns3))),
    ...flowRows(s.tsqFlows, ns3Fig.flows),
  ];
  if (!Number.isNaN(ns3Fig.qdiscSojournMsMedian))
    lines.push(row('bottleneck qdisc sojourn ms, median (ns-3)', '', f(ns3Fig.qdiscSojournMsMedian, 2)));
  return lines.join('\n');
}

/** What the two simulations do not do alike (in full: bench/ns3/README.md). */
export const DIFFERENCES = [
  'TCP: TSQ Lab models Linux (TSO/GSO skbs up to 64 KB, TSQ, autocork, TSO deferral, GRO at the receiver); ns-3 sends',
  '  one segment at a time, without TSQ or GRO, with its own CUBIC, HyStart and recovery.',
  'TCP RTT: ns-3 per-ACK samples; TSQ Lab srtt every 10 ms.',
  'Wired ACK path: TSQ Lab propagation only; ns-3 serialises ACKs on the reverse links through fq_codel.',
  'Framing: TSQ Lab Ethernet (1538 bytes on the wire per 1448-byte segment); ns-3 PPP (1502): ~2.4 % more goodput.',
  'Set-up: both handshake through the queues; ns-3 also resolves ARP, and on WiFi associates first (apps at 1 s).',
  "Events: one of TSQ Lab's may carry a GSO skb (into the router: its segments in one event) or an A-MPDU.",
  'WiFi management: ns-3 sends beacons (102.4 ms) and simulates association; TSQ Lab neither.',
  'WiFi PHY: ns-3 delivers every frame to every radio (Yans channel, interference, error model); TSQ Lab shares one',
  '  EDCA medium with 802.11 timing, no frame errors here.',
  'A-MPDU: ath9k caps at 65535 bytes and 4 ms; ns-3 at 65535 bytes and 5.484 ms (2 frames at MCS 0 in both).',
  "AP driver queue: ath9k per station/TID round-robin, pausing at 123 pending frames; ns-3's MAC queue serves the",
  '  oldest frame first and pauses at 123 queued frames.',
  "Stations' ACKs: TSQ Lab through mac80211's TXQs; ns-3 through its MAC queue under mq + fq_codel.",
  'AP qdisc: ns-3 mq with one fq_codel per AC; TSQ Lab one fq_codel (all traffic is best effort).',
];

export function vsTable(scenes: VsScene[], ns3Version: string): string {
  return [
    `TSQ Lab beside ns-3 ${ns3Version} (Debian's libns3-dev), on this machine, in this run`,
    '',
    ...scenes.map(sceneText).flatMap((t) => [t, '']),
    'sim s per wall s / per CPU s: simulated seconds per second, median (min–max) of the runs; ratio: the median of',
    "ns-3's time over TSQ Lab's in each pair of runs. Whole process: the command as a user runs it (GNU time:",
    'wall, user + system CPU of all threads, peak RSS). Simulation only: ns-3 around Simulator::Run; TSQ Lab from the',
    'built model to the end of the run (bench/ns3/tsq-run.ts, a bundle like the CLI); "again": a second run in that',
    'process, with the code V8 compiled for the first (the cost without compiling). Machine busy: the share of all',
    "cores busy during the runs (/proc/stat); others: the part not this run's own. TCP RTT: ns-3's per-ACK samples,",
    "TSQ Lab's srtt every 10 ms; both after the warm-up.",
    '',
    'What still differs between the two simulations (in full: bench/ns3/README.md):',
    ...DIFFERENCES.map((d) => (d.startsWith('  ') ? `  ${d}` : `- ${d}`)),
  ].join('\n');
}
