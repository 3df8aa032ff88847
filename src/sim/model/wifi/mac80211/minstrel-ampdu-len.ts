/**
 * minstrel_ht's running A-MPDU length (net/mac80211/rc80211_minstrel_ht.c,
 * v4.9): minstrel_ht_tx_status() adds every TX status report — one per
 * A-MPDU (status.ampdu_len frames) or 1 for a lone frame — to ampdu_len /
 * ampdu_packets; at the first report more than update_interval / 2 = 50 ms
 * after the last statistics update, minstrel_ht_update_stats() folds their
 * ratio into avg_ampdu_len with minstrel_ewma(…, EWMA_LEVEL) (96/128 old,
 * fixed point MINSTREL_SCALE 12). Debugfs shows it as "%d.%d" (truncated to
 * one decimal), the last field of each rc_stats_csv line, which is what
 * Flent's WiFi stats runner samples as avg_aggr_size once per step.
 */
import { preferDoubleFields } from '../../../engine/double-fields';
import type { Ns } from '../../../engine/time';

/** MINSTREL_SCALE (rc80211_minstrel.h). */
const SCALE = 12;
/** EWMA_LEVEL / EWMA_DIV (rc80211_minstrel.h). */
const EWMA_LEVEL = 96;
const EWMA_DIV = 128;
/** mp->update_interval (100 ms, rc80211_minstrel.c); stats are updated every half of it. */
export const MINSTREL_STATS_INTERVAL_NS: Ns = 50_000_000;

const frac = (val: number, div: number): number => Math.trunc((val << SCALE) / div);

/** minstrel_ewma(): old + (EWMA_DIV − weight) · (new − old) / EWMA_DIV in integer arithmetic. */
export function minstrelEwma(old: number, next: number, weight = EWMA_LEVEL): number {
  return old + Math.trunc(((EWMA_DIV - weight) * (next - old)) / EWMA_DIV);
}

export class MinstrelAmpduLen {
  /** mi->avg_ampdu_len, fixed point; minstrel_ht_update_caps starts it at MINSTREL_FRAC(1, 1). */
  private avg = 1 << SCALE;
  private len = 0;
  private packets = 0;
  private statsUpdateNs: Ns;

  constructor(startNs: Ns = 0) {
    this.statsUpdateNs = startNs;
    // The EWMA leaves the small integers at its first update, mid-run (see double-fields.ts).
    preferDoubleFields(this, ['avg']);
  }

  /** One TX status report covering `nframes` frames (minstrel_ht_tx_status). */
  txStatus(nframes: number, nowNs: Ns): void {
    this.packets++;
    this.len += nframes;
    if (nowNs > this.statsUpdateNs + MINSTREL_STATS_INTERVAL_NS) {
      this.avg = minstrelEwma(this.avg, frac(this.len, this.packets));
      this.len = 0;
      this.packets = 0;
      this.statsUpdateNs = nowNs;
    }
  }

  /** The value as rc_stats_csv prints it ("%d.%d": integer part and truncated tenths). */
  shown(): number {
    const whole = this.avg >> SCALE;
    const tenths = ((this.avg * 10) >> SCALE) % 10;
    return whole + tenths / 10;
  }
}
