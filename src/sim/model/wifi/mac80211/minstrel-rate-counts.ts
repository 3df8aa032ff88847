/**
 * What minstrel_ht counts per rate in every era (struct minstrel_rate_stats,
 * net/mac80211/rc80211_minstrel_ht.c and rc80211_minstrel.h): this
 * interval's attempts and successes as minstrel_ht_tx_status adds them, the
 * last interval's, the totals, and the tries minstrel_calc_retransmit sets.
 * What each era derives from them — prob_ewma (./minstrel-stats.ts) or
 * prob_avg (./minstrel-avg.ts) — is in its subclass.
 */
import type { RateSeries } from './minstrel-retry-chain';

export class MinstrelRateCounts {
  /** This interval's counts. */
  attempts = 0;
  success = 0;
  lastAttempts = 0;
  lastSuccess = 0;
  attHist = 0;
  succHist = 0;
  /** retry_count, retry_count_rtscts, retry_updated (./minstrel-retry-chain.ts). */
  retryCount = 0;
  retryCountRts = 0;
  retryUpdated = false;

  /** The end of minstrel_calc_rate_stats: a tried interval joins the totals, then a new one starts. */
  protected closeInterval(): void {
    if (this.attempts > 0) {
      this.attHist += this.attempts;
      this.succHist += this.success;
    }
    this.lastSuccess = this.success;
    this.lastAttempts = this.attempts;
    this.success = 0;
    this.attempts = 0;
  }
}

/**
 * minstrel_ht_tx_status's counting: `tries[i]` transmissions were made at
 * chain[i] (the last entry with tries > 0 is where it ended), of an A-MPDU of
 * `ampduLen` frames of which `ackLen` were acknowledged; attempts count every
 * frame of each try, successes the acknowledged frames at the last rate.
 */
export function minstrelCountTries(
  mi: { statsOf(index: number): MinstrelRateCounts },
  chain: readonly RateSeries[],
  tries: ArrayLike<number>,
  ampduLen: number,
  ackLen: number,
): void {
  let last = -1;
  for (let i = 0; i < chain.length; i++) if (tries[i] > 0) last = i;
  for (let i = 0; i <= last; i++) {
    const st = mi.statsOf(chain[i].index);
    if (i === last) st.success += ackLen;
    st.attempts += tries[i] * ampduLen;
  }
}
