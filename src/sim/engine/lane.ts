/**
 * Events for one target kept in time order outside the event queue (a fixed
 * delay, a timer re-armed later and later): only the lane's head waits in the
 * queue, and running it queues the next. Each event takes its insertion
 * number when scheduled (Sim.takeSeq), so events run in exactly the order, and
 * are counted exactly as, had each been queued on its own; the lane only keeps
 * the heap small, so every pop sifts through fewer levels.
 *
 * An event earlier than the tail (an RTO re-armed with a smaller RTO) goes
 * into its place among the last few; earlier than the head, it becomes the
 * head and is queued at once (the old head stays queued: `queued` marks both).
 * Far back in a long lane, it is queued on its own.
 */
import { preferDoubleFields } from './double-fields';
import type { EventTarget } from './event-queue';
import { unwrapInto } from './ring-column';
import type { Sim } from './sim';
import type { Ns } from './time';

const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);
const EMPTY_U8 = new Uint8Array(0);
/** How far back from the tail an earlier event is placed; beyond, it is queued on its own. */
const MAX_INSERT_SCAN = 256;

export class EventLane implements EventTarget {
  /** A ring of `cap` (a power of two) entries from `head`, in (time, insertion number) order. */
  private cap = 0;
  private times = EMPTY_F64;
  private seqs = EMPTY_F64;
  private kinds = EMPTY_I32;
  private args: unknown[] = [];
  /** 1 where the entry's event is in the event queue already. */
  private queued = EMPTY_U8;
  private head = 0;
  private len = 0;
  private tailNs: Ns = -1;

  constructor(
    private readonly sim: Sim,
    private readonly target: EventTarget,
  ) {}

  /** As sim.at(atNs, target, kind, arg). */
  at(atNs: Ns, kind: number, arg: unknown = null): void {
    const sim = this.sim;
    const t = atNs < sim.nowNs ? sim.nowNs : Math.round(atNs);
    const seq = sim.takeSeq();
    if (this.len > 0 && t < this.tailNs) {
      this.insert(t, seq, kind, arg);
      return;
    }
    if (this.len === this.cap) this.grow();
    const i = (this.head + this.len) & (this.cap - 1);
    this.set(i, t, seq, kind, arg);
    this.tailNs = t;
    if (this.len++ === 0) this.enqueue(i);
  }

  /** The target the lane's events are for, and the kind of its next (for an observer of every event). */
  get owner(): EventTarget {
    return this.target;
  }
  get headKind(): number {
    return this.kinds[this.head];
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    // The queue pops in key order, so a lane event popped is the lane's least: its head.
    const h = this.head;
    const kind = this.kinds[h];
    const arg = this.args[h];
    this.args[h] = null;
    this.queued[h] = 0;
    this.head = (h + 1) & (this.cap - 1);
    if (--this.len > 0 && this.queued[this.head] === 0) this.enqueue(this.head);
    this.target.handleEvent(kind, arg, nowNs);
  }

  describeEvent(): string {
    const h = this.len > 0 ? this.kinds[this.head] : 0;
    const inner = this.target.describeEvent?.(h);
    const cls = (this.target as { constructor?: { name?: string } }).constructor?.name || 'an event target';
    return inner ?? `${cls} (event kind ${h})`;
  }

  private insert(t: Ns, seq: number, kind: number, arg: unknown): void {
    if (this.len === this.cap) this.grow();
    const mask = this.cap - 1;
    if (t < this.times[this.head]) {
      this.head = (this.head - 1) & mask;
      this.set(this.head, t, seq, kind, arg);
      this.len++;
      this.enqueue(this.head);
      return;
    }
    // After every entry not later (their insertion numbers are smaller); the head is not later.
    let k = this.len;
    while (this.times[(this.head + k - 1) & mask] > t) {
      if (this.len - k === MAX_INSERT_SCAN) {
        this.sim.atKeyed(t, seq, this.target, kind, arg);
        return;
      }
      k--;
    }
    for (let j = this.len; j > k; j--) {
      const to = (this.head + j) & mask;
      const from = (this.head + j - 1) & mask;
      this.times[to] = this.times[from];
      this.seqs[to] = this.seqs[from];
      this.kinds[to] = this.kinds[from];
      this.args[to] = this.args[from];
      this.queued[to] = this.queued[from];
    }
    this.set((this.head + k) & mask, t, seq, kind, arg);
    this.len++;
  }

  private set(i: number, t: Ns, seq: number, kind: number, arg: unknown): void {
    this.times[i] = t;
    this.seqs[i] = seq;
    this.kinds[i] = kind;
    this.args[i] = arg;
    this.queued[i] = 0;
  }

  private enqueue(i: number): void {
    this.queued[i] = 1;
    this.sim.atKeyed(this.times[i], this.seqs[i], this, 0, null);
  }

  private grow(): void {
    const cap = Math.max(8, this.cap * 2);
    const { head, len } = this;
    this.times = unwrapInto(this.times, head, len, new Float64Array(cap));
    this.seqs = unwrapInto(this.seqs, head, len, new Float64Array(cap));
    this.kinds = unwrapInto(this.kinds, head, len, new Int32Array(cap));
    this.args = unwrapInto(this.args, head, len, new Array<unknown>(cap).fill(null));
    this.queued = unwrapInto(this.queued, head, len, new Uint8Array(cap));
    this.head = 0;
    this.cap = cap;
  }
}

// The tail time outgrows small integers during a run (see double-fields.ts).
preferDoubleFields(new EventLane(null as unknown as Sim, null as unknown as EventTarget), ['tailNs']);
