/**
 * ath9k A-MPDU formation (drivers/net/wireless/ath/ath9k/xmit.c:
 * ath_lookup_rate, ath_update_max_aggr_framelen, ath_tx_form_aggr) and the
 * hardware-queue entry it produces (a chain of ath_buf with bf_lastbf).
 */
import type { Skb } from '../../skb';
import { EDCA_DEFAULT, ampduSubframeBytes, maxPsduBytesForAirtime, mpduBytes } from '../phy/phy';
import type { Ac, PhyRate } from '../types';
import type { RateSeries } from '../mac80211/minstrel-ht';
import type { AthTid } from './ath9k-tid';

/** ATH_AMPDU_LIMIT_MAX (hw.h): the 16-bit aggregate length field. */
export const ATH_AMPDU_LIMIT_MAX = 65535;
/** ath_update_max_aggr_framelen(): "4ms is the default (and maximum) duration". */
export const ATH_MAX_TXOP_US = 4096;
const ETH_HDR_BYTES = 14;

/** fi->framelen: the MPDU (802.11 header, LLC/SNAP, IP packet, FCS) for one segment. */
export function mpduBytesOf(skb: Skb): number {
  return mpduBytes(skb.l2Bytes - skb.segs * ETH_HDR_BYTES);
}

/** The TXOP ath9k sizes aggregates for: the AC's TXOP, or 4096 µs when it is 0 or larger. */
export function aggrTxopUs(ac: Ac, beTxopUs: number): number {
  const t = ac === 2 || ac === 3 ? beTxopUs : EDCA_DEFAULT[ac].txopUs;
  return t <= 0 || t > ATH_MAX_TXOP_US ? ATH_MAX_TXOP_US : t;
}

/**
 * ath_lookup_rate(): the aggregate byte limit, the smallest of
 * max_aggr_framelen (ath_max_framelen for the TXOP), ATH_AMPDU_LIMIT_MAX and
 * the peer's maximum A-MPDU length.
 */
export function aggrLimitBytes(rate: PhyRate, txopUs: number, peerMaxAmpduBytes: number): number {
  return Math.min(maxPsduBytesForAirtime(rate, txopUs), ATH_AMPDU_LIMIT_MAX, peerMaxAmpduBytes);
}

/** ath_lookup_rate(): the byte limit over every series of the chain (the slowest rate sets it). */
export function chainLimitBytes(
  chain: readonly RateSeries[],
  txopUs: number,
  peerMaxAmpduBytes: number,
): number {
  let limit = ATH_AMPDU_LIMIT_MAX;
  for (const s of chain) limit = Math.min(limit, aggrLimitBytes(s.rate, txopUs, peerMaxAmpduBytes));
  return limit;
}

/** One hardware-queue entry: an A-MPDU, a lone MPDU of a BA session, or a non-aggregated frame. */
export class AthAggregate {
  readonly skbs: Skb[];
  /** 1 = acknowledged in the BlockAck (or by the ACK). */
  readonly acked: Uint8Array;
  n = 0;
  /** `al` of ath_tx_form_aggr: PSDU length with delimiters and padding (a lone MPDU: its length). */
  psduBytes = 0;
  /** BUF_AMPDU: part of a block-ack session (software retries, counted in axq_ampdu_depth). */
  isAmpdu = false;
  /** BUF_AGGR: more than one subframe, answered by a BlockAck. */
  isAggr = false;
  rate: PhyRate | null = null;
  /** The rate series of this entry (minstrel_ht's chain, or a probe's), null for a pinned rate. */
  chain: readonly RateSeries[] | null = null;
  /** Transmissions made at each series (the TX status's rates[i].count). */
  readonly seriesTries = new Uint8Array(4);
  /** The series the next transmission uses. */
  series = 0;
  tid: AthTid | null = null;
  dst = 0;
  ac: Ac = 2;
  /** Transmissions so far (hardware retries of non-aggregated frames). */
  tries = 0;
  /** PPDU duration of one transmission. */
  ppduNs = 0;
  /** ts->duration · tries: the airtime reported at TX status. */
  airtimeNs = 0;
  /** Hardware queue / free-list link. */
  next: AthAggregate | null = null;

  constructor(capacity: number) {
    this.skbs = new Array<Skb>(capacity);
    this.acked = new Uint8Array(capacity);
  }

  reset(tid: AthTid, rate: PhyRate): void {
    this.n = 0;
    this.psduBytes = 0;
    this.isAmpdu = false;
    this.isAggr = false;
    this.rate = rate;
    this.chain = null;
    this.seriesTries.fill(0);
    this.series = 0;
    this.tid = tid;
    this.dst = tid.dst;
    this.ac = tid.ac;
    this.tries = 0;
    this.ppduNs = 0;
    this.airtimeNs = 0;
    this.next = null;
  }

  /** Drops skb references so freed frames are not kept alive by the pool. */
  clear(): void {
    for (let i = 0; i < this.n; i++) this.skbs[i] = undefined as unknown as Skb;
    this.n = 0;
    this.tid = null;
  }
}

/** A free list of aggregates, so forming one allocates nothing in steady state. */
export class AggregatePool {
  private free: AthAggregate | null = null;

  constructor(private readonly capacity: number) {}

  get(): AthAggregate {
    const a = this.free;
    if (a === null) return new AthAggregate(this.capacity);
    this.free = a.next;
    a.next = null;
    return a;
  }

  put(a: AthAggregate): void {
    a.clear();
    a.next = this.free;
    this.free = a;
  }
}

/** ath_tx_get_tid_subframe(): the next frame for the TID (retry_q first), inside the BAW; null if none. */
export interface SubframeSource {
  getSubframe(tid: AthTid): Skb | null;
  /** A frame taken but not sent goes back to the TID. */
  putBack(tid: AthTid, skb: Skb): void;
  /** The frame carries IEEE80211_TX_CTL_RATE_CTRL_PROBE (minstrel_ht chose it as a sample). */
  isProbe(skb: Skb): boolean;
}

/**
 * ath_tx_form_aggr(): add subframes while the running length (with the
 * previous subframe's padding) plus this delimiter and MPDU stays within
 * `limitBytes` and fewer than half the BAW are in. A frame that does not fit
 * is put back, and so is a rate-control probe: the kernel tests each frame's
 * IEEE80211_TX_CTL_RATE_CTRL_PROBE as it is pulled, so a probe pulled in the
 * middle of forming ends the aggregate and goes alone next. A lone frame is
 * sent without a delimiter (bf_type BUF_AMPDU).
 */
export function formAggregate(
  src: SubframeSource,
  tid: AthTid,
  first: Skb,
  agg: AthAggregate,
  limitBytes: number,
): void {
  const hBaw = Math.min(tid.bawSize >> 1, agg.skbs.length);
  let al = 0;
  let bpad = 0;
  let skb: Skb | null = first;
  while (skb !== null) {
    const mpdu = mpduBytesOf(skb);
    const delta = ampduSubframeBytes(mpdu, true);
    // A rate-control probe goes alone: the aggregate stops in front of it.
    if (agg.n > 0 && (limitBytes < al + bpad + delta || agg.n >= hBaw || src.isProbe(skb))) {
      src.putBack(tid, skb);
      break;
    }
    al += bpad + delta;
    bpad = ampduSubframeBytes(mpdu, false) - delta;
    agg.skbs[agg.n++] = skb;
    skb = src.getSubframe(tid);
  }
  agg.isAmpdu = true;
  agg.isAggr = agg.n > 1;
  agg.psduBytes = agg.isAggr ? al : mpduBytesOf(first);
}
