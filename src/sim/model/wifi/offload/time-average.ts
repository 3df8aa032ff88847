/** The time average of a level that changes in steps (a queue's bytes), from a start time on. */
export class TimeAverage {
  private level = 0;
  private sinceNs = 0;
  private startNs = 0;
  private area = 0;

  /** The level is `v` from `nowNs` on. */
  set(v: number, nowNs: number): void {
    this.area += this.level * (nowNs - this.sinceNs);
    this.level = v;
    this.sinceNs = nowNs;
  }

  /** Forget the past: averages start at `nowNs`. */
  restart(nowNs: number): void {
    this.area = 0;
    this.sinceNs = nowNs;
    this.startNs = nowNs;
  }

  mean(nowNs: number): number {
    const span = nowNs - this.startNs;
    if (span <= 0) return this.level;
    return (this.area + this.level * (nowNs - this.sinceNs)) / span;
  }
}

/** The mean of a latency over the samples since the previous read: what a probe charts per sample interval. */
export class IntervalMean {
  private sum = 0;
  private n = 0;
  private lastSum = 0;
  private lastN = 0;
  private lastValue = 0;

  add(v: number): void {
    this.sum += v;
    this.n++;
  }

  /** The mean since the last call; the previous value when nothing arrived in between. */
  read(): number {
    const dn = this.n - this.lastN;
    if (dn > 0) this.lastValue = (this.sum - this.lastSum) / dn;
    this.lastN = this.n;
    this.lastSum = this.sum;
    return this.lastValue;
  }
}
