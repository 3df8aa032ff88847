/**
 * 4-ary min-heap of events on preallocated parallel arrays: no allocation
 * per event once warmed up. The keys (time, insertion order) sit in heap
 * order next to the slot of each event's payload, so sifting reads adjacent
 * memory; four children per node halve the depth a pop sifts through, and
 * the four sit side by side. Ties on time break by insertion order, so keys
 * are unique and the order of events is fully determined (by the keys alone,
 * whatever the shape of the heap).
 */
import { preferDoubleFields } from './double-fields';
import type { Ns } from './time';

export interface EventTarget {
  handleEvent(kind: number, arg: unknown, nowNs: Ns): void;
  /** What schedules events of `kind` here, in words (the engine's stall message names it). */
  describeEvent?(kind: number): string;
}

export class EventQueue {
  private cap = 1024;
  // Heap order: hT/hS/hSlot[i] are the key and the payload slot of heap entry i.
  private hT = new Float64Array(this.cap);
  private hS = new Float64Array(this.cap);
  private hSlot = new Int32Array(this.cap);
  private kinds = new Int32Array(this.cap);
  private targets: (EventTarget | null)[] = new Array<EventTarget | null>(this.cap).fill(null);
  private args: unknown[] = new Array<unknown>(this.cap).fill(null);
  private free = new Int32Array(this.cap);
  private freeTop = 0;
  private n = 0;
  private seq = 0;

  constructor() {
    for (let i = 0; i < this.cap; i++) this.free[this.freeTop++] = this.cap - 1 - i;
  }

  get size(): number {
    return this.n;
  }

  peekTime(): Ns {
    return this.n > 0 ? this.hT[0] : Infinity;
  }

  /** Whether the earliest event comes before (time, insertion number) `tNs`, `seq`. */
  precedes(tNs: Ns, seq: number): boolean {
    if (this.n === 0) return false;
    const t = this.hT[0];
    return t < tNs || (t === tNs && this.hS[0] < seq);
  }

  /** Target and kind of the earliest event (for an observer of every event; see Sim.observer). */
  peekTarget(): EventTarget | null {
    return this.n > 0 ? this.targets[this.hSlot[0]] : null;
  }
  peekKind(): number {
    return this.n > 0 ? this.kinds[this.hSlot[0]] : 0;
  }

  /** The target and kind of the earliest event (null when empty); off the hot path. */
  peek(): { target: EventTarget; kind: number } | null {
    if (this.n === 0) return null;
    const slot = this.hSlot[0];
    return { target: this.targets[slot]!, kind: this.kinds[slot] };
  }

  push(timeNs: Ns, target: EventTarget, kind: number, arg: unknown): void {
    this.pushKeyed(timeNs, this.seq++, target, kind, arg);
  }

  /** Takes the next insertion number for an event that will be queued later, with pushKeyed. */
  takeSeq(): number {
    return this.seq++;
  }

  /** Queues an event under an insertion number taken earlier (takeSeq): it runs where it would have, had it been pushed then. */
  pushKeyed(timeNs: Ns, seq: number, target: EventTarget, kind: number, arg: unknown): void {
    if (this.freeTop === 0) this.grow();
    const slot = this.free[--this.freeTop];
    this.kinds[slot] = kind;
    this.targets[slot] = target;
    this.args[slot] = arg;
    const hT = this.hT;
    const hS = this.hS;
    const hSlot = this.hSlot;
    let i = this.n++;
    // Sift up; keys are unique, so "not less" means "greater".
    while (i > 0) {
      const p = (i - 1) >> 2;
      const pt = hT[p];
      if (pt < timeNs || (pt === timeNs && hS[p] < seq)) break;
      hT[i] = pt;
      hS[i] = hS[p];
      hSlot[i] = hSlot[p];
      i = p;
    }
    hT[i] = timeNs;
    hS[i] = seq;
    hSlot[i] = slot;
  }

  /** Pops the earliest event and dispatches it. Caller sets the clock first via peekTime(). */
  popAndRun(nowNs: Ns): void {
    const hT = this.hT;
    const hS = this.hS;
    const hSlot = this.hSlot;
    const top = hSlot[0];
    const n = --this.n;
    if (n > 0) {
      // Sift the last entry down from the root, its key held in locals.
      const lt = hT[n];
      const ls = hS[n];
      const lslot = hSlot[n];
      let i = 0;
      for (;;) {
        const first = 4 * i + 1;
        if (first >= n) break;
        // The least of up to four children.
        let c = first;
        let ct = hT[c];
        const last = first + 3 < n ? first + 3 : n - 1;
        for (let k = first + 1; k <= last; k++) {
          const kt = hT[k];
          if (kt < ct || (kt === ct && hS[k] < hS[c])) {
            c = k;
            ct = kt;
          }
        }
        if (ct > lt || (ct === lt && hS[c] > ls)) break;
        hT[i] = ct;
        hS[i] = hS[c];
        hSlot[i] = hSlot[c];
        i = c;
      }
      hT[i] = lt;
      hS[i] = ls;
      hSlot[i] = lslot;
    }
    const target = this.targets[top]!;
    const kind = this.kinds[top];
    const arg = this.args[top];
    this.targets[top] = null;
    this.args[top] = null;
    this.free[this.freeTop++] = top;
    target.handleEvent(kind, arg, nowNs);
  }

  private grow(): void {
    const old = this.cap;
    const cap = old * 2;
    const t = new Float64Array(cap);
    t.set(this.hT);
    this.hT = t;
    const s = new Float64Array(cap);
    s.set(this.hS);
    this.hS = s;
    const h = new Int32Array(cap);
    h.set(this.hSlot);
    this.hSlot = h;
    const k = new Int32Array(cap);
    k.set(this.kinds);
    this.kinds = k;
    const f = new Int32Array(cap);
    f.set(this.free.subarray(0, this.freeTop));
    for (let i = cap - 1; i >= old; i--) f[this.freeTop++] = i;
    this.free = f;
    this.targets.length = cap;
    this.args.length = cap;
    for (let i = old; i < cap; i++) {
      this.targets[i] = null;
      this.args[i] = null;
    }
    this.cap = cap;
  }
}

// The insertion counter outgrows small integers on long runs (see double-fields.ts).
preferDoubleFields(new EventQueue(), ['seq']);
// grow() replaces the arrays. Doing it once here, on a throw-away queue, tells V8
// that these fields change, before any code is optimised: otherwise the first
// growth in a run invalidates every optimised function that took them as constants.
(new EventQueue() as unknown as { grow(): void }).grow();
