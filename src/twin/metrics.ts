/**
 * The numbers the twin lays side by side, from either side: the real run's
 * samples (./measure.ts) over the measured window (after the warm-up, as the
 * simulation measures), and the simulation's summary (./sim-side.ts).
 */
import { percentile } from '../flent/stats';
import type { TwinMeasurement } from './measure';

export interface Quant {
  p10: number;
  median: number;
  p90: number;
}

export interface FlowMetrics {
  goodputMbps: number;
  srttMs: number;
  minRttMs: number;
  cwndPkts: number;
  pacingMbps: number;
  skmemTBytes: number;
  /** Retransmitted segments over the whole run. */
  retrans: number;
}

export interface RunMetrics {
  totalGoodputMbps: number;
  flows: FlowMetrics[];
  pingMedianMs: number;
  pingP90Ms: number;
  qdiscs: { name: string; skbs: Quant; bytes: Quant }[];
  /** TCP segments per skb leaving the sender's qdisc layer, over the whole run. */
  segsPerSkb: number;
  /** The UDP flows over the measured window. */
  udp: { goodputMbps: number; lossFraction: number; jitterMs: number }[];
  /** The UDP latency probes over the measured window (irtt's round trips, the model's udpProbes). */
  probes: { rttMedianMs: number; rttP90Ms: number; lossFraction: number }[];
}

export const quant = (xs: readonly number[]): Quant => {
  const v = xs.filter(Number.isFinite);
  return v.length
    ? { p10: percentile(v, 10), median: percentile(v, 50), p90: percentile(v, 90) }
    : { p10: NaN, median: NaN, p90: NaN };
};

const med = (xs: readonly number[]): number => quant(xs).median;

/** The real run's metrics over [warmupS, endS]. */
export function twinMetrics(m: TwinMeasurement, warmupS: number, endS: number): RunMetrics {
  const inWindow = (t: number) => t >= warmupS && t <= endS;
  const flows = m.flows.map((f): FlowMetrics => {
    const win = f.ss.filter((s) => inWindow(s.tS));
    const ss = win.map((s) => s.sock);
    // Goodput between the window's first and last samples, over their own times: the samplers and
    // iperf3 start late on a busy machine, so the window's nominal length would miscount.
    const a = win[0];
    const b = win.at(-1);
    const last = f.ss.at(-1)?.sock;
    return {
      goodputMbps:
        a && b && b.tS > a.tS ? ((b.sock.bytesAcked - a.sock.bytesAcked) * 8) / (b.tS - a.tS) / 1e6 : NaN,
      srttMs: med(ss.map((s) => s.srttMs)),
      minRttMs: last?.minRttMs ?? NaN,
      cwndPkts: med(ss.map((s) => s.cwndPkts)),
      pacingMbps: med(ss.map((s) => s.pacingRateBps / 1e6)),
      skmemTBytes: med(ss.map((s) => s.skmemTBytes)),
      retrans: last?.retransTotal ?? NaN,
    };
  });
  const pings = m.pings.filter((p) => inWindow(p.tS)).map((p) => p.rttMs);
  // Measurements cached before UDP flows existed have no udp list.
  const udp = m.udp ?? [];
  const segs = m.flows.reduce((a, f) => a + (f.ss.at(-1)?.sock.dataSegsOut ?? 0), 0);
  return {
    totalGoodputMbps: flows.reduce((a, f) => a + (Number.isFinite(f.goodputMbps) ? f.goodputMbps : 0), 0),
    flows,
    pingMedianMs: pings.length ? percentile(pings, 50) : NaN,
    pingP90Ms: pings.length ? percentile(pings, 90) : NaN,
    qdiscs: m.qdiscs.map((q) => {
      const s = q.samples.filter((x) => inWindow(x.tS));
      return { name: q.name, skbs: quant(s.map((x) => x.qlen)), bytes: quant(s.map((x) => x.backlogBytes)) };
    }),
    // The veth also carried the ping's requests (one skb each): they are no TCP skbs. UDP
    // datagrams of the warm-up iperf3 does not count (-O): with UDP flows the count is unknown.
    segsPerSkb:
      udp.length === 0 && m.vethTxPackets - m.pings.length > 0
        ? segs / (m.vethTxPackets - m.pings.length)
        : NaN,
    udp: udp.map((u) => ({
      goodputMbps: u.goodputMbps,
      lossFraction: u.lossFraction,
      jitterMs: u.jitterMs,
    })),
    probes: (m.probes ?? []).map((p) => ({
      rttMedianMs: p.rttMs.length ? percentile(p.rttMs, 50) : NaN,
      rttP90Ms: p.rttMs.length ? percentile(p.rttMs, 90) : NaN,
      lossFraction: p.sent > 0 ? p.lost / p.sent : NaN,
    })),
  };
}

/** The lowest min_rtt the flows saw, µs: the veth path's own RTT when there is no netem. */
export function measuredMinRttUs(m: TwinMeasurement): number {
  const v = m.flows.flatMap((f) => f.ss.map((s) => s.sock.minRttMs)).filter((x) => x > 0);
  return v.length ? Math.min(...v) * 1000 : NaN;
}
