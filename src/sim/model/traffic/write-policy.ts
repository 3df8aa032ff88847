/**
 * When the application above a socket issues its next write (./app-spec.ts):
 * the writer (../tcp/app-writer.ts) asks `ready` before each sendmsg, tells
 * `wrote` after one, and the policy wakes it (`wake`) when a timer makes it
 * ready again: iperf3's throttle timer, the start of an on period.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { NS_PER_MS, type Ns } from '../../engine/time';
import type { AppSpec } from './app-spec';
import { Iperf3Throttle } from './iperf3-throttle';
import { RrClient } from './request-response';

export interface WritePolicy {
  /** Bytes of each sendmsg. */
  readonly writeBytes: number;
  /** The writer may start its next sendmsg now. */
  ready(nowNs: Ns): boolean;
  /** A sendmsg of `bytes` returned. */
  wrote(bytes: number, nowNs: Ns): void;
  /** The application starts (the connection is established); `wake` asks the writer to write. */
  start(nowNs: Ns, wake: (nowNs: Ns) => void): void;
  /** A response of `bytes` arrived from the peer (request/response only). */
  response?(bytes: number, nowNs: Ns): void;
  /** The request/response client, when the application is one. */
  readonly rr?: RrClient;
}

/** Writes back to back (netperf TCP_STREAM, iperf3 without -b). */
class BulkPolicy implements WritePolicy {
  constructor(readonly writeBytes: number) {}
  ready(): boolean {
    return true;
  }
  wrote(): void {}
  start(): void {}
}

const K_TICK = 1;

/** iperf3 -b: the green light of ./iperf3-throttle.ts, re-checked every pacing-timer tick. */
class RatePolicy implements WritePolicy, EventTarget {
  private throttle: Iperf3Throttle | null = null;
  private wake: (nowNs: Ns) => void = () => {};
  private readonly tickNs: Ns;
  /** Timer ticks so far (for tests and the summary). */
  ticks = 0;

  constructor(
    private readonly sim: Sim,
    readonly writeBytes: number,
    private readonly rateBps: number,
    pacingTimerUs: number,
  ) {
    this.tickNs = pacingTimerUs * 1000;
  }

  ready(): boolean {
    return this.throttle !== null && this.throttle.greenLight;
  }

  wrote(bytes: number, nowNs: Ns): void {
    this.throttle?.wrote(bytes, nowNs);
  }

  start(nowNs: Ns, wake: (nowNs: Ns) => void): void {
    this.throttle = new Iperf3Throttle(this.rateBps, nowNs);
    this.wake = wake;
    this.sim.after(this.tickNs, this, K_TICK);
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    // tmr_create(..., periodic = 1): the next tick is due one period on.
    this.ticks++;
    this.sim.after(this.tickNs, this, K_TICK);
    if (this.throttle !== null && this.throttle.check(nowNs)) this.wake(nowNs);
  }
}

/** Bulk for onMs, silent for offMs, from the application's start. */
class OnOffPolicy implements WritePolicy, EventTarget {
  private startNs: Ns = 0;
  private wake: (nowNs: Ns) => void = () => {};
  private readonly onNs: Ns;
  private readonly periodNs: Ns;

  constructor(
    private readonly sim: Sim,
    readonly writeBytes: number,
    onMs: number,
    offMs: number,
  ) {
    this.onNs = Math.round(onMs * NS_PER_MS);
    this.periodNs = this.onNs + Math.round(offMs * NS_PER_MS);
  }

  ready(nowNs: Ns): boolean {
    return (nowNs - this.startNs) % this.periodNs < this.onNs;
  }

  wrote(): void {}

  start(nowNs: Ns, wake: (nowNs: Ns) => void): void {
    this.startNs = nowNs;
    this.wake = wake;
    this.sim.after(this.periodNs, this, K_TICK);
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    this.sim.after(this.periodNs, this, K_TICK);
    this.wake(nowNs);
  }
}

/** netperf TCP_RR: the next request once fewer than 1 + burst transactions are in flight. */
class RrPolicy implements WritePolicy {
  readonly writeBytes: number;
  private wake: (nowNs: Ns) => void = () => {};

  constructor(readonly rr: RrClient) {
    this.writeBytes = rr.requestBytes;
  }

  ready(): boolean {
    return this.rr.mayWrite();
  }

  wrote(_bytes: number, nowNs: Ns): void {
    this.rr.requestSent(nowNs);
  }

  start(_nowNs: Ns, wake: (nowNs: Ns) => void): void {
    this.wake = wake;
  }

  response(_bytes: number, nowNs: Ns): void {
    if (this.rr.responseArrived(nowNs)) this.wake(nowNs);
  }
}

/** The policy of a flow's application; null spec: bulk in `legacyBytes` writes. */
export function writePolicy(sim: Sim, spec: AppSpec | null, legacyBytes: number): WritePolicy {
  if (spec === null) return new BulkPolicy(legacyBytes);
  switch (spec.kind) {
    case 'bulk':
      return new BulkPolicy(spec.writeBytes);
    case 'rate':
      return new RatePolicy(sim, spec.writeBytes, spec.rateBps, spec.pacingTimerUs);
    case 'onoff':
      return new OnOffPolicy(sim, spec.writeBytes, spec.onMs, spec.offMs);
    case 'rr':
      return new RrPolicy(new RrClient(spec.requestBytes, spec.responseBytes, spec.burst));
  }
}
