/**
 * npm run fidelity: a grid of wired scenarios through the real-kernel twin
 * (src/twin) and the simulation, each row judged at the stated tolerances,
 * written to docs/fidelity.md. Each row's kernel measurement is cached in
 * node_modules/.cache/tsq-lab-fidelity/ by kernel release and row, so a
 * re-run resumes where it stopped and, after a model change, re-runs only
 * the simulation (--fresh measures again). The text after the findings
 * marker in docs/fidelity.md is written by hand and kept.
 *
 * The grid: bottleneck 20 Mbit/s, 200 Mbit/s and 2 Gbit/s × htb and tbf ×
 * cubic and bbr × 1 and 4 flows at the host's sysctls (24 rows), and at
 * 200 Mbit/s and 2 Gbit/s with one flow behind htb, tcp_tso_rtt_log 0 and
 * tcp_limit_output_bytes 256 KiB one at a time (8 rows); then the writers of
 * model/traffic, cubic behind htb: iperf3 -b 10M at 20 Mbit/s and -b 100M at
 * 200 Mbit/s (128 KiB writes), 1000-byte writes at 20 Mbit/s, and one upload
 * beside an iperf3 -u -b 30M flood at 20 Mbit/s (4 rows); one upload and one
 * download through a router shaped both ways at 20 Mbit/s (1 row). 4 s per row, the
 * first second a warm-up.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import { compareRows, rowOk, TOLERANCES, type CompareRow } from '../src/twin/compare';
import { probeHost } from '../src/twin/host';
import { measure, type TwinMeasurement } from '../src/twin/measure';
import { twinMetrics } from '../src/twin/metrics';
import { planTwin } from '../src/twin/plan';
import { Procs } from '../src/twin/procs';
import { nsPrefix, withMeasuredRtt } from '../src/twin/run-twin';
import { runSimSide } from '../src/twin/sim-side';
import { twinBlocker } from '../src/twin/twin-cli';
import { sqmUplink } from '../src/sim/scenario/presets/sqm-base';
import { flentUdpProbe } from '../src/sim/scenario/udp-probes';
import { wiredBase } from '../src/sim/scenario/presets/wired-base';
import { defaultShaper } from '../src/sim/scenario/shaper-config';
import type { CcName, Scenario } from '../src/sim/scenario/scenario';
import {
  IPERF3_PACING_TIMER_US,
  IPERF3_TCP_BLKSIZE_BYTES,
  IPERF3_UDP_BLKSIZE_BYTES,
  type AppSpec,
} from '../src/sim/model/traffic/app-spec';

interface GridRow {
  id: string;
  rateBps: number;
  shaper: 'htb' | 'tbf';
  cc: CcName;
  flows: number;
  tsoRttLog: number | null;
  limitOutputBytes: number | null;
  /** The flows' application (model/traffic); null: the 16 KiB netperf writer (iperf3's defaults in the kernel run). */
  app: AppSpec | null;
  /** A UDP flood beside the TCP flows (iperf3 -u -b, 1460-byte datagrams); null: none. */
  udpRateBps: number | null;
  /**
   * One upload and one download through a router shaped both ways at the row's rate (sqm's
   * egress and ingress shapers as src/sim/scenario/wired-reverse.ts has them), pfifo leaves, and
   * Flent's UDP probe.
   */
  bidir: boolean;
}

const RATES = [20e6, 200e6, 2e9];
const DURATION_MS = 4000;
const WARMUP_MS = 1000;
const SEED = 1;
const DOC = 'docs/fidelity.md';
const MARKER = '<!-- findings: written by hand below this line; npm run fidelity keeps it -->';

function grid(): GridRow[] {
  const rows: GridRow[] = [];
  const id = (r: Omit<GridRow, 'id'>) =>
    `${r.rateBps / 1e6}M-${r.shaper}-${r.cc}-${r.flows}f${r.tsoRttLog !== null ? `-log${r.tsoRttLog}` : ''}${r.limitOutputBytes !== null ? `-lob${r.limitOutputBytes}` : ''}${r.app ? `-${trafficText(r).replace(/ /g, '').replace(/^-/, '')}` : ''}${r.udpRateBps !== null ? `-udp${r.udpRateBps / 1e6}M` : ''}${r.bidir ? '-updown' : ''}`;
  const add = (r: Omit<GridRow, 'id'>) => rows.push({ id: id(r), ...r });
  for (const rateBps of RATES)
    for (const shaper of ['htb', 'tbf'] as const)
      for (const cc of ['cubic', 'bbr'] as const)
        for (const flows of [1, 4]) add({ ...PLAIN, rateBps, shaper, cc, flows });
  for (const rateBps of RATES.slice(1))
    for (const cc of ['cubic', 'bbr'] as const) {
      add({ ...PLAIN, rateBps, shaper: 'htb', cc, flows: 1, tsoRttLog: 0 });
      add({ ...PLAIN, rateBps, shaper: 'htb', cc, flows: 1, limitOutputBytes: 262144 });
    }
  const rate = (rateBps: number): AppSpec => ({
    kind: 'rate',
    rateBps,
    writeBytes: IPERF3_TCP_BLKSIZE_BYTES,
    pacingTimerUs: IPERF3_PACING_TIMER_US,
  });
  const one = { ...PLAIN, shaper: 'htb', cc: 'cubic', flows: 1 } as const;
  add({ ...one, rateBps: 20e6, app: rate(10e6) });
  add({ ...one, rateBps: 200e6, app: rate(100e6) });
  add({ ...one, rateBps: 20e6, app: { kind: 'bulk', writeBytes: 1000 } });
  add({ ...one, rateBps: 20e6, udpRateBps: 30e6 });
  add({ ...one, rateBps: 20e6, flows: 2, bidir: true });
  return rows;
}

const PLAIN = { tsoRttLog: null, limitOutputBytes: null, app: null, udpRateBps: null, bidir: false };

/** The row's writer as iperf3's options read. */
function trafficText(r: Omit<GridRow, 'id'>): string {
  const a = r.app;
  const app = !a
    ? ''
    : a.kind === 'rr'
      ? `TCP_RR -r ${a.requestBytes},${a.responseBytes}`
      : a.kind === 'rate'
        ? `-b ${a.rateBps / 1e6}M -l ${a.writeBytes / 1024}K`
        : `-l ${a.writeBytes}`;
  const udp = r.udpRateBps !== null ? `+ -u -b ${r.udpRateBps / 1e6}M` : '';
  return [app, udp, r.bidir ? '1 up + 1 down (-R) + irtt, router' : ''].filter(Boolean).join(' ');
}

/** A router shaped both ways at the row's rate, pfifo everywhere (this kernel may lack fq_codel); flow 1 downloads. */
function bidirScenario(r: GridRow): Scenario {
  const sc = sqmUplink({
    uplinkBps: r.rateBps,
    wanPropagationUs: 0,
    shaper: defaultShaper(r.shaper, r.rateBps),
  });
  sc.qdisc = { ...sc.qdisc, kind: 'pfifo_fast' };
  const leaf = { ...sc.router!.qdisc, kind: 'pfifo' as const, limit: null };
  sc.router = { ...sc.router!, qdisc: leaf };
  sc.router.down = { rateBps: 1e9, qdisc: { ...leaf }, shaper: defaultShaper(r.shaper, r.rateBps) };
  const flow = { rttUs: null, startMs: 0, stopMs: null, cc: null };
  sc.tcp.perFlow = [
    { ...flow, name: 'upload', direction: 'up' },
    { ...flow, name: 'download', direction: 'down' },
  ];
  // Flent's UDP probe beside them, as rrul has it (irtt in the kernel run).
  sc.udpProbes = [flentUdpProbe('UDP BE')];
  return sc;
}

function scenarioOf(r: GridRow): Scenario {
  const sc = r.bidir ? bidirScenario(r) : wiredBase();
  sc.title = `fidelity ${r.id}`;
  // The upload+download row is shaped at its router, both ways; the others at the sender's veth.
  if (!r.bidir) sc.shaper = defaultShaper(r.shaper, r.rateBps);
  sc.tcp.cc = r.cc;
  sc.tcp.flows = r.flows;
  sc.tcp.tcp_limit_output_bytes = r.limitOutputBytes;
  sc.kernel.tcp_tso_rtt_log = r.tsoRttLog;
  sc.durationMs = DURATION_MS;
  sc.warmupMs = WARMUP_MS;
  sc.pingIntervalMs = 100;
  if (r.app)
    sc.tcp.perFlow = Array.from({ length: r.flows }, (_, i) => ({
      name: `flow ${i}`,
      rttUs: null,
      startMs: 0,
      stopMs: null,
      cc: null,
      app: r.app,
    }));
  if (r.udpRateBps !== null)
    sc.udpFlows = [
      {
        name: 'udp',
        rateBps: r.udpRateBps,
        packetBytes: IPERF3_UDP_BLKSIZE_BYTES,
        pacingTimerUs: IPERF3_PACING_TIMER_US,
        startMs: 0,
        stopMs: null,
      },
    ];
  return sc;
}

interface RowResult {
  row: GridRow;
  rows: CompareRow[];
  load1: number;
}

const cacheDir = join('node_modules', '.cache', 'tsq-lab-fidelity', release());

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const blocker = twinBlocker();
  if (blocker) {
    console.error(`npm run fidelity: ${blocker}`);
    process.exit(1);
  }
  mkdirSync(cacheDir, { recursive: true });
  const loadStart = loadavg();
  const procs0 = new Procs();
  const caps = await probeHost(procs0, nsPrefix()).finally(() => procs0.close());
  const results: RowResult[] = [];
  const rows = grid();
  for (const [i, row] of rows.entries()) {
    const sc = scenarioOf(row);
    const plan = planTwin(sc, caps, { prefix: nsPrefix(), set: {} });
    const file = join(cacheDir, `${row.id}.json`);
    let m: TwinMeasurement & { load1?: number };
    if (!fresh && existsSync(file)) m = JSON.parse(readFileSync(file, 'utf8')) as typeof m;
    else {
      const procs = new Procs();
      try {
        m = { ...(await measure(plan, procs)), load1: loadavg()[0] };
      } finally {
        procs.close();
      }
      writeFileSync(file, JSON.stringify(m));
    }
    const sim = runSimSide(withMeasuredRtt(plan, m), SEED, 200);
    const twin = twinMetrics(m, WARMUP_MS / 1000, DURATION_MS / 1000);
    results.push({ row, rows: compareRows(twin, sim.metrics), load1: m.load1 ?? NaN });
    const bad = failures(results.at(-1)!.rows);
    console.log(
      `${String(i + 1).padStart(2)}/${rows.length} ${row.id.padEnd(28)} ${bad.length ? `out: ${bad.join(', ')}` : 'within tolerance'}`,
    );
  }
  writeDoc(results, caps.kernelRelease, loadStart, loadavg());
}

/** The checked rows out of tolerance, by short name. */
function failures(rows: CompareRow[]): string[] {
  return rows.filter((r) => rowOk(r) === false).map((r) => short(r));
}

const short = (r: CompareRow): string =>
  r.metric
    .replace(/^goodput total$/, 'throughput')
    .replace(/^ping median$/, 'ping')
    .replace(/^sender: .* backlog median$/, 'queued skbs')
    .replace(/^segments per skb$/, 'segs/skb')
    .replace(/^flow (\d+) srtt median$/, 'srtt$1');

const f = (v: number | undefined, d = 1): string =>
  v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(d);

function cell(rows: CompareRow[], pick: (r: CompareRow) => boolean, d = 1): string {
  const r = rows.find(pick);
  return r ? `${f(r.twin, d)} / ${f(r.sim, d)}` : '–';
}

function writeDoc(results: RowResult[], kernel: string, loadStart: number[], loadEnd: number[]): void {
  const ok = results.filter((r) => failures(r.rows).length === 0).length;
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const summary = `${ok} of ${results.length} rows within tolerance (Linux ${kernel}, ${cpus().length} × ${cpu}, twin vs TSQ Lab at era 6.16).`;
  const head = [
    '# Fidelity: the model beside this machine’s kernel',
    '',
    '_Generated by `npm run fidelity` (scripts/fidelity.ts); the findings at the end are written by hand._',
    '',
    `**Summary: ${summary}**`,
    '',
    `- Kernel: Linux ${kernel}; the simulation runs at the nearest era (6.16) with the sysctls the host reports.`,
    `- Machine: ${cpus().length} × ${cpu}; load average ${loadStart.map((x) => x.toFixed(2)).join(' ')} at the start, ${loadEnd.map((x) => x.toFixed(2)).join(' ')} at the end (the machine is shared; each row's 1-minute load is in the table).`,
    `- Each row: \`tsq-lab twin\`'s set-up (two network namespaces, a veth pair, the shaper at the sender's veth with tc's defaults: htb burst rate/get_hz() + 1600, tbf burst 15140 B and latency 50 ms; iperf3 flows; ping every 100 ms; tc sampled every 100 ms, ss every 200 ms), ${DURATION_MS / 1000} s with a ${WARMUP_MS / 1000} s warm-up, seed ${SEED}.`,
    '- This kernel has no sch_netem, so the path’s RTT is the veth’s own (microseconds); the simulation gets the lowest min_rtt the flows measured.',
    `- Tolerances: throughput ${TOLERANCES.throughput.text}, ping and srtt ${TOLERANCES.latency.text}, queued skbs (median backlog of the sender's qdisc) ${TOLERANCES.skbs.text}, segments per skb ${TOLERANCES.segs.text}. Cells are kernel / model.`,
    '',
    '| row | Mbit/s | qdisc | cc | flows | tso_rtt_log | limit_output | traffic | goodput Mbit/s | ping ms | queued skbs | srtt ms (flow 0) | segs/skb | udp loss % | load | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const body = results.map(({ row: g, rows, load1 }) => {
    const bad = failures(rows);
    return `| ${g.id} | ${g.rateBps / 1e6} | ${g.shaper} | ${g.cc} | ${g.flows} | ${g.tsoRttLog ?? 'host (9)'} | ${g.limitOutputBytes ?? 'host (4 MiB)'} | ${trafficText(g) || 'bulk'} | ${cell(rows, (r) => r.metric === 'goodput total')} | ${cell(rows, (r) => r.metric === 'ping median', 2)} | ${cell(rows, (r) => / backlog median$/.test(r.metric) && r.unit === 'skbs')} | ${cell(rows, (r) => r.metric === 'flow 0 srtt median', 2)} | ${cell(rows, (r) => r.metric === 'segments per skb')} | ${cell(rows, (r) => r.metric === 'udp 0 loss')} | ${f(load1, 1)} | ${bad.length ? `**out**: ${bad.join(', ')}` : 'ok'} |`;
  });
  const old = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  const kept = old.includes(MARKER)
    ? old.slice(old.indexOf(MARKER) + MARKER.length)
    : '\n\n## Findings\n\n(to be written)\n';
  writeFileSync(DOC, [...head, ...body, '', MARKER].join('\n') + kept);
  console.log(`wrote ${DOC}\n${summary}`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
