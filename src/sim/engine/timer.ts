/**
 * A re-armable one-shot timer (like an hrtimer). Re-arming or cancelling
 * makes the earlier queued event stale; stale events are ignored on arrival,
 * so the queue needs no delete operation.
 *
 * A timer re-armed on every ACK (the RTO) would leave one stale event per ACK
 * in the queue, most of the heap, which makes every pop sift through more
 * levels. So each arm takes its place in the event order at once (takeSeq)
 * but, while its time is not earlier than the last one's, waits in the timer's
 * own FIFO ("lane"); only the lane's head is in the queue, and popping it
 * queues the next. Every event still runs, and in the same order, as if all
 * had been queued when armed: the lane changes only the size of the heap.
 */
import { preferDoubleFields } from './double-fields';
import type { EventTarget } from './event-queue';
import type { Sim } from './sim';
import type { Ns } from './time';

/** Kind of a lane head's event; the kind of any other is the generation it was armed with (≥ 1). */
const K_LANE = 0;
const EMPTY = new Float64Array(0);

export class Timer implements EventTarget {
  private gen = 0;
  expiresNs: Ns = -1;
  /** The lane: time, insertion number and generation of each waiting arm, in rings of laneCap. */
  private laneCap = 0;
  private laneT = EMPTY;
  private laneSeq = EMPTY;
  private laneGen = EMPTY;
  private laneHead = 0;
  private laneLen = 0;
  private laneTailNs: Ns = -1;

  constructor(
    private readonly sim: Sim,
    private readonly fire: (nowNs: Ns) => void,
  ) {}

  get armed(): boolean {
    return this.expiresNs >= 0;
  }

  arm(atNs: Ns): void {
    this.gen++;
    const now = this.sim.nowNs;
    this.expiresNs = Math.max(atNs, now);
    // As Sim.at rounds it.
    const t = Math.round(this.expiresNs);
    const seq = this.sim.takeSeq();
    if (this.laneLen === 0) {
      this.sim.atKeyed(t, seq, this, K_LANE);
      this.laneAppend(t, seq);
    } else if (t >= this.laneTailNs) {
      this.laneAppend(t, seq);
    } else {
      // Earlier than the lane's tail: an event of its own.
      this.sim.atKeyed(t, seq, this, this.gen);
    }
  }

  /** Arms only if not armed or if `atNs` is earlier than the current expiry. */
  armEarliest(atNs: Ns): void {
    if (!this.armed || atNs < this.expiresNs) this.arm(atNs);
  }

  cancel(): void {
    this.gen++;
    this.expiresNs = -1;
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind === K_LANE) kind = this.laneShift();
    if (kind !== this.gen) return;
    this.expiresNs = -1;
    this.fire(nowNs);
  }

  private laneAppend(t: Ns, seq: number): void {
    if (this.laneLen === this.laneCap) this.laneGrow();
    const i = (this.laneHead + this.laneLen) & (this.laneCap - 1);
    this.laneT[i] = t;
    this.laneSeq[i] = seq;
    this.laneGen[i] = this.gen;
    this.laneLen++;
    this.laneTailNs = t;
  }

  /** Drops the lane's head (whose event is running), queues the next one; returns the head's generation. */
  private laneShift(): number {
    const gen = this.laneGen[this.laneHead];
    this.laneHead = (this.laneHead + 1) & (this.laneCap - 1);
    if (--this.laneLen > 0)
      this.sim.atKeyed(this.laneT[this.laneHead], this.laneSeq[this.laneHead], this, K_LANE);
    return gen;
  }

  private laneGrow(): void {
    const cap = Math.max(4, this.laneCap * 2);
    const t = new Float64Array(cap);
    const seq = new Float64Array(cap);
    const gen = new Float64Array(cap);
    for (let k = 0; k < this.laneLen; k++) {
      const i = (this.laneHead + k) & (this.laneCap - 1);
      t[k] = this.laneT[i];
      seq[k] = this.laneSeq[i];
      gen[k] = this.laneGen[i];
    }
    this.laneT = t;
    this.laneSeq = seq;
    this.laneGen = gen;
    this.laneHead = 0;
    this.laneCap = cap;
  }
}

// Expiry times outgrow small integers during a run (see double-fields.ts).
preferDoubleFields(new Timer(null as unknown as Sim, () => {}), ['expiresNs', 'laneTailNs']);
