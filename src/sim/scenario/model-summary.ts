/**
 * A run's Summary (../api.ts) from its Model: totals since the measurement
 * began (./measure-base.ts), per station, per flow (as ss shows them), per
 * qdisc (as tc shows them), the WiFi radio's figures, and what bounds it.
 */
import type { StationSummary, Summary, WifiRadioSummary } from '../api';
import { NS_PER_SEC, type Ns } from '../engine/time';
import { boundExplanation } from './bound';
import type { Model } from './model';
import { tsqBudgetOf } from './tsq-budget';
import { wifiDrops } from './wifi-probes';

/** Bits per second over `dt` of a byte count that rose from `base` to `now`. */
const rateBps = (now: number, base: number, dtNs: Ns): number =>
  dtNs > 0 ? ((now - base) * 8 * NS_PER_SEC) / dtNs : 0;

function stationSummaries(m: Model, dtNs: Ns): StationSummary[] {
  const b = m.measureBase;
  const rec = m.recorder;
  const air = m.stationAirtime.map((f, i) => f() - (b.stationAir[i] ?? 0));
  const airAll = air.reduce((a, x) => a + x, 0);
  return m.stationNames.map((name, i) => ({
    name,
    goodputBps: rateBps(m.stationBytes[i](), b.stationBytes[i] ?? 0, dtNs),
    medianPingMs: rec.pings[i]?.median() ?? NaN,
    medianAggregate: rec.aggregates[i]?.median() ?? NaN,
    medianAvgAmpduLen: rec.avgAmpduLen[i]?.median() ?? NaN,
    airtimeShare: airAll > 0 && i < air.length ? air[i] / airAll : NaN,
  }));
}

/** The main radio's figures. */
function wifiSummary(m: Model, nowNs: Ns): WifiRadioSummary | undefined {
  const r0 = m.wifiRadios?.radios[0];
  if (!r0) return undefined;
  const d = r0.summary?.(nowNs);
  return {
    driver: r0.family,
    medianAggregateBytes: m.aggBytes.median(),
    medianDriverStatusUs: d?.medianStatusUs ?? NaN,
    meanFirmwareBytes: d?.meanFirmwareBytes ?? NaN,
  };
}

export function modelSummary(m: Model): Summary {
  const now = m.sim.nowNs;
  const rec = m.recorder;
  const b = m.measureBase;
  const dt = now - b.tNs;
  const s0 = m.senders[0];
  // Without the CPU model the sender's core costs nothing: busy is unknown, not 0.
  const cpuBusy = !m.scenario.cpu.enabled ? NaN : dt > 0 ? (m.cpu.busyTimeNs() - b.cpuNs) / dt : 0;
  const meanLimitBytes = Math.round(m.tsqMeans()?.limitBytes ?? (s0 ? s0.tsqLimit : NaN));
  const sum: Summary = {
    simulatedNs: now,
    goodputBps: rateBps(m.deliveredBytes(), b.bytes, dt),
    medianLatencyMs: rec.pingAll.median(),
    latencyMs: {
      mean: rec.pingAll.mean(),
      p10: rec.pingAll.quantile(0.1),
      median: rec.pingAll.median(),
      p90: rec.pingAll.quantile(0.9),
    },
    medianAggregate: rec.aggAll.median(),
    tsqLimitBytes: meanLimitBytes,
    tsqBudget: tsqBudgetOf(m, meanLimitBytes),
    forwarded: m.scenario.wifi?.tcpSender === 'wired',
    cpuBusy,
    medianCompletionUs: rec.completionNs.median() / 1000,
    throttledFraction: dt > 0 && s0 ? (s0.throttledTimeNs(now) - b.thrNs) / dt : 0,
    drops: m.drops + (m.wifiRadios ? wifiDrops(m.wifiRadios) : 0),
    stations: stationSummaries(m, dt),
    wifi: wifiSummary(m, now),
    flows: m.flowStats.flowSummaries(m.senders, m.receivers, now),
    qdiscs: m.flowStats.qdiscSummaries(m.qdiscNames, m.qdiscs),
    flowShares: m.shares?.summary(now) ?? [],
    ...(m.udp ? { udp: m.udp.summary(dt) } : {}),
    ...(m.udpProbes ? { udpProbes: m.udpProbes.summary(now) } : {}),
    bound: '',
    events: m.sim.eventsRun,
    ...(rec.recordsFrames ? { seriesMeans: rec.seriesMeans() } : {}),
  };
  sum.bound = boundExplanation(m, sum);
  return sum;
}
