/**
 * One rate's statistics in minstrel (net/mac80211/rc80211_minstrel.h and
 * rc80211_minstrel.c, v4.9–v4.19): struct minstrel_rate_stats (over the
 * counts every era keeps, ./minstrel-rate-counts.ts) and
 * minstrel_calc_rate_stats, in the kernel's fixed point (MINSTREL_SCALE 12,
 * EWMA_LEVEL 96 of EWMA_DIV 128: the old value weighs 75 %).
 */
import { minstrelEwma } from './minstrel-ampdu-len';
import { MinstrelRateCounts } from './minstrel-rate-counts';

const SCALE = 12;
const EWMA_LEVEL = 96;
const EWMA_DIV = 128;

/** MINSTREL_FRAC(val, div). */
export const FRAC = (val: number, div: number): number => Math.trunc((val * (1 << SCALE)) / div);
/** MINSTREL_TRUNC(val). */
export const TRUNC = (val: number): number => Math.trunc(val / (1 << SCALE));

/** minstrel_ewmv(): the exponentially weighted moving variance of the success probability. */
export function ewmv(oldEwmv: number, curProb: number, probEwma: number, weight = EWMA_LEVEL): number {
  const diff = curProb - probEwma;
  const incr = Math.trunc(((EWMA_DIV - weight) * diff) / EWMA_DIV);
  return Math.trunc((weight * (oldEwmv + TRUNC(diff * incr))) / EWMA_DIV);
}

export class MinstrelRateStats extends MinstrelRateCounts {
  /** prob_ewma and prob_ewmv, fixed point. */
  probEwma = 0;
  probEwmv = 0;
  /** Intervals without attempts (the sampler's "slow rate" gate). */
  sampleSkipped = 0;

  /** minstrel_calc_rate_stats: fold this interval into the averages and start a new one. */
  calc(): void {
    if (this.attempts > 0) {
      this.sampleSkipped = 0;
      const cur = FRAC(this.success, this.attempts);
      if (this.attHist === 0) {
        this.probEwma = cur;
      } else {
        this.probEwmv = ewmv(this.probEwmv, cur, this.probEwma);
        this.probEwma = minstrelEwma(this.probEwma, cur);
      }
    } else {
      this.sampleSkipped++;
    }
    this.closeInterval();
  }

  /** minstrel_get_ewmsd10: the standard deviation ×10 (percent) debugfs shows. */
  ewmsd10(): number {
    return Math.trunc(Math.sqrt(TRUNC(this.probEwmv * 1000 * 1000)));
  }
}
