/**
 * A FIFO of events for one target whose times seldom go backwards (a fixed
 * delay, a timer re-armed later and later): only the lane's head waits in the
 * event queue, and running it queues the next. Each event takes its insertion
 * number when scheduled (Sim.takeSeq), so events run in exactly the order, and
 * are counted exactly as, had each been queued on its own; the lane only keeps
 * the heap small, so every pop sifts through fewer levels. An event earlier
 * than the lane's tail is queued on its own.
 */
import { preferDoubleFields } from './double-fields';
import type { EventTarget } from './event-queue';
import type { Sim } from './sim';
import type { Ns } from './time';

const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);

export class EventLane implements EventTarget {
  private cap = 0;
  private times = EMPTY_F64;
  private seqs = EMPTY_F64;
  private kinds = EMPTY_I32;
  private args: unknown[] = [];
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
    if (this.len === 0) {
      sim.atKeyed(t, seq, this, 0, null);
    } else if (t < this.tailNs) {
      sim.atKeyed(t, seq, this.target, kind, arg);
      return;
    }
    if (this.len === this.cap) this.grow();
    const i = (this.head + this.len) & (this.cap - 1);
    this.times[i] = t;
    this.seqs[i] = seq;
    this.kinds[i] = kind;
    this.args[i] = arg;
    this.len++;
    this.tailNs = t;
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    const h = this.head;
    const kind = this.kinds[h];
    const arg = this.args[h];
    this.args[h] = null;
    this.head = (h + 1) & (this.cap - 1);
    if (--this.len > 0) this.sim.atKeyed(this.times[this.head], this.seqs[this.head], this, 0, null);
    this.target.handleEvent(kind, arg, nowNs);
  }

  private grow(): void {
    const cap = Math.max(8, this.cap * 2);
    const times = new Float64Array(cap);
    const seqs = new Float64Array(cap);
    const kinds = new Int32Array(cap);
    const args = new Array<unknown>(cap).fill(null);
    for (let k = 0; k < this.len; k++) {
      const i = (this.head + k) & (this.cap - 1);
      times[k] = this.times[i];
      seqs[k] = this.seqs[i];
      kinds[k] = this.kinds[i];
      args[k] = this.args[i];
    }
    this.times = times;
    this.seqs = seqs;
    this.kinds = kinds;
    this.args = args;
    this.head = 0;
    this.cap = cap;
  }
}

// The tail time outgrows small integers during a run (see double-fields.ts).
preferDoubleFields(new EventLane(null as unknown as Sim, null as unknown as EventTarget), ['tailNs']);
