/**
 * Options, hooks and counters of the ath9k radio model (ath9k.ts), with the
 * driver constants they default to (drivers/net/wireless/ath/ath9k/ath9k.h).
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import type { Band, Contender, PhyRate } from '../types';
import type { MinstrelRc } from '../mac80211/minstrel-rc';
import type { MpduLoss } from '../phy/link-error';
import type { AthAggregate } from './ath9k-aggr';

/** ATH_MAX_QDEPTH = ATH_TXBUF / 4 − ATH_TXBUF_RESERVE = 512 / 4 − 5 (ath9k.h), the v4.8 txq_max_pending default. */
export const ATH_MAX_QDEPTH = 123;
/** ATH_TXMAXTRY (ath9k.h): hardware tries of a non-aggregated frame. */
export const ATH_TXMAXTRY = 13;

export interface Ath9kOptions {
  node: number;
  band: Band;
  mode: 'itxq' | 'legacy';
  rateFor(dst: number): PhyRate;
  frameErrorRate?(rate: PhyRate): number;
  /** The link to `dst`: MPDU loss by rate and length (takes precedence over frameErrorRate). */
  loss?(dst: number): MpduLoss;
  /**
   * minstrel_ht of the station `dst` (mac80211 rate control; ath9k registers
   * max_rates 4 and max_rate_tries 10), or null where the scenario pins the rate.
   */
  rateControl?(dst: number): MinstrelRc | null;
  /** ERP protection: a non-ERP (11b) station is in the BSS, so OFDM/HT PPDUs go behind a CTS-to-self. */
  erpProtection?: boolean;
  /** ATH_AMPDU_LIMIT_MAX 65535, or the peer's smaller maximum A-MPDU length. */
  maxAmpduBytes: number;
  /** Aggregate airtime for BE/BK: 4096 µs when the AC's TXOP is 0. */
  txopUs: number;
  bawSize: number;
  /** ATH_AGGR_MIN_QDEPTH. */
  minAggrQdepth: number;
  /** ATH_NON_AGGR_MIN_QDEPTH. */
  nonAggrMinQdepth: number;
  /** ATH_MAX_SW_RETRIES. */
  maxSwRetries: number;
  /** txq_max_pending (legacy mode). */
  legacyMaxPending: number;
  txStatusDelayNs: Ns;
  aggregation: boolean;
  /** Hardware tries of a non-aggregated frame before it is failed (default ATH_TXMAXTRY). */
  hwMaxTries?: number;
  /**
   * Who picks the next TID in iTXQ mode: mac80211's ieee80211_next_txq (v5.1+),
   * ath9k's own TID round robin of v4.14–v5.0 ('driver'), or the v4.8 round
   * robin the first mac80211-TXQ ath9k (v4.11, Nov 2016 patches) kept
   * ('rotating': a TID that finds the hardware queue full goes to the tail),
   * or ath9k's own airtime deficits of v4.11–v5.0 ('airtime', ath9k-airtime.ts).
   * Default: mac80211 when it runs airtime fairness, 'driver' otherwise.
   */
  scheduler?: 'mac80211' | 'driver' | 'rotating' | 'airtime';
}

export function ath9kDefaults(
  node: number,
  band: Band,
  rateFor: (dst: number) => PhyRate,
  over: Partial<Ath9kOptions> = {},
): Ath9kOptions {
  return {
    node,
    band,
    mode: 'itxq',
    rateFor,
    maxAmpduBytes: 65535,
    txopUs: 4096,
    bawSize: 64,
    minAggrQdepth: 2,
    nonAggrMinQdepth: 8,
    maxSwRetries: 30,
    legacyMaxPending: ATH_MAX_QDEPTH,
    txStatusDelayNs: 50_000,
    aggregation: true,
    ...over,
  };
}

export interface Ath9kHooks {
  /** MPDU received by the peer. */
  deliver(skb: Skb, nowNs: Ns): void;
  /** Legacy mode: skb freed after TX status (tcp_wfree runs there), acked or given up (stats.legacyDrops counts those). */
  free(skb: Skb, nowNs: Ns): void;
  /** One per transmission on the air (A-MPDU or single frame). */
  onAggregate(nframes: number, bytes: number, dst: number, nowNs: Ns): void;
  /** Optional: the frames of each transmission (tests, tracing). */
  onTx?(skbs: readonly Skb[], nframes: number, agg: Readonly<AthAggregate>, nowNs: Ns): void;
}

/** What the driver needs from the medium (the Medium class satisfies it). */
export interface Ath9kMedium {
  register(c: Contender): void;
  kick(c: Contender): void;
  reportFailure(c: Contender): void;
  reportSuccess(c: Contender): void;
}

export interface Ath9kStats {
  transmissions: number;
  mpdusSent: number;
  mpdusAcked: number;
  swRetries: number;
  /** Frames given up after maxSwRetries (or hardware tries). */
  drops: number;
  /**
   * Of those, the frames the driver freed itself (legacy mode). With iTXQ the
   * TX status hands them to mac80211, which drops and counts them.
   */
  legacyDrops: number;
}
