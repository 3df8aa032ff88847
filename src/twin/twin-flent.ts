/**
 * A twin run as a Flent data file: the Flent test and series names TSQ Lab's
 * own `--flent` writes for the same scenario (src/flent/from-sim.ts), so
 * Flent, the explorer's Load measurement and `--compare` read it like any
 * measurement, plus series Flent's tests do not have: each sampled qdisc's
 * backlog (skbs and bytes, as `tc -s qdisc`) and, in each flow's ss samples,
 * min_rtt, skmem t and retransmissions beside cwnd, rtt and pacing rate.
 * x = 0 is the end of the warm-up, as in a simulated file.
 */
import { flentTestFor } from '../flent/from-sim';
import type { FlentPoint } from '../flent/types';
import type { FlentSeriesInput, FlentWriteInput } from '../flent/write';
import type { Scenario } from '../sim/scenario/scenario';
import type { TwinMeasurement } from './measure';

export const STEP_S = 0.2;

export interface TwinFlentInfo {
  scenario: Scenario;
  presetId: string | null;
  seed: number;
  kernelRelease: string;
  era: string;
  notes: string[];
  commands: string[];
}

/** The extra series' names: "Qdisc backlog (skbs) sender: htb/pfifo". */
export const qdiscSeriesName = (name: string, unit: 'skbs' | 'bytes'): string =>
  `Qdisc backlog (${unit}) ${name.replace(/ → /g, '/')}`;

function flowSeries(m: TwinMeasurement, sc: Scenario, warmupS: number, lengthS: number): FlentSeriesInput[] {
  const test = flentTestFor(sc);
  const keep = (p: FlentPoint) => p.tS >= 0 && p.tS <= lengthS + 1e-6;
  return m.flows.map((f) => {
    const pts = (get: (s: (typeof f.ss)[number]['sock']) => number) =>
      f.ss
        .map((s) => ({ tS: s.tS - warmupS, value: get(s.sock) }))
        .filter((p) => keep(p) && Number.isFinite(p.value));
    return {
      name: test === 'tcp_nup' ? `TCP upload::${f.index + 1}` : 'TCP upload',
      units: 'Mbits/s',
      runner: 'NetperfDemoRunner',
      durS: STEP_S,
      points: f.intervals.map((iv) => ({ tS: iv.tS - warmupS, value: iv.bps / 1e6 })).filter(keep),
      meanValue: m.flows.length === 1 ? f.meanBps / 1e6 : undefined,
      socketStats: {
        tcp_cwnd: { units: 'packets', points: pts((s) => s.cwndPkts) },
        tcp_rtt: { units: 'ms', points: pts((s) => s.srttMs) },
        tcp_rtt_var: { units: 'ms', points: pts((s) => s.rttvarMs) },
        tcp_pacing_rate: { units: 'Mbits/s', points: pts((s) => s.pacingRateBps / 1e6) },
        tcp_delivery_rate: { units: 'Mbits/s', points: pts((s) => s.deliveryRateBps / 1e6) },
        tcp_min_rtt: { units: 'ms', points: pts((s) => s.minRttMs) },
        tcp_skmem_t: { units: 'bytes', points: pts((s) => s.skmemTBytes) },
        tcp_retrans: { units: 'packets', points: pts((s) => s.retransTotal) },
      },
    };
  });
}

/** The flows' sum per interval (iperf3 reports every flow at the same 0.2 s marks from its own start). */
function sumSeries(flows: FlentSeriesInput[]): FlentSeriesInput[] {
  if (flows.length < 2) return [];
  const byT = new Map<number, number>();
  for (const f of flows)
    for (const p of f.points) {
      const k = Math.round(p.tS / STEP_S) * STEP_S;
      byT.set(k, (byT.get(k) ?? 0) + p.value);
    }
  const points = [...byT.entries()].sort((a, b) => a[0] - b[0]).map(([tS, value]) => ({ tS, value }));
  return [{ name: 'TCP upload sum', units: 'Mbits/s', runner: 'NetperfDemoRunner', durS: STEP_S, points }];
}

export function twinToFlent(m: TwinMeasurement, info: TwinFlentInfo, producer: string): FlentWriteInput {
  const sc = info.scenario;
  const warmupS = sc.warmupMs / 1000;
  const lengthS = Math.round(sc.durationMs - sc.warmupMs) / 1000;
  const flows = flowSeries(m, sc, warmupS, lengthS);
  const series: FlentSeriesInput[] = [...flows, ...sumSeries(flows)];
  if (sc.pingIntervalMs > 0)
    series.push({
      name: 'Ping (ms) ICMP',
      units: 'ms',
      runner: 'PingRunner',
      seq: true,
      points: m.pings
        .map((p) => ({ tS: p.tS - warmupS, value: p.rttMs }))
        .filter((p) => p.tS >= 0 && p.tS <= lengthS),
    });
  for (const q of m.qdiscs)
    for (const unit of ['skbs', 'bytes'] as const)
      series.push({
        name: qdiscSeriesName(q.name, unit),
        units: unit === 'skbs' ? 'packets' : 'bytes',
        runner: 'TcRunner',
        points: q.samples
          .map((s) => ({ tS: s.tS - warmupS, value: unit === 'skbs' ? s.qlen : s.backlogBytes }))
          .filter((p) => p.tS >= 0 && p.tS <= lengthS),
      });
  const test = flentTestFor(sc);
  return {
    name: test,
    title: `${sc.title} (real kernel)`,
    timeMs: Math.round(m.t0UnixMs + sc.warmupMs),
    lengthS,
    stepS: STEP_S,
    host: 'tsq-lab-twin-receiver',
    hosts: ['tsq-lab-twin-receiver'],
    localHost: 'tsq-lab-twin-sender',
    kernelRelease: info.kernelRelease,
    testParameters: {
      tcp_cong_control: sc.tcp.cc,
      ...(test === 'tcp_nup' ? { upload_streams: String(sc.tcp.flows) } : {}),
    },
    note: `Measured by ${producer} on Linux ${info.kernelRelease} (veth pair between network namespaces, iperf3, ping, tc and ss sampling): x = 0 is the end of the ${warmupS} s warm-up`,
    extra: {
      TSQ_LAB_TWIN: {
        preset: info.presetId,
        seed: info.seed,
        warmupS,
        simulatedEra: info.era,
        scenario: sc,
        notes: info.notes,
        commands: info.commands,
        sysctls: m.sysctls,
        vethTxPackets: m.vethTxPackets,
      },
    },
    series,
  };
}
