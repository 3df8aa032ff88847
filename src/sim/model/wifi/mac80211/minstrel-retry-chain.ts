/**
 * minstrel_ht's retry chain entries, the same code in the v4.9–v4.19 minstrel_ht
 * and its v5.12 rework (net/mac80211/rc80211_minstrel_ht.c):
 * minstrel_ht_set_rate and minstrel_calc_retransmit, with the overheads
 * minstrel_ht_update_caps sets. Each rate is tried as often as fits in
 * segment_size (6000 µs) of contention + transmissions, at least 2, capped
 * by the hardware's max_rate_tries; fallbacks use RTS/CTS. The eras differ
 * only in the success probability they read (prob_ewma before v5.12,
 * prob_avg from v5.12) and in the duration table: `probOf` and `durationNs`.
 */
import type { PhyRate } from '../types';
import { ofdmFrameDurationUs } from './minstrel-groups';
import type { MinstrelRateCounts } from './minstrel-rate-counts';
import { FRAC, TRUNC } from './minstrel-stats';

export interface MinstrelOptions {
  /** hw->max_rates: rates in the chain the driver takes (ath9k 4). */
  maxRates: number;
  /** hw->max_rate_tries (ath9k 10; minstrel's fallback 7). */
  maxRetry: number;
  /** mp->segment_size (µs), cw_min, cw_max, update_interval (ms): minstrel_alloc. */
  segmentSizeUs?: number;
  cwMin?: number;
  cwMax?: number;
  updateIntervalMs?: number;
}

/** One entry of the retry chain: the rate, its tries, and whether it is protected by RTS/CTS. */
export interface RateSeries {
  rate: PhyRate;
  count: number;
  rts: boolean;
  /** Rate index (group · G + mcs) for the status report. */
  index: number;
}

/** What the chain reads of one era's minstrel_ht. */
export interface ChainSource {
  readonly o: Required<MinstrelOptions>;
  /** mi->overhead, overhead_rtscts (µs). */
  readonly overheadUs: number;
  readonly overheadRtsUs: number;
  /** mi->avg_ampdu_len, fixed point. */
  readonly avgAmpduLen: number;
  rateOf(index: number): PhyRate;
  statsOf(index: number): MinstrelRateCounts;
  /** The rate's success probability as the era keeps it: prob_ewma or prob_avg. */
  probOf(index: number): number;
  /** The rate's duration as the era's table holds it (v5.12 drops the group's shift bits). */
  durationNs(index: number): number;
  chain(): readonly RateSeries[];
}

/**
 * minstrel_ht_update_caps: mi->overhead, a 0-byte frame at 6 Mbit/s and its
 * ACK (10 bytes); mi->overhead_rtscts, two ACK durations more for RTS and CTS.
 */
export function minstrelOverheadUs(rtsCts: boolean): number {
  const ackUs = ofdmFrameDurationUs(10, 60);
  const overheadUs = ofdmFrameDurationUs(0, 60) + ackUs;
  return rtsCts ? overheadUs + 2 * ackUs : overheadUs;
}

/** minstrel_ht_set_rate: the tries of the chain entry at `offset` (count_rts for fallbacks). */
export function minstrelSetRate(mi: ChainSource, index: number, offset: number): RateSeries {
  const st = mi.statsOf(index);
  if (!st.retryUpdated) minstrelCalcRetransmit(mi, index, st);
  const low = mi.probOf(index) < FRAC(20, 100) || st.retryCount === 0;
  const count = low ? 2 : offset > 0 ? st.retryCountRts : st.retryCount;
  return { rate: mi.rateOf(index), count, rts: offset > 0, index };
}

/** minstrel_calc_retransmit: tries that fit in segment_size. */
function minstrelCalcRetransmit(mi: ChainSource, index: number, st: MinstrelRateCounts): void {
  if (mi.probOf(index) < FRAC(1, 10)) {
    st.retryCount = 1;
    st.retryCountRts = 1;
    return;
  }
  st.retryCount = 2;
  st.retryCountRts = 2;
  st.retryUpdated = true;
  const o = mi.o;
  const slot = 9;
  let cw = o.cwMin;
  const dataUs = Math.trunc((mi.durationNs(index) * TRUNC(mi.avgAmpduLen)) / 1000);
  let ctime = (slot * cw) >> 1;
  cw = Math.min((cw << 1) | 1, o.cwMax);
  ctime += (slot * cw) >> 1;
  cw = Math.min((cw << 1) | 1, o.cwMax);
  let tx = ctime + 2 * (mi.overheadUs + dataUs);
  let txRts = ctime + 2 * (mi.overheadRtsUs + dataUs);
  do {
    ctime = (slot * cw) >> 1;
    cw = Math.min((cw << 1) | 1, o.cwMax);
    tx += ctime + mi.overheadUs + dataUs;
    txRts += ctime + mi.overheadRtsUs + dataUs;
    if (txRts < o.segmentSizeUs) st.retryCountRts++;
  } while (tx < o.segmentSizeUs && ++st.retryCount < o.maxRetry);
}

/** The chain of a sample frame: the sample rate once, then the normal chain. */
export function minstrelProbeChain(mi: ChainSource, sampleIndex: number): RateSeries[] {
  const probe: RateSeries = { rate: mi.rateOf(sampleIndex), count: 1, rts: false, index: sampleIndex };
  return [probe, ...mi.chain().slice(0, mi.o.maxRates - 1)];
}
