/**
 * Binary min-heap of events on preallocated parallel arrays: no allocation
 * per event once warmed up. Ties on time break by insertion order (seq), so
 * the run is deterministic.
 */
import type { Ns } from './time';

export interface EventTarget {
  handleEvent(kind: number, arg: unknown, nowNs: Ns): void;
}

export class EventQueue {
  private cap = 1024;
  private times = new Float64Array(this.cap);
  private seqs = new Float64Array(this.cap);
  private kinds = new Int32Array(this.cap);
  private targets: (EventTarget | null)[] = new Array<EventTarget | null>(this.cap).fill(null);
  private args: unknown[] = new Array<unknown>(this.cap).fill(null);
  /** heap[i] = slot index */
  private heap = new Int32Array(this.cap);
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
    return this.n > 0 ? this.times[this.heap[0]] : Infinity;
  }

  push(timeNs: Ns, target: EventTarget, kind: number, arg: unknown): void {
    if (this.freeTop === 0) this.grow();
    const slot = this.free[--this.freeTop];
    this.times[slot] = timeNs;
    this.seqs[slot] = this.seq++;
    this.kinds[slot] = kind;
    this.targets[slot] = target;
    this.args[slot] = arg;
    let i = this.n++;
    const heap = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(slot, heap[p])) break;
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = slot;
  }

  /** Pops the earliest event and dispatches it. Caller sets the clock first via peekTime(). */
  popAndRun(nowNs: Ns): void {
    const heap = this.heap;
    const top = heap[0];
    const last = heap[--this.n];
    if (this.n > 0) {
      let i = 0;
      const n = this.n;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && this.less(heap[r], heap[l]) ? r : l;
        if (!this.less(heap[c], last)) break;
        heap[i] = heap[c];
        i = c;
      }
      heap[i] = last;
    }
    const target = this.targets[top]!;
    const kind = this.kinds[top];
    const arg = this.args[top];
    this.targets[top] = null;
    this.args[top] = null;
    this.free[this.freeTop++] = top;
    target.handleEvent(kind, arg, nowNs);
  }

  private less(a: number, b: number): boolean {
    const ta = this.times[a];
    const tb = this.times[b];
    return ta < tb || (ta === tb && this.seqs[a] < this.seqs[b]);
  }

  private grow(): void {
    const old = this.cap;
    const cap = old * 2;
    const t = new Float64Array(cap);
    t.set(this.times);
    this.times = t;
    const s = new Float64Array(cap);
    s.set(this.seqs);
    this.seqs = s;
    const k = new Int32Array(cap);
    k.set(this.kinds);
    this.kinds = k;
    const h = new Int32Array(cap);
    h.set(this.heap);
    this.heap = h;
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
