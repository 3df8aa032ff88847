/**
 * Options and hooks of the mac80211 iTXQ model (mac80211-txq.ts), with the
 * kernel defaults: fq_init() in include/net/fq_impl.h and
 * ieee80211_txq_setup_flows() in net/mac80211/tx.c.
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import type { AirtimeDrrForm, AqlLimits } from './mac80211-airtime';

export interface Mac80211Options {
  /** fq quantum (fq_init: 300). */
  quantumBytes: number;
  /** fq packet limit (fq_init: 8192). */
  limitPkts: number;
  /** fq memory limit: 16 MB (fq_init), 4 MB when no band supports VHT (ieee80211_txq_setup_flows). */
  memoryLimitBytes: number;
  /** local->cparams: 20 ms / 100 ms / ECN on. */
  codel: { targetNs: Ns; intervalNs: Ns; ecn: boolean };
  /** Per-station CoDel override of 2016–2025 (sta_update_codel_params). */
  slowStationCodel: boolean;
  /** Airtime DRR across stations (NL80211_EXT_FEATURE_AIRTIME_FAIRNESS). */
  airtimeFairness: boolean;
  /** Which ieee80211_next_txq DRR: v5.1–v5.13 or v6.0+ (mac80211-airtime.ts). */
  airtimeDrr: AirtimeDrrForm;
  /** Airtime Queue Limits (2019+); null before. */
  aql: AqlLimits | null;
  /** hw.tx_sk_pacing_shift applied on transmit to a known station; null = kernel without it. */
  txSkPacingShift: number | null;
  /**
   * AQL's estimate of a frame's airtime (µs) to a station: the kernel's
   * ieee80211_calc_expected_tx_airtime from the last TX rate
   * (./airtime-estimate.ts). Absent: a stand-in from the expected throughput.
   */
  txTimeEstimateUs?: (frameBytes: number, sta: number) => number;
}

/**
 * AQL limits (include/net/cfg80211.h: IEEE80211_DEFAULT_AQL_TXQ_LIMIT_L/H,
 * IEEE80211_AQL_THRESHOLD); the original 2019 patch used 4000 / 8000.
 */
export const AQL_DEFAULTS: AqlLimits = Object.freeze({ lowUs: 5000, highUs: 12000, thresholdUs: 24000 });

/**
 * A recent kernel (v6.0+ DRR) with an 802.11n-only (no VHT) radio. AQL is off: it is
 * opt-in per driver (NL80211_EXT_FEATURE_AQL) and ath9k never set it.
 */
export function mac80211Defaults(over: Partial<Mac80211Options> = {}): Mac80211Options {
  return {
    quantumBytes: 300,
    limitPkts: 8192,
    memoryLimitBytes: 4 << 20,
    codel: { targetNs: 20_000_000, intervalNs: 100_000_000, ecn: true },
    slowStationCodel: false,
    airtimeFairness: true,
    airtimeDrr: 'v6.0',
    aql: null,
    txSkPacingShift: 7,
    ...over,
  };
}

export interface Mac80211Hooks {
  /** A packet mac80211 dropped (fq overflow, CoDel, or TX status "not acked"). */
  drop(skb: Skb, nowNs: Ns): void;
  /** A packet whose TX status reported success (consume_skb: destructor runs). */
  free(skb: Skb, nowNs: Ns): void;
}
