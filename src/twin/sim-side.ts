/**
 * The simulation beside the twin: the plan's simulated scenario (nearest
 * era, the host's sysctls, veths for NICs, the measured RTT when there is no
 * netem) run with the same seed, sampled per Flent step, and its numbers in
 * the twin's terms (./metrics.ts).
 */
import type { StepSeries, Summary } from '../sim/api';
import { NS_PER_MS } from '../sim/engine/time';
import { buildModel } from '../sim/run';
import type { Scenario } from '../sim/scenario/scenario';
import type { RunMetrics } from './metrics';

export interface SimSide {
  summary: Summary;
  steps: StepSeries;
  metrics: RunMetrics;
}

const q = (x: { p10: number; median: number; p90: number }) => ({ p10: x.p10, median: x.median, p90: x.p90 });

export function runSimSide(sc: Scenario, seed: number, stepMs: number): SimSide {
  const model = buildModel(sc, seed, false);
  model.enableSteps(Math.round(stepMs * NS_PER_MS));
  model.sim.runUntil(sc.durationMs * NS_PER_MS);
  const summary = model.summary();
  const steps = model.stepSeries()!;
  const senders = model.senders;
  // Counted where the twin counts them, on the sender's device after the qdisc: tbf splits
  // GSO skbs above its burst there (tbf_segment), so what TCP built is not what the device sent.
  const nic = model.bottlenecks[0];
  const skbs = nic && !sc.router ? nic.txDataSkbs : senders.reduce((a, s) => a + s.skbsSent, 0);
  const segs = senders.reduce((a, s) => a + s.dataSegsOut, 0);
  const pings = model.recorder.pingAll;
  const metrics: RunMetrics = {
    totalGoodputMbps: summary.goodputBps / 1e6,
    flows: summary.flows.map((f, i) => ({
      goodputMbps: f.goodputBps / 1e6,
      srttMs: f.srttMs.median,
      minRttMs: f.minRttMs,
      cwndPkts: f.cwndPkts.median,
      pacingMbps: f.pacingRateBps.median / 1e6,
      skmemTBytes: f.skmemTBytes.median,
      retrans: senders[i]?.ack.retransmits ?? NaN,
    })),
    pingMedianMs: summary.medianLatencyMs,
    pingP90Ms: pings.quantile(0.9),
    qdiscs: summary.qdiscs.map((qd) => ({
      name: qd.name,
      skbs: q(qd.backlogPkts),
      bytes: q(qd.backlogBytes),
    })),
    segsPerSkb: skbs > 0 ? segs / skbs : NaN,
    udp: (summary.udp ?? []).map((u) => ({
      goodputMbps: u.goodputBps / 1e6,
      lossFraction: u.lossFraction,
      jitterMs: u.jitterMs,
    })),
    probes: (summary.udpProbes ?? []).map((p) => ({
      rttMedianMs: p.rttMs.median,
      rttP90Ms: p.rttMs.p90,
      lossFraction: p.lossFraction,
    })),
  };
  return { summary, steps, metrics };
}
