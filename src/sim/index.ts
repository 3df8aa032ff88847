/**
 * The core's entry point: presets and a factory for running simulations.
 * Hosts (worker, CLI, tests) use only this module and ./api.
 */
import type { Frame, LiveSim, ParamValue, PresetInfo, Summary } from './api';
import { Sim, type EventTarget } from './engine/sim';
import type { Ns } from './engine/time';

export type * from './api';

/** Engine heartbeat: one event per simulated millisecond, sampled as the clock series. */
class HeartbeatSim implements LiveSim, EventTarget {
  readonly sim: Sim;
  readonly params = [];
  readonly series = [{ key: 'clock.ms', label: 'simulated clock', unit: 'ms', panel: 'tcp' as const }];
  private samplesT: number[] = [];

  constructor(seed: number) {
    this.sim = new Sim(seed);
    this.sim.after(1_000_000, this, 0);
  }

  get nowNs(): Ns {
    return this.sim.nowNs;
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.samplesT.push(nowNs);
    this.sim.after(1_000_000, this, 0);
  }

  runUntil(endNs: Ns, maxEvents = Infinity): boolean {
    return this.sim.runSlice(endNs, maxEvents);
  }

  getParam(): ParamValue | undefined {
    return undefined;
  }

  setParam(key: string): { ok: false; error: string } {
    return { ok: false, error: `unknown parameter ${key}` };
  }

  takeFrame(): Frame {
    const t = Float64Array.from(this.samplesT);
    this.samplesT = [];
    const empty = new Float64Array(0);
    return {
      nowNs: this.sim.nowNs,
      tNs: t,
      cols: { 'clock.ms': t.map((x) => x / 1e6) },
      aggT: empty,
      aggN: empty,
      aggNode: empty,
      pingT: empty,
      pingMs: empty,
      pingSta: empty,
      throttled: empty,
      changes: [],
    };
  }

  summary(): Summary {
    return {
      simulatedNs: this.sim.nowNs,
      goodputBps: 0,
      medianLatencyMs: NaN,
      medianAggregate: NaN,
      tsqLimitBytes: NaN,
      cpuBusy: 0,
      medianCompletionUs: NaN,
      throttledFraction: 0,
      drops: 0,
      stations: [],
      bound: 'engine only',
      events: this.sim.eventsRun,
    };
  }
}

export function listPresets(): PresetInfo[] {
  return [{ id: 'heartbeat', title: 'Engine heartbeat', description: 'The event engine alone.' }];
}

export function createSim(
  presetId: string,
  _overrides: Record<string, ParamValue>,
  seed: number,
): { ok: true; sim: LiveSim } | { ok: false; error: string } {
  if (presetId !== 'heartbeat') return { ok: false, error: `unknown preset "${presetId}"` };
  return { ok: true, sim: new HeartbeatSim(seed) };
}
