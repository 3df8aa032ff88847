/**
 * Whether the chosen speed is out of reach for the loaded scenario. The
 * worker measures, over the last wall-clock second of running (a probe of
 * the scenario as it runs now), the simulated time advanced and the events
 * run; events per simulated second follow, and with them the cost of live
 * speed. When the run reaches less than half the speed asked for, the
 * explorer says so and offers fast-forward instead of crawling on silently.
 */
import type { RunStatus } from '../../worker/protocol';

export interface SlowVerdict {
  /** Simulated ns per wall second reached and asked for. */
  achievedSpeed: number;
  requestedSpeed: number;
  /** Events the scenario needs per simulated second (from the last second of running). */
  eventsPerSimSecond: number;
  /** Events this machine ran per wall second. */
  eventsPerSecond: number;
}

/** Below this fraction of the requested speed the notice appears. */
export const SLOW_FRACTION = 0.5;

export function slowVerdict(s: RunStatus): SlowVerdict | null {
  if (!s.running || !Number.isFinite(s.speed) || !(s.speed > 0)) return null;
  if (!(s.achievedSpeed > 0) || !(s.eventsPerSec > 0)) return null;
  if (s.achievedSpeed >= SLOW_FRACTION * s.speed) return null;
  return {
    achievedSpeed: s.achievedSpeed,
    requestedSpeed: s.speed,
    eventsPerSimSecond: (s.eventsPerSec * 1e9) / s.achievedSpeed,
    eventsPerSecond: s.eventsPerSec,
  };
}

const fmt = (v: number): string =>
  v >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : v >= 1e3 ? `${Math.round(v / 1e3)} k` : `${Math.round(v)}`;
const speed = (nsPerSec: number): string => {
  const x = nsPerSec / 1e9;
  return `${x >= 1 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toPrecision(1)}×`;
};

/** The notice's sentence; rounded, so that it changes rarely while the run goes on. */
export function describeSlow(v: SlowVerdict): string {
  return (
    `This scenario needs about ${fmt(v.eventsPerSimSecond)} events per simulated second; ` +
    `this browser runs about ${fmt(v.eventsPerSecond)} per second, so it reaches ${speed(v.achievedSpeed)} ` +
    `instead of ${speed(v.requestedSpeed)} real time.`
  );
}
