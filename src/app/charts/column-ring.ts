/**
 * Parallel Float64Array columns in one fixed-capacity ring (power of two),
 * oldest row first. Column 0 holds time in ns and must be non-decreasing, so
 * rows can be found by binary search. Memory is allocated once.
 */
export class ColumnRing {
  readonly capacity: number;
  readonly names: readonly string[];
  private readonly mask: number;
  private readonly cols: Float64Array[];
  private start = 0;
  length = 0;

  constructor(names: readonly string[], capacity: number) {
    if (capacity <= 0 || (capacity & (capacity - 1)) !== 0)
      throw new Error('capacity must be a power of two');
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.names = names;
    this.cols = names.map(() => new Float64Array(capacity));
  }

  /** Column index of `name`, or -1. */
  col(name: string): number {
    return this.names.indexOf(name);
  }

  /** Value of column `c` at logical row `i` (0 = oldest). */
  get(c: number, i: number): number {
    return this.cols[c][(this.start + i) & this.mask];
  }

  t(i: number): number {
    return this.cols[0][(this.start + i) & this.mask];
  }

  firstT(): number {
    return this.length ? this.t(0) : NaN;
  }

  lastT(): number {
    return this.length ? this.t(this.length - 1) : NaN;
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
  }

  /**
   * Appends `n` rows; `src[c]` is the source of column c (missing → NaN).
   * Only the newest `capacity` rows survive.
   */
  pushRows(src: (Float64Array | undefined)[], n: number): void {
    const skip = Math.max(0, n - this.capacity);
    for (let c = 0; c < this.cols.length; c++) {
      const dst = this.cols[c];
      const s = src[c];
      let w = (this.start + this.length) & this.mask;
      for (let i = skip; i < n; i++) {
        dst[w] = s ? s[i] : NaN;
        w = (w + 1) & this.mask;
      }
    }
    const total = this.length + n - skip;
    if (total > this.capacity) {
      // Oldest rows were overwritten: move start to the oldest survivor.
      this.start = (this.start + total - this.capacity) & this.mask;
      this.length = this.capacity;
    } else {
      this.length = total;
    }
  }

  /** First logical row with time ≥ tNs (length if none). */
  lowerBound(tNs: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.t(mid) < tNs) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Rows [i0, i1) covering [t0, t1] plus one row either side, so lines reach the edges. */
  range(t0Ns: number, t1Ns: number): [number, number] {
    const i0 = Math.max(0, this.lowerBound(t0Ns) - 1);
    const i1 = Math.min(this.length, this.lowerBound(t1Ns) + 1);
    return [i0, Math.max(i0, i1)];
  }

  /** Index of the row nearest in time to tNs, or -1 when empty. */
  nearest(tNs: number): number {
    if (!this.length) return -1;
    const i = this.lowerBound(tNs);
    if (i >= this.length) return this.length - 1;
    if (i === 0) return 0;
    return tNs - this.t(i - 1) <= this.t(i) - tNs ? i - 1 : i;
  }
}
