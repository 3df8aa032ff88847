/**
 * Windowed running max, after lib/win_minmax.c (Kathleen Nichols' algorithm):
 * the best, 2nd-best and 3rd-best samples, with their times, give the max over
 * a sliding span of time in constant space. BBR feeds it bandwidth samples with the
 * packet-timed round count as the "time".
 *
 * The three samples are kept in six plain fields so that an update never
 * allocates.
 */
export class MinmaxMax {
  private t0 = 0;
  private v0 = 0;
  private t1 = 0;
  private v1 = 0;
  private t2 = 0;
  private v2 = 0;

  /** minmax_reset(): forget everything, the filter now holds one sample. */
  reset(t: number, meas: number): number {
    this.t0 = this.t1 = this.t2 = t;
    this.v0 = this.v1 = this.v2 = meas;
    return meas;
  }

  /** minmax_get(): the current windowed max. */
  get(): number {
    return this.v0;
  }

  /** minmax_running_max(): add a sample taken at `t`, filter length `win`. */
  runningMax(win: number, t: number, meas: number): number {
    // A new max, or nothing left in the span: restart from this sample.
    if (meas >= this.v0 || t - this.t2 > win) return this.reset(t, meas);

    if (meas >= this.v1) {
      this.t2 = this.t1 = t;
      this.v2 = this.v1 = meas;
    } else if (meas >= this.v2) {
      this.t2 = t;
      this.v2 = meas;
    }
    return this.subwinUpdate(win, t, meas);
  }

  /** minmax_subwin_update(): age the 1st/2nd/3rd choices as time advances. */
  private subwinUpdate(win: number, t: number, meas: number): number {
    const dt = t - this.t0;
    if (dt > win) {
      // The whole span passed without a new max: promote 2nd and 3rd.
      this.shiftIn(t, meas);
      if (t - this.t0 > win) this.shiftIn(t, meas);
    } else if (this.t1 === this.t0 && dt > win / 4) {
      // A quarter span without a new max: take a 2nd choice from it.
      this.t2 = this.t1 = t;
      this.v2 = this.v1 = meas;
    } else if (this.t2 === this.t1 && dt > win / 2) {
      // Half a span without a new max: take a 3rd choice from it.
      this.t2 = t;
      this.v2 = meas;
    }
    return this.v0;
  }

  private shiftIn(t: number, meas: number): void {
    this.t0 = this.t1;
    this.v0 = this.v1;
    this.t1 = this.t2;
    this.v1 = this.v2;
    this.t2 = t;
    this.v2 = meas;
  }
}
