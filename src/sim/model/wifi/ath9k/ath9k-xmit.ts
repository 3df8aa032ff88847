/**
 * The transmit half of the ath9k driver model, drivers/net/wireless/ath/
 * ath9k/xmit.c: ath_txq_schedule (four flavours: mac80211's
 * ieee80211_next_txq, ath9k's own airtime deficits of v4.11–v5.0
 * (ath9k-airtime.ts), the v4.14–v5.0 driver round robin with airtime off,
 * and v4.8's, which the first iTXQ ath9k kept),
 * ath_tx_sched_aggr / ath_tx_form_burst, ath_tx_get_tid_subframe with its
 * BAW check, and the per-radio queue state they share.
 * Ath9k (ath9k.ts) adds the air side and TX completion.
 */
import { wlanFrameBytes } from '../mac80211/mac80211-fq';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { TID_TO_AC, type Ac, type PhyRate } from '../types';
import type { Mac80211, Txq } from '../mac80211/mac80211-txq';
import { AthTid } from './ath9k-tid';
import {
  AggregatePool,
  aggrLimitBytes,
  aggrTxopUs,
  chainLimitBytes,
  formAggregate,
  mpduBytesOf,
  type AthAggregate,
  type SubframeSource,
} from './ath9k-aggr';
import { heldFor } from './ath9k-occupancy';
import type { RateSeries } from '../mac80211/minstrel-ht';
import { AthAirtime } from './ath9k-airtime';
import { HwQueue, SCHED_NONE, SCHED_SENT, SCHED_STOP, type SchedResult } from './ath9k-hwq';
import type { Ath9kOptions, Ath9kStats } from './ath9k-options';
import { Hop } from '../../skb-trace';

const NO_TIDS: readonly null[] = [];

export abstract class Ath9kXmit implements SubframeSource {
  readonly stats: Ath9kStats = {
    transmissions: 0,
    mpdusSent: 0,
    mpdusAcked: 0,
    swRetries: 0,
    drops: 0,
    legacyDrops: 0,
  };
  /** One ath_txq per AC (sc->tx.txq_map). */
  protected readonly hwq = [new HwQueue(), new HwQueue(), new HwQueue(), new HwQueue()];
  protected readonly pool: AggregatePool;
  private readonly legacyTids = new Map<number, (AthTid | null)[]>();
  protected mac: Mac80211 | null = null;
  /** iTXQ with ieee80211_next_txq; false = the driver's own TID round robin (also legacy). */
  protected macScheduler = false;
  /** v4.11–v5.0 ath9k's own airtime scheduler (scheduler 'airtime'), else null. */
  protected airtime: AthAirtime | null = null;
  protected nowNs: Ns = 0;
  protected bufFrames = 0;
  protected retryFrames = 0;
  protected hwFrames = 0;
  /** The transmission on the air (still at its hardware queue's head). */
  protected onAir: AthAggregate | null = null;
  /** 802.11 frame bytes the driver holds, from the pull (or ath_tx_start) to the TX status flush. */
  protected heldBytes = 0;
  constructor(protected readonly opts: Ath9kOptions) {
    this.pool = new AggregatePool(Math.max(1, opts.bawSize >> 1));
  }

  /** Something was added to a hardware queue: the medium may have a new contender. */
  protected abstract kickMedium(): void;

  /** ath_txq_schedule(), guarded against re-entry from hooks (the kernel holds the txq lock). */
  protected txqSchedule(ac: Ac, nowNs: Ns): void {
    const q = this.hwq[ac];
    this.nowNs = nowNs;
    if (q.locked) {
      q.rerun = true;
      return;
    }
    q.locked = true;
    do {
      q.rerun = false;
      if (this.macScheduler) this.scheduleItxq(ac, nowNs);
      else if (this.airtime !== null) this.scheduleAirtime(ac);
      else if (this.mac !== null && this.opts.scheduler !== 'rotating') this.scheduleDriverItxq(q);
      else this.scheduleRoundRobin(q);
    } while (q.rerun);
    q.locked = false;
  }

  /** v5.x: one ath_tx_sched_aggr per txq that ieee80211_next_txq hands out this round. */
  private scheduleItxq(ac: Ac, nowNs: Ns): void {
    const mac = this.mac!;
    mac.scheduleStart(ac);
    for (let txq = mac.nextTxq(ac, nowNs); txq !== null; txq = mac.nextTxq(ac, nowNs)) {
      const tid = this.tidFor(txq);
      this.schedAggr(tid);
      mac.returnTxq(txq, nowNs, tid.retryQ.length > 0);
    }
    mac.scheduleEnd(ac);
  }

  /** v4.11–v5.0 with airtime fairness: ath9k's acq_new/acq_old and per-station deficits. */
  private scheduleAirtime(ac: Ac): void {
    this.airtime!.schedule(
      ac,
      (tid) => tid.hasBuffered(),
      (tid) => this.schedAggr(tid) === SCHED_SENT,
    );
  }

  /** ath_tx_queue_tid(): onto the driver's schedule (its airtime lists, or the TID round robin). */
  protected queueTidDriver(tid: AthTid): void {
    if (this.airtime !== null) this.airtime.queueTid(tid);
    else this.hwq[tid.ac].queueTid(tid);
  }

  /**
   * v4.14–v5.0 iTXQ without airtime fairness (acq_new/acq_old): the head TID
   * is served and moved to the tail until one cannot send (hardware queue
   * full, or its BAW is closed); that one stays at the head, so it gets
   * the next free slot.
   */
  private scheduleDriverItxq(q: HwQueue): void {
    for (let tid = q.peekTid(); tid !== null; tid = q.peekTid()) {
      if (!tid.hasBuffered()) {
        q.popTid();
        continue;
      }
      if (this.schedAggr(tid) !== SCHED_SENT) return;
      q.popTid();
      q.queueTid(tid);
    }
  }

  /**
   * v4.8 (legacy, and iTXQ until v4.13): round robin over TIDs with frames
   * until the hardware queue is full or a pass sends nothing. A TID that hits
   * the full queue goes to the tail too, so each call while full (every
   * ath_tx_start / ath9k_wake_tx_queue) rotates the order.
   */
  private scheduleRoundRobin(q: HwQueue): void {
    for (;;) {
      let sent = false;
      for (let n = q.tidCount; n > 0; n--) {
        const tid = q.popTid();
        if (tid === null) break;
        const r = this.schedAggr(tid);
        if (tid.hasBuffered()) q.queueTid(tid);
        if (r === SCHED_STOP) return;
        if (r === SCHED_SENT) sent = true;
      }
      if (!sent) return;
    }
  }

  /** ath_tx_sched_aggr(): one aggregate (or a burst of two single frames) into the hardware queue. */
  private schedAggr(tid: AthTid): SchedResult {
    const first = this.getSubframe(tid);
    if (first === null) return SCHED_NONE;
    const q = this.hwq[tid.ac];
    const aggr = this.aggregates(tid.dst);
    if (
      (aggr && q.ampduDepth >= this.opts.minAggrQdepth) ||
      (!aggr && q.depth >= this.opts.nonAggrMinQdepth)
    ) {
      this.putBack(tid, first);
      return SCHED_STOP;
    }
    // ath_set_rates(): the station's rate table now, or the probe's rate first.
    const rc = this.opts.rateControl?.(tid.dst) ?? null;
    const probeIndex = rc === null ? -1 : first.rcProbeIndex;
    const isProbe = probeIndex >= 0;
    if (isProbe) first.rcProbeIndex = -1;
    const chain = rc === null ? null : isProbe ? rc.probeChain(probeIndex) : rc.chain();
    const rate = chain === null ? this.opts.rateFor(tid.dst) : chain[0].rate;
    if (aggr) {
      const agg = this.pool.get();
      agg.reset(tid, rate);
      agg.chain = chain;
      const txop = aggrTxopUs(tid.ac, this.opts.txopUs);
      // ath_lookup_rate: a probe is not aggregated; otherwise the slowest series sets the limit.
      const limit = isProbe
        ? 0
        : chain === null
          ? aggrLimitBytes(rate, txop, this.opts.maxAmpduBytes)
          : this.chainLimit(tid.dst, chain, txop);
      formAggregate(this, tid, first, agg, limit);
      this.queueHw(q, agg);
    } else {
      // ath_tx_form_burst(): up to two single frames, each its own descriptor chain.
      this.queueSingle(q, tid, rate, first);
      // A probe keeps its own rates: it leads the next burst instead (assumed; the
      // kernel sets each frame's rates, ath_set_rates, within the burst).
      const second = this.getSubframe(tid);
      if (second !== null && second.rcProbeIndex >= 0) this.putBack(tid, second);
      else if (second !== null) this.queueSingle(q, tid, rate, second);
    }
    return SCHED_SENT;
  }

  /**
   * chainLimitBytes of a station's chain, kept while minstrel_ht hands out
   * the same chain object (it builds a new one when its rates change).
   */
  private chainLimit(dst: number, chain: readonly RateSeries[], txopUs: number): number {
    let m = this.chainLimits.get(dst);
    if (m === undefined) {
      m = { chain: null, txopUs: 0, bytes: 0 };
      this.chainLimits.set(dst, m);
    }
    if (m.chain !== chain || m.txopUs !== txopUs) {
      m.chain = chain;
      m.txopUs = txopUs;
      m.bytes = chainLimitBytes(chain, txopUs, this.opts.maxAmpduBytes);
    }
    return m.bytes;
  }
  private readonly chainLimits = new Map<
    number,
    { chain: readonly RateSeries[] | null; txopUs: number; bytes: number }
  >();

  /** A TID aggregates when the driver does and the station is HT (a legacy station has no BlockAck session). */
  protected aggregates(dst: number): boolean {
    let a = this.aggrByDst.get(dst);
    if (a === undefined) {
      a = this.opts.aggregation && this.opts.rateFor(dst).mode !== 'legacy';
      this.aggrByDst.set(dst, a);
    }
    return a;
  }
  private readonly aggrByDst = new Map<number, boolean>();

  /** minstrel_ht_get_rate() for a frame leaving mac80211 (ieee80211_tx_h_rate_ctrl). */
  protected rateControlFrame(dst: number, skb: Skb): void {
    const rc = this.opts.rateControl?.(dst) ?? null;
    if (rc === null) return;
    const index = rc.getRate();
    if (index >= 0) skb.rcProbeIndex = index;
  }

  isProbe(skb: Skb): boolean {
    return skb.rcProbeIndex >= 0;
  }

  private queueSingle(q: HwQueue, tid: AthTid, rate: PhyRate, skb: Skb): void {
    const agg = this.pool.get();
    agg.reset(tid, rate);
    agg.skbs[0] = skb;
    agg.n = 1;
    agg.psduBytes = mpduBytesOf(skb);
    this.queueHw(q, agg);
  }

  /** ath_tx_txqaddbuf(): append to the hardware queue and let the medium know. */
  private queueHw(q: HwQueue, agg: AthAggregate): void {
    q.append(agg);
    this.hwFrames += agg.n;
    this.kickMedium();
  }

  /** ath_tx_get_tid_subframe(). */
  getSubframe(tid: AthTid): Skb | null {
    let firstOutside: Skb | null = null;
    for (;;) {
      const skb = this.takeFrame(tid);
      if (skb === null || !this.aggregates(tid.dst)) return skb;
      if (tid.bawWithin(skb.seqno80211)) {
        tid.addToBaw(skb.seqno80211);
        return skb;
      }
      // Do not step over the BAW. iTXQ: other retry_q frames are
      // probably inside it, so cycle through them once before giving up.
      this.putBack(tid, skb);
      if (tid.txq === null || tid.retryQ.length <= 1 || skb === firstOutside) return null;
      firstOutside ??= skb;
    }
  }

  /** ath_tid_dequeue(): retry_q head, else a new frame, numbered by ath_tx_setup_buffer. */
  private takeFrame(tid: AthTid): Skb | null {
    let skb = tid.retryQ.shift();
    tid.lastFromRetry = skb !== null;
    if (skb !== null) {
      this.retryFrames--;
      return skb;
    }
    if (tid.bufHeadNumbered) {
      tid.bufHeadNumbered = false;
      this.bufFrames--;
      return tid.bufQ!.shift()!;
    }
    skb = this.pullNew(tid);
    if (skb === null) return null;
    skb.seqno80211 = tid.seqNext;
    tid.seqNext = (tid.seqNext + 1) & 4095;
    skb.retries = 0;
    return skb;
  }

  /**
   * A frame taken but not sent. v4.16+ (iTXQ) queues it at the retry_q tail
   * (__skb_queue_tail in ath_tx_sched_aggr / ath_tx_form_aggr); v4.8 only
   * peeked, so it stays at the head of the queue it came from.
   */
  putBack(tid: AthTid, skb: Skb): void {
    if (tid.txq !== null) {
      this.toRetryTail(tid, skb);
    } else if (tid.lastFromRetry) {
      tid.retryQ.unshift(skb);
      this.retryFrames++;
    } else {
      tid.bufQ!.unshift(skb);
      tid.bufHeadNumbered = true;
      this.bufFrames++;
    }
  }

  /** Onto the retry_q tail; the frame stops counting as AQL airtime queued in hardware. */
  protected toRetryTail(tid: AthTid, skb: Skb): void {
    tid.retryQ.push(skb);
    this.retryFrames++;
    this.mac?.aqlRelease(skb);
  }

  private pullNew(tid: AthTid): Skb | null {
    if (tid.txq !== null) {
      const pulled = this.mac!.txDequeue(tid.txq, this.nowNs);
      if (pulled !== null) {
        this.rateControlFrame(tid.dst, pulled);
        this.heldBytes += wlanFrameBytes(pulled);
        if (pulled.trace !== null) pulled.trace.hop(Hop.HW_QUEUE, this, this.nowNs);
      }
      return pulled;
    }
    const skb = tid.bufQ!.shift();
    if (skb !== null) this.bufFrames--;
    return skb;
  }

  protected tidFor(txq: Txq): AthTid {
    let tid = txq.drv as AthTid | null;
    if (tid === null) {
      tid = new AthTid(txq.sta, txq.tid, txq.ac, this.opts.bawSize, txq);
      txq.drv = tid;
    }
    return tid;
  }

  protected legacyTid(dst: number, tidno: number): AthTid {
    let tids = this.legacyTids.get(dst);
    if (tids === undefined) {
      tids = [null, null, null, null, null, null, null, null];
      this.legacyTids.set(dst, tids);
    }
    let tid = tids[tidno];
    if (tid === null) {
      tid = new AthTid(dst, tidno, TID_TO_AC[tidno], this.opts.bawSize, null);
      tids[tidno] = tid;
    }
    return tid;
  }

  hwQueueFrames(): number {
    return this.hwFrames;
  }

  retryQueueFrames(): number {
    return this.retryFrames;
  }

  /** Frames the driver holds for `dst` (not the one on the air), or their bytes: see heldFor. */
  framesFor(dst: number): number {
    return this.held(dst, false);
  }
  bytesFor(dst: number): number {
    return this.held(dst, true);
  }

  private held(dst: number, bytes: boolean): number {
    const txqs = this.mac?.txqsOf(dst) ?? NO_TIDS;
    return heldFor(this.legacyTids.get(dst) ?? NO_TIDS, txqs, this.hwq, this.onAir, dst, bytes);
  }
}
