/**
 * Bounded sample stores for summaries: a decimating reservoir (keeps every
 * k-th sample once full, so memory stays fixed and the result deterministic)
 * and a small integer histogram.
 */
import { preferDoubleFields } from '../engine/double-fields';

/** What a reservoir's buffer starts at (it doubles up to the capacity). */
const INITIAL_CAPACITY = 256;

/**
 * The samples of the reservoir a quantile was last asked of, sorted, shared
 * by all reservoirs: a summary asks each for several quantiles in a row, and
 * one buffer sorted once replaces a sorted copy per quantile (those copies
 * were a run's largest typed-array allocations). `count` tells the samples
 * apart: every add() raises it, and clear() drops the copy it owns.
 */
const sorted = {
  buf: new Float64Array(0),
  owner: null as Reservoir | null,
  count: -1,
};

export class Reservoir {
  private buf: Float64Array;
  private n = 0;
  private stride = 1;
  private skip = 0;
  count = 0;
  sum = 0;

  constructor(private readonly capacity = 65536) {
    // The buffer grows to the capacity as samples come: most stores of a short run hold few.
    this.buf = new Float64Array(Math.min(capacity, INITIAL_CAPACITY));
  }

  add(v: number): void {
    this.count++;
    this.sum += v;
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    this.skip = this.stride - 1;
    if (this.n === this.capacity) {
      for (let i = 0; i < this.n / 2; i++) this.buf[i] = this.buf[2 * i];
      this.n /= 2;
      this.stride *= 2;
      this.skip = this.stride - 1;
    }
    if (this.n === this.buf.length) this.grow();
    this.buf[this.n++] = v;
  }

  private grow(): void {
    const buf = new Float64Array(Math.min(this.capacity, this.buf.length * 2));
    buf.set(this.buf);
    this.buf = buf;
  }

  clear(): void {
    if (sorted.owner === this) sorted.owner = null;
    this.n = 0;
    this.stride = 1;
    this.skip = 0;
    this.count = 0;
    this.sum = 0;
  }

  get size(): number {
    return this.n;
  }

  /** The most samples it ever holds: its buffer grows to this and no further. */
  get boundSlots(): number {
    return this.capacity;
  }

  quantile(q: number): number {
    if (this.n === 0) return NaN;
    const a = this.sortedSamples();
    const pos = q * (this.n - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(this.n - 1, lo + 1);
    return a[lo] + (a[hi] - a[lo]) * (pos - lo);
  }

  /** The samples held, in ascending order (a view of the shared buffer, valid until the next call). */
  private sortedSamples(): Float64Array {
    const s = sorted;
    if (s.owner !== this || s.count !== this.count) {
      if (s.buf.length < this.n) s.buf = new Float64Array(this.capacity);
      s.buf.set(this.buf.subarray(0, this.n));
      s.buf.subarray(0, this.n).sort();
      s.owner = this;
      s.count = this.count;
    }
    return s.buf;
  }

  median(): number {
    return this.quantile(0.5);
  }

  mean(): number {
    return this.count > 0 ? this.sum / this.count : NaN;
  }
}

// The running sum takes fractions and large values (see double-fields.ts).
preferDoubleFields(new Reservoir(1), ['sum']);

/** Counts of small non-negative integers (A-MPDU sizes). */
export class IntHistogram {
  readonly counts: Float64Array;
  total = 0;

  constructor(readonly maxValue = 256) {
    this.counts = new Float64Array(maxValue + 1);
  }

  add(v: number): void {
    this.counts[Math.min(this.maxValue, Math.max(0, Math.round(v)))]++;
    this.total++;
  }

  clear(): void {
    this.counts.fill(0);
    this.total = 0;
  }

  /** Median with linear interpolation between adjacent values when the half falls on a boundary. */
  median(): number {
    if (this.total === 0) return NaN;
    const half = this.total / 2;
    let acc = 0;
    for (let v = 0; v <= this.maxValue; v++) {
      acc += this.counts[v];
      if (acc > half) return v;
      if (acc === half) {
        let w = v + 1;
        while (w <= this.maxValue && this.counts[w] === 0) w++;
        return (v + w) / 2;
      }
    }
    return this.maxValue;
  }

  mean(): number {
    let s = 0;
    for (let v = 0; v <= this.maxValue; v++) s += v * this.counts[v];
    return this.total ? s / this.total : NaN;
  }
}
