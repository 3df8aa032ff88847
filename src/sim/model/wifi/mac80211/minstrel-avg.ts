/**
 * One rate's statistics in minstrel_ht from v5.12 on
 * (net/mac80211/rc80211_minstrel_ht.c and .h as 6.1 and 6.15 have them):
 * struct minstrel_rate_stats (over the counts every era keeps,
 * ./minstrel-rate-counts.ts), minstrel_ht_calc_rate_stats and
 * minstrel_filter_avg_add.
 *
 * The success probability is no longer an EWMA: b1103d256704 ("replace rate
 * stats ewma with a better moving average", v5.5) feeds it through a
 * second-order low-pass ("smoothing") filter of period 16 in fixed point
 * (MINSTREL_SCALE 12; prob_avg and prob_avg_1 are u16), and eeafcb0c80c8
 * ("remove old ewma based rate average code", v5.12) removed
 * the EWMA and its variance. Each interval's input is the success ratio of
 * this interval and the previous one together.
 */
import { FRAC } from './minstrel-stats';
import { MinstrelRateCounts } from './minstrel-rate-counts';

const SCALE = 12;
/** MINSTREL_AVG_COEFF2 (0x1499) and COEFF3 (−0x92e): 2·a1·cos(√2·2π/16) and −a1², a1 = e^(−π√2/16), scaled by 2^12. */
export const AVG_COEFF2 = 0x1499;
export const AVG_COEFF3 = -0x92e;
/** MINSTREL_AVG_COEFF1 = MINSTREL_FRAC(1, 1) − COEFF2 − COEFF3 = 1173. */
export const AVG_COEFF1 = (1 << SCALE) - AVG_COEFF2 - AVG_COEFF3;

/**
 * minstrel_filter_avg_add(): the new filter output from input `inProb` and
 * the last two outputs (`prev1` = prob_avg, `prev2` = prob_avg_1). The first
 * input (prev1 = 0) is taken as is, as both outputs; an input of 0 counts as 1; the output is
 * clamped to [1, 4096]. The C shift of a negative sum is arithmetic (gcc).
 */
export function filterAvgAdd(prev1: number, prev2: number, inProb: number): { avg: number; avg1: number } {
  const input = inProb === 0 ? 1 : inProb;
  if (prev1 === 0) return { avg: input, avg1: input };
  let val = (AVG_COEFF1 * input + AVG_COEFF2 * prev1 + AVG_COEFF3 * prev2) >> SCALE;
  if (val > 1 << SCALE) val = 1 << SCALE;
  if (val < 0) val = 1;
  return { avg: val, avg1: prev1 };
}

export class MinstrelAvgStats extends MinstrelRateCounts {
  /** prob_avg and prob_avg_1 (the filter's last two outputs), fixed point. */
  probAvg = 0;
  probAvg1 = 0;

  /** minstrel_ht_calc_rate_stats: filter (success + last_success) / (attempts + last_attempts). */
  calc(): void {
    if (this.attempts > 0) {
      const cur = FRAC(this.success + this.lastSuccess, this.attempts + this.lastAttempts);
      const f = filterAvgAdd(this.probAvg, this.probAvg1, cur);
      this.probAvg = f.avg;
      this.probAvg1 = f.avg1;
    }
    this.closeInterval();
  }
}
