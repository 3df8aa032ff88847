/**
 * The golden runs: each preset's default scenario, seed 1, for a short
 * simulated time, reduced to the summary fields worth reviewing.
 */
import { runScenario } from '../src/sim/run';
import { PRESETS } from '../src/sim/scenario/presets/index';

/** Short enough for the unit layer; the 40 Gbit/s preset is heavy. */
export const GOLDEN_MS: Record<string, number> = { 'gso-always-on': 300 };
const DEFAULT_MS = 1500;

export interface Golden {
  preset: string;
  simulatedMs: number;
  goodputMbps: number;
  medianLatencyMs: number | null;
  medianAggregate: number | null;
  tsqLimitBytes: number | null;
  medianCompletionUs: number | null;
  throttledFraction: number;
  cpuBusy: number;
  drops: number;
  events: number;
  /** Per station (WiFi): goodput and share of the stations' airtime; empty for wired presets. */
  stations: { name: string; goodputMbps: number; airtimeShare: number | null }[];
}

const finite = (v: number): number | null => (Number.isFinite(v) ? Math.round(v * 1000) / 1000 : null);

export function goldenRuns(): Golden[] {
  return PRESETS.map((p) => {
    const sc = p.scenario();
    const ms = GOLDEN_MS[p.id] ?? DEFAULT_MS;
    sc.warmupMs = Math.min(sc.warmupMs, ms / 2);
    const { summary: s } = runScenario(sc, 1, ms);
    return {
      preset: p.id,
      simulatedMs: ms,
      goodputMbps: finite(s.goodputBps / 1e6)!,
      medianLatencyMs: finite(s.medianLatencyMs),
      medianAggregate: finite(s.medianAggregate),
      tsqLimitBytes: finite(s.tsqLimitBytes),
      medianCompletionUs: finite(s.medianCompletionUs),
      throttledFraction: finite(s.throttledFraction)!,
      cpuBusy: finite(s.cpuBusy)!,
      drops: s.drops,
      events: s.events,
      stations: (sc.wifi ? s.stations : []).map((st) => ({
        name: st.name,
        goodputMbps: finite(st.goodputBps / 1e6)!,
        airtimeShare: finite(st.airtimeShare),
      })),
    };
  });
}
