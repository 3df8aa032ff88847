/**
 * Events scheduled for the current instant (a zero-delay completion, a CPU
 * job that costs nothing): they keep their insertion numbers but wait in a
 * FIFO instead of the heap, since they are the earliest events there are and
 * arrive in insertion order. A third of a wired run's events are such; each
 * skips a sift up to the heap's root and a sift down from it. The engine
 * (./sim.ts) runs the FIFO's head unless the heap holds an event at the same
 * instant with an older insertion number (a timer or a lane queues under a
 * number taken earlier), so events run in exactly the order the heap alone
 * would give them.
 */
import { unwrapInto } from './ring-column';
import type { EventTarget } from './event-queue';
import type { Ns } from './time';

export class InstantQueue {
  /** A ring of `cap` (a power of two) entries from `head`. */
  private cap = 64;
  private seqs = new Float64Array(this.cap);
  private kinds = new Int32Array(this.cap);
  private targets: (EventTarget | null)[] = new Array<EventTarget | null>(this.cap).fill(null);
  private args: unknown[] = new Array<unknown>(this.cap).fill(null);
  private head = 0;
  len = 0;

  push(seq: number, target: EventTarget, kind: number, arg: unknown): void {
    if (this.len === this.cap) this.grow();
    const i = (this.head + this.len) & (this.cap - 1);
    this.seqs[i] = seq;
    this.kinds[i] = kind;
    this.targets[i] = target;
    this.args[i] = arg;
    this.len++;
  }

  /** Insertion number of the head (the FIFO is not empty). */
  headSeq(): number {
    return this.seqs[this.head];
  }

  headTarget(): EventTarget {
    return this.targets[this.head]!;
  }

  headKind(): number {
    return this.kinds[this.head];
  }

  /** Takes the head off and dispatches it. */
  runHead(nowNs: Ns): void {
    const h = this.head;
    const target = this.targets[h]!;
    const kind = this.kinds[h];
    const arg = this.args[h];
    this.targets[h] = null;
    this.args[h] = null;
    this.head = (h + 1) & (this.cap - 1);
    this.len--;
    target.handleEvent(kind, arg, nowNs);
  }

  private grow(): void {
    const cap = this.cap * 2;
    const { head, len } = this;
    this.seqs = unwrapInto(this.seqs, head, len, new Float64Array(cap));
    this.kinds = unwrapInto(this.kinds, head, len, new Int32Array(cap));
    this.targets = unwrapInto(this.targets, head, len, new Array<EventTarget | null>(cap).fill(null));
    this.args = unwrapInto(this.args, head, len, new Array<unknown>(cap).fill(null));
    this.head = 0;
    this.cap = cap;
  }
}

// grow() replaces the columns: done once here, before any code is optimised, so the
// first growth in a run does not invalidate optimised code that took them as constants.
(new InstantQueue() as unknown as { grow(): void }).grow();
