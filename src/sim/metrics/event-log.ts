/**
 * Every event of a window of simulated time, for the trace export: an
 * observer (Sim.observer) that keeps each event's time, target and kind
 * between t0 and t1, up to a bound. Targets are named by what the model
 * knows them as (its probe sites, its CPU, timers and queues).
 */
import type { EventObserver } from '../engine/sim';
import type { Ns } from '../engine/time';

/** Events kept at most: a window longer than this many events is cut, and says so. */
export const MAX_LOGGED_EVENTS = 400_000;

export interface EngineEvents {
  tNs: Float64Array;
  /** Index into `targets`. */
  target: Float64Array;
  kind: Float64Array;
  /** One name per target seen, in the order first seen. */
  targets: string[];
  /** True when the window held more than MAX_LOGGED_EVENTS events. */
  truncated: boolean;
}

export class EventLog {
  private readonly t: number[] = [];
  private readonly tg: number[] = [];
  private readonly k: number[] = [];
  private readonly index = new Map<object, number>();
  private readonly names: string[] = [];
  private truncated = false;

  constructor(
    private readonly t0Ns: Ns,
    private readonly t1Ns: Ns,
    private readonly nameOf: (target: object) => string,
  ) {}

  readonly observe: EventObserver = (tNs, target, kind) => {
    if (tNs < this.t0Ns || tNs >= this.t1Ns) return;
    if (this.t.length >= MAX_LOGGED_EVENTS) {
      this.truncated = true;
      return;
    }
    let i = this.index.get(target);
    if (i === undefined) {
      i = this.names.length;
      this.index.set(target, i);
      this.names.push(this.nameOf(target));
    }
    this.t.push(tNs);
    this.tg.push(i);
    this.k.push(kind);
  };

  events(): EngineEvents {
    return {
      tNs: Float64Array.from(this.t),
      target: Float64Array.from(this.tg),
      kind: Float64Array.from(this.k),
      targets: [...this.names],
      truncated: this.truncated,
    };
  }
}
