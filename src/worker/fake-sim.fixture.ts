/**
 * Test fixtures for the host (imported by *.test.ts only, never by the app):
 * a fake LiveSim with one event per simulated millisecond whose work costs a
 * set amount of fake wall time, and a fake HostClock driving deferred calls.
 */
import type {
  Frame,
  LiveSim,
  ParamChange,
  ParamSpec,
  ParamValue,
  ScheduledChange,
  SeriesSpec,
  SkbTraceSite,
  Summary,
} from '../sim/api';
import type { CoreEntry, HostClock } from './host';
import { testFrame } from './frame.fixture';

export class FakeClock implements HostClock {
  private t = 0;
  private q: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  now(): number {
    return this.t;
  }

  /** Moves wall time forward (used by the fake sim to charge for its work). */
  spend(ms: number): void {
    this.t += ms;
  }

  defer(fn: () => void, ms: number): void {
    this.q.push({ at: this.t + ms, seq: this.seq++, fn });
  }

  /** Runs deferred calls in time order until wall time `ms` from now. */
  runFor(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let best = -1;
      for (let i = 0; i < this.q.length; i++) {
        const e = this.q[i];
        if (best < 0 || e.at < this.q[best].at || (e.at === this.q[best].at && e.seq < this.q[best].seq))
          best = i;
      }
      if (best < 0 || this.q[best].at > end) break;
      const e = this.q.splice(best, 1)[0];
      if (e.at > this.t) this.t = e.at;
      e.fn();
    }
    if (end > this.t) this.t = end;
  }
}

const PERIOD_NS = 1_000_000;

export const FAKE_PARAMS: ParamSpec[] = [
  {
    key: 'tcp.limit',
    label: 'limit',
    layer: 'tsq',
    kind: 'int',
    min: 1,
    max: 100,
    kernelDefault: 10,
    help: '',
    kernelFile: 'x.c',
    live: true,
  },
  {
    key: 'qdisc.kind',
    label: 'qdisc',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      { value: 'fq', label: 'fq' },
      { value: 'pfifo', label: 'pfifo' },
    ],
    kernelDefault: 'fq',
    help: '',
    kernelFile: 'y.c',
    live: false,
  },
];

export const FAKE_SERIES: SeriesSpec[] = [
  { key: 'x.ms', label: 'clock', unit: 'ms', panel: 'tcp' },
  { key: 'x.limit', label: 'limit', unit: 'B', panel: 'occupancy', overlay: true },
];

/** One event per simulated ms; each event costs `costMs` of fake wall time. */
export class FakeSim implements LiveSim {
  nowNs = 0;
  readonly params = FAKE_PARAMS;
  readonly series = FAKE_SERIES;
  readonly points = { agg: false, ping: false };
  private values: Record<string, ParamValue> = { 'tcp.limit': 10, 'qdisc.kind': 'fq' };
  private nextNs = PERIOD_NS;
  private t: number[] = [];
  private paramChanges: ParamChange[] = [];
  /** The plan: scripted changes and live ones, applied at their microsecond as the core does. */
  readonly changes: ScheduledChange[];
  private nextChange = 0;
  private readonly startValues: Record<string, ParamValue>;
  events = 0;

  constructor(
    private readonly clock: FakeClock,
    readonly seed: number,
    overrides: Record<string, ParamValue>,
    private readonly costMs: number,
    changes: readonly ScheduledChange[] = [],
  ) {
    Object.assign(this.values, overrides);
    this.startValues = { ...this.values };
    this.changes = [...changes];
  }

  /** Applies the plan's changes due by `tNs` (before the events at it). */
  private applyDue(tNs: number): void {
    while (this.nextChange < this.changes.length && this.changes[this.nextChange].atUs * 1000 <= tNs) {
      const c = this.changes[this.nextChange++];
      this.paramChanges.push({
        tNs: c.atUs * 1000,
        key: c.key,
        from: this.values[c.key],
        to: c.value ?? 'null',
      });
      this.values[c.key] = c.value ?? 'null';
    }
  }

  runUntil(endNs: number, maxEvents = Infinity): boolean {
    let n = 0;
    this.applyDue(Math.min(endNs, this.nextNs));
    while (this.nextNs <= endNs) {
      if (n++ >= maxEvents) return false;
      this.applyDue(this.nextNs);
      this.nowNs = this.nextNs;
      this.t.push(this.nowNs);
      this.events++;
      this.clock.spend(this.costMs);
      this.nextNs += PERIOD_NS;
    }
    this.applyDue(endNs);
    if (endNs > this.nowNs) this.nowNs = endNs;
    return true;
  }

  getParam(key: string): ParamValue | undefined {
    return this.values[key];
  }

  startParam(key: string): ParamValue | undefined {
    return this.startValues[key];
  }

  setParam(key: string, value: ParamValue): { ok: true } | { ok: false; error: string } {
    if (!(key in this.values)) return { ok: false, error: `unknown parameter ${key}` };
    if (key === 'tcp.limit' && (typeof value !== 'number' || value < 1 || value > 100)) {
      return { ok: false, error: 'limit must be within 1..100' };
    }
    const atUs = Math.floor(this.nowNs / 1000) + 1;
    let i = this.changes.length;
    while (i > this.nextChange && this.changes[i - 1].atUs > atUs) i--;
    this.changes.splice(i, 0, { atUs, key, value });
    this.nowNs = atUs * 1000;
    this.applyDue(this.nowNs);
    return { ok: true };
  }

  takeFrame(): Frame {
    const tNs = this.t;
    this.t = [];
    const limit = this.values['tcp.limit'] as number;
    const changes = this.paramChanges;
    this.paramChanges = [];
    const cols = { 'x.ms': tNs.map((x) => x / 1e6), 'x.limit': tNs.map(() => limit) };
    return testFrame(tNs, cols, { nowNs: this.nowNs, changes });
  }

  traceSkbs(): SkbTraceSite[] {
    return [];
  }

  summary(): Summary {
    return {
      simulatedNs: this.nowNs,
      goodputBps: 0,
      medianLatencyMs: NaN,
      medianAggregate: NaN,
      tsqLimitBytes: NaN,
      tsqBudget: null,
      forwarded: false,
      cpuBusy: 0,
      medianCompletionUs: NaN,
      throttledFraction: 0,
      drops: 0,
      stations: [],
      flows: [],
      qdiscs: [],
      flowShares: [],
      bound: 'fake',
      events: this.events,
    };
  }
}

/** A core with one preset, 'fake', whose runs are recorded for inspection. */
export function fakeCore(clock: FakeClock, costMs: number): CoreEntry & { created: FakeSim[] } {
  const created: FakeSim[] = [];
  return {
    created,
    listPresets: () => [{ id: 'fake', title: 'Fake', description: 'test double' }],
    createSim(presetId, overrides, seed, changes) {
      if (presetId !== 'fake') return { ok: false, error: `unknown preset "${presetId}"` };
      if (
        overrides['qdisc.kind'] !== undefined &&
        !['fq', 'pfifo'].includes(String(overrides['qdisc.kind']))
      ) {
        return { ok: false, error: 'unknown qdisc' };
      }
      const sim = new FakeSim(clock, seed, overrides, costMs, changes);
      created.push(sim);
      return { ok: true, sim };
    },
  };
}
