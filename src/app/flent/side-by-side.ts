/**
 * The measured medians beside the simulated ones for the explorer's summary:
 * each measured flow, ping and socket-stats series (Flent's summary median)
 * with the live run's median per Flent step of the series paired with it
 * (Summary.steps, the core's per-step samples since the measurement began),
 * in flow order, paired by meaning (`flent/pair`: a total with a total, a
 * flow with a flow only when both runs have as many).
 */
import { flentSummary, type FlentRun } from '../../flent/index';
import { pairedMedian, pairSeries } from '../../flent/pair';
import type { Summary } from '../../worker/protocol';

export interface MedianRow {
  series: string;
  unit: string;
  measured: number;
  /** NaN when the simulated run has no such series (yet), or none of the same meaning (`why`). */
  simulated: number;
  /** Why no simulated series stands beside it: the runs differ in flow count. */
  why?: string;
  /** How the measured figure was taken, when not as Flent's summary takes it. */
  note?: string;
}

/** The live run's step medians as Flent-named series, in the order pairSeries matches them. */
export function simulatedMedians(s: Summary | null): { name: string; median: number }[] {
  const st = s?.steps;
  if (!st) return [];
  const out: { name: string; median: number }[] = [];
  st.flows.forEach((f, i) => {
    const n = `TCP upload::${i + 1}`;
    out.push({ name: n, median: f.goodputMbps });
    out.push({ name: `${n}::tcp_cwnd`, median: f.cwndPkts });
    out.push({ name: `${n}::tcp_rtt`, median: f.srttMs });
    out.push({ name: `${n}::tcp_pacing_rate`, median: f.pacingMbps });
  });
  if (st.flows.length > 1) out.push({ name: 'TCP upload sum', median: st.totalGoodputMbps });
  st.pingMs.forEach((m, i) => out.push({ name: `Ping (ms) ICMP ${i + 1}`, median: m }));
  return out;
}

export function medianRows(run: FlentRun, s: Summary | null): MedianRow[] {
  const stats = new Map(flentSummary(run).map((x) => [x.name, x]));
  return pairSeries(run.series, simulatedMedians(s)).flatMap((p) => {
    const m = pairedMedian(p.measured, stats.get(p.measured.name)?.median);
    if (!Number.isFinite(m.median)) return [];
    return [
      {
        series: p.measured.name,
        unit: p.measured.units,
        measured: m.median,
        simulated: p.simulated?.median ?? NaN,
        ...(p.why ? { why: p.why } : {}),
        ...(m.note ? { note: m.note } : {}),
      },
    ];
  });
}
