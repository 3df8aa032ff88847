/**
 * The equivalence rule of the scenario's `granularity` (a GSO skb crossing a
 * wire into a forwarding node as one event, or one event per segment): the
 * same scene run both ways agrees within the stated tolerances, on the figures
 * a user reads (goodput, the latency median, each flow's srtt median, each
 * qdisc's backlog median). Used by test/granularity-*.test.ts.
 */
import type { Summary } from '../src/sim/api';
import { runScenario } from '../src/sim/run';
import type { Model } from '../src/sim/scenario/model';
import type { Granularity, Scenario } from '../src/sim/scenario/scenario';

/**
 * Goodput ±0.5 %; latency and queue medians ±2 % or ±1 skb: the one-event path
 * moves a GSO skb's segments into the router's queue together, so what it can
 * shift is one skb (its packets in a backlog, its time at the bottleneck in a
 * latency). The skb is the senders' mean in the fine-grained run.
 */
export const GOODPUT_TOL = 0.005;
export const MEDIAN_TOL = 0.02;

export interface Figures {
  goodputBps: number;
  latencyMs: number;
  srttMs: number[];
  backlogPkts: number[];
  events: number;
  /** The mean GSO skb the senders built, in packets: the "one skb" of the tolerances. */
  skbPkts: number;
}

export function figures(s: Summary, m: Model): Figures {
  const segs = m.senders.reduce((a, x) => a + x.dataSegsOut, 0);
  const skbs = m.senders.reduce((a, x) => a + x.skbsSent, 0);
  return {
    goodputBps: s.goodputBps,
    latencyMs: s.medianLatencyMs,
    srttMs: s.flows.map((f) => f.srttMs.median),
    backlogPkts: s.qdiscs.map((q) => q.backlogPkts.median),
    events: s.events,
    skbPkts: skbs > 0 ? segs / skbs : 1,
  };
}

export function runAs(sc: Scenario, g: Granularity, seed = 1): Figures {
  const r = runScenario({ ...sc, granularity: g }, seed);
  return figures(r.summary, r.model);
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** |a − b| within `rel` of b, or within `abs`; two NaNs (nothing measured either way) agree. */
function near(a: number, b: number, rel: number, abs: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= Math.max(rel * Math.abs(b), abs);
}

/**
 * What differs beyond tolerance between `coarse` and `fine`, in words (empty:
 * equivalent). `pktMs`: one full-size packet's time at the scene's bottleneck.
 */
export function differences(coarse: Figures, fine: Figures, pktMs: number): string[] {
  const skbMs = fine.skbPkts * pktMs;
  const out: string[] = [];
  const pct = (a: number, b: number): string => `${(((a - b) / b) * 100).toFixed(2)} %`;
  if (!near(coarse.goodputBps, fine.goodputBps, GOODPUT_TOL, 0))
    out.push(
      `goodput ${coarse.goodputBps.toFixed(0)} vs ${fine.goodputBps.toFixed(0)} bit/s (${pct(coarse.goodputBps, fine.goodputBps)})`,
    );
  if (!near(coarse.latencyMs, fine.latencyMs, MEDIAN_TOL, skbMs))
    out.push(`latency median ${coarse.latencyMs.toFixed(3)} vs ${fine.latencyMs.toFixed(3)} ms`);
  // The flows' srtt medians, averaged over the flows: with many flows sharing a queue which
  // flow a drop hits moves with any change of timing, their mean does not.
  const cs = mean(coarse.srttMs);
  const fs = mean(fine.srttMs);
  if (!near(cs, fs, MEDIAN_TOL, skbMs))
    out.push(`srtt median (mean over ${fine.srttMs.length} flows) ${cs.toFixed(3)} vs ${fs.toFixed(3)} ms`);
  fine.backlogPkts.forEach((f, i) => {
    if (!near(coarse.backlogPkts[i], f, MEDIAN_TOL, Math.ceil(fine.skbPkts)))
      out.push(`qdisc ${i} backlog median ${coarse.backlogPkts[i]} vs ${f} packets`);
  });
  return out;
}

/** Whether the granularity can change anything: only the wire into a router has two paths. */
export function hasRouter(sc: Scenario): boolean {
  return sc.wifi === null && sc.router !== null;
}
