/**
 * One ath9k radio (AP or station) as a contender on the shared medium,
 * drivers/net/wireless/ath/ath9k/xmit.c:
 * - per AC a hardware queue (struct ath_txq) that takes new aggregates only
 *   while fewer than ATH_AGGR_MIN_QDEPTH A-MPDUs (or ATH_NON_AGGR_MIN_QDEPTH
 *   single frames) are in it (ath_tx_sched_aggr);
 * - ath_txq_schedule() builds aggregates from the TID retry queue first, then
 *   from the mac80211 txq (iTXQ, v4.10+) or the TID buf_q (legacy, ≤ v4.9,
 *   fed by ath_tx_start with the txq_max_pending stop/wake of the netdev queue).
 *   TIDs are picked by mac80211's airtime DRR (v5.1+), by the driver's own
 *   airtime deficits (v4.11–v5.0, ath9k-airtime.ts) or its round robin (v4.8
 *   legacy, or v4.14–v5.0 without airtime fairness);
 * - TX status arrives txStatusDelayNs after the exchange (interrupt + tasklet):
 *   ath_tx_process_buffer → ath_tx_complete_aggr → ath_txq_schedule, so an
 *   aggregate is formed from whatever is queued when a slot frees up.
 * All ACs contend with the BE EDCA parameters on one contender; the highest
 * non-empty AC goes first (internal collision resolution).
 */
import { wlanFrameBytes } from '../mac80211/mac80211-fq';
import { aggFrameBytes } from './ath9k-occupancy';
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import type { Rng } from '../../../engine/rng';
import type { Skb } from '../../skb';
import { AC, TID_TO_AC, type Ac, type Contender, type PhyRate, type TxopRecord } from '../types';
import { EDCA_DEFAULT, ppduDurationNs } from '../phy/phy';
import { FixedMpduLoss, linkLoss, type MpduLoss } from '../phy/link-error';
import { protectionNs, responseNs } from './ath9k-air';
import type { Mac80211, Mac80211Driver, Txq } from '../mac80211/mac80211-txq';
import { mpduBytesOf, type AthAggregate } from './ath9k-aggr';
import { Ath9kXmit } from './ath9k-xmit';
import { AthAirtime } from './ath9k-airtime';
import { ATH_TXMAXTRY, type Ath9kHooks, type Ath9kMedium, type Ath9kOptions } from './ath9k-options';

export {
  ATH_MAX_QDEPTH,
  ATH_TXMAXTRY,
  ath9kDefaults,
  type Ath9kHooks,
  type Ath9kMedium,
  type Ath9kOptions,
  type Ath9kStats,
} from './ath9k-options';
import { Hop } from '../../skb-trace';

const EV_STATUS = 1;

/** A test's or old caller's frame error rate by rate, as a loss model (scaled by length from a full frame). */
class RateFer implements MpduLoss {
  readonly lossless = false;
  private readonly byFer = new Map<number, FixedMpduLoss>();
  constructor(private readonly fer: (rate: PhyRate) => number) {}
  probability(rate: PhyRate, mpduBytes: number): number {
    const f = this.fer(rate);
    let m = this.byFer.get(f);
    if (m === undefined) {
      m = new FixedMpduLoss(f);
      this.byFer.set(f, m);
    }
    return f >= 1 ? 1 : m.probability(rate, mpduBytes);
  }
}

export class Ath9k extends Ath9kXmit implements Contender, EventTarget, Mac80211Driver {
  readonly node: number;
  readonly edca = EDCA_DEFAULT[AC.BE];
  private readonly hwMaxTries: number;
  private wakeFn: ((nowNs: Ns) => void) | null = null;
  /** txq->complete_q: frames whose status is reported after scheduling (processStatus). */
  private readonly doneSkbs: (Skb | null)[] = [];
  private readonly doneOk: number[] = [];
  /** Entries in use (the arrays keep their storage between batches). */
  private doneN = 0;
  private doneFlushed = 0;

  constructor(
    private readonly sim: Sim,
    private readonly rng: Rng,
    private readonly medium: Ath9kMedium,
    opts: Ath9kOptions,
    private readonly hooks: Ath9kHooks,
  ) {
    super(opts);
    this.node = opts.node;
    this.hwMaxTries = opts.hwMaxTries ?? ATH_TXMAXTRY;
    medium.register(this);
  }

  protected kickMedium(): void {
    this.medium.kick(this);
  }

  /** iTXQ mode: pull from this mac80211 instance. */
  attach(mac: Mac80211): void {
    if (this.opts.mode !== 'itxq') throw new Error('ath9k: attach() is for iTXQ mode');
    this.mac = mac;
    const scheduler = this.opts.scheduler ?? (mac.airtimeFairness ? 'mac80211' : 'driver');
    this.macScheduler = scheduler === 'mac80211';
    if (scheduler === 'airtime') this.airtime = new AthAirtime();
    mac.setDriver(this);
  }

  /** ath9k_wake_tx_queue(): (driver round robin: ath_tx_queue_tid first) then ath_txq_schedule. */
  wakeTxQueue(txq: Txq, nowNs: Ns): void {
    if (!this.macScheduler) this.queueTidDriver(this.tidFor(txq));
    this.txqSchedule(txq.ac, nowNs);
  }

  // ---- legacy netdev side (ath9k_tx → ath_tx_start, v4.8) ----

  /** The netdev subqueue of `ac` is stopped (ieee80211_stop_queue). */
  queueStopped(ac: Ac = AC.BE): boolean {
    return this.hwq[ac].stopped;
  }

  setWake(fn: (nowNs: Ns) => void): void {
    this.wakeFn = fn;
  }

  /** ath_tx_start(): count pending, stop the queue past txq_max_pending, queue on the TID, schedule. */
  xmit(skb: Skb, nowNs: Ns): void {
    if (this.opts.mode !== 'legacy') throw new Error('ath9k: xmit() is for legacy mode; use Mac80211.xmit');
    const tidno = skb.priority & 7;
    const q = this.hwq[TID_TO_AC[tidno]];
    if (++q.pendingFrames > this.opts.legacyMaxPending && !q.stopped) q.stopped = true;
    const tid = this.legacyTid(skb.dst, tidno);
    skb.enqueueNs = nowNs;
    tid.bufQ!.push(skb);
    this.bufFrames++;
    this.heldBytes += wlanFrameBytes(skb);
    this.rateControlFrame(skb.dst, skb);
    q.queueTid(tid);
    this.txqSchedule(tid.ac, nowNs);
  }

  /** Frames the driver holds until their TX status: buf_q + retry_q + hardware queue (+ complete_q). */
  driverQueueFrames(): number {
    return this.bufFrames + this.retryFrames + this.hwFrames + (this.doneN - this.doneFlushed);
  }

  /** Their 802.11 frame bytes, less the transmission on the air (the air layer shows it). */
  driverQueueBytes(): number {
    return this.heldBytes - (this.onAir === null ? 0 : aggFrameBytes(this.onAir));
  }

  /** Frames of the transmission on the air now (0 when none). */
  onAirFrames(): number {
    return this.onAir?.n ?? 0;
  }

  /** Hardware-queue entries of an AC (axq_depth) and A-MPDUs among them (axq_ampdu_depth). */
  hwDepth(ac: Ac = AC.BE): { depth: number; ampduDepth: number } {
    return { depth: this.hwq[ac].depth, ampduDepth: this.hwq[ac].ampduDepth };
  }

  // ---- the air ----

  hasPending(): boolean {
    if (this.onAir !== null) return false;
    for (let ac = 0; ac < 4; ac++) if (this.hwq[ac].head !== null) return true;
    return false;
  }

  startTxop(nowNs: Ns): { airtimeNs: Ns; record: TxopRecord } {
    let agg: AthAggregate | null = null;
    for (let ac = 0; ac < 4 && agg === null; ac++) agg = this.hwq[ac].head;
    if (agg === null || this.onAir !== null) throw new Error('ath9k: startTxop without a pending frame');
    this.onAir = agg;
    const band = this.opts.band;
    // The series of this try: the hardware walks the rate chain on failures.
    const series = agg.chain === null ? null : agg.chain[agg.series];
    const rate = series === null ? agg.rate! : series.rate;
    agg.ppduNs = ppduDurationNs(agg.psduBytes, rate);
    const protNs = protectionNs(rate, series?.rts === true, this.opts.erpProtection === true, band);
    agg.airtimeNs += protNs + agg.ppduNs;
    const airtimeNs = protNs + agg.ppduNs + responseNs(rate, agg.isAggr, band);
    this.stats.transmissions++;
    this.stats.mpdusSent += agg.n;
    this.hooks.onAggregate(agg.n, agg.psduBytes, agg.dst, nowNs);
    this.hooks.onTx?.(agg.skbs, agg.n, agg, nowNs);
    for (let i = 0; i < agg.n; i++) {
      const tr = agg.skbs[i]!.trace;
      if (tr !== null) tr.hop(Hop.WIRE, this, nowNs);
    }
    const record: TxopRecord = {
      startNs: nowNs,
      endNs: nowNs + airtimeNs,
      node: this.node,
      peer: agg.dst,
      nframes: agg.n,
      bytes: agg.psduBytes,
      collided: false,
    };
    return { airtimeNs, record };
  }

  endTxop(nowNs: Ns, collided: boolean): void {
    const agg = this.onAir;
    if (agg === null) return;
    this.onAir = null;
    agg.tries++;
    const chain = agg.chain;
    const rate = chain === null ? agg.rate! : chain[agg.series].rate;
    if (chain !== null) agg.seriesTries[agg.series]++;
    const loss = collided ? null : this.lossTo(agg.dst);
    let nAcked = 0;
    for (let i = 0; i < agg.n; i++) {
      const tr = agg.skbs[i].trace;
      if (tr !== null) tr.hop(Hop.WIRE_END, this, nowNs);
      let ok = !collided;
      if (ok && loss !== null && !loss.lossless) {
        const p = loss.probability(rate, mpduBytesOf(agg.skbs[i]));
        ok = p <= 0 || this.rng.next() >= p;
      }
      agg.acked[i] = ok ? 1 : 0;
      if (ok) nAcked++;
    }
    if (!collided) {
      if (nAcked > 0) this.medium.reportSuccess(this);
      else this.medium.reportFailure(this);
    }
    const q = this.hwq[agg.ac];
    if (!this.hwRetry(agg, nAcked)) {
      q.shift();
      this.sim.after(this.opts.txStatusDelayNs, this, EV_STATUS, agg);
    }
    this.stats.mpdusAcked += nAcked;
    for (let i = 0; i < agg.n; i++) if (agg.acked[i] === 1) this.hooks.deliver(agg.skbs[i], nowNs);
    if (this.hasPending()) this.medium.kick(this);
  }

  /**
   * Whether the hardware sends the entry again before any status: with a
   * rate chain, while no frame got through (no ACK, or no BlockAck) and a
   * series has tries left, moving to the next series when one is used up;
   * with a pinned rate, a non-aggregated frame up to ATH_TXMAXTRY times.
   */
  private hwRetry(agg: AthAggregate, nAcked: number): boolean {
    if (nAcked > 0) return false;
    const chain = agg.chain;
    if (chain === null) return !agg.isAmpdu && agg.tries < this.hwMaxTries;
    if (agg.seriesTries[agg.series] >= chain[agg.series].count) agg.series++;
    return agg.series < chain.length;
  }

  private readonly links = new Map<number, MpduLoss>();

  /** The loss model of the link to `dst` (the scenario's, or the pinned frame error rate of the options). */
  private lossTo(dst: number): MpduLoss | null {
    let l = this.links.get(dst);
    if (l === undefined) {
      const fer = this.opts.frameErrorRate;
      l = this.opts.loss?.(dst) ?? (fer === undefined ? linkLoss(null, 0) : new RateFer(fer));
      this.links.set(dst, l);
    }
    return l;
  }

  // ---- TX completion ----

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_STATUS) this.processStatus(arg as AthAggregate, nowNs);
  }

  /**
   * ath_tx_process_buffer(): release the hardware slot, count airtime, sort
   * the frames (done / retry), schedule the next aggregate, and only then
   * hand TX status to mac80211 (ath_txq_unlock_complete runs the complete_q
   * after ath_txq_schedule), so frees and the wakes they cause see the
   * hardware queue already refilled.
   */
  private processStatus(agg: AthAggregate, nowNs: Ns): void {
    const ac = agg.ac;
    const q = this.hwq[ac];
    this.nowNs = nowNs;
    q.release(agg);
    this.hwFrames -= agg.n;
    this.reportRates(agg, nowNs);
    this.mac?.registerAirtime(agg.dst, ac, agg.airtimeNs);
    if (this.airtime !== null && agg.tid !== null) this.airtime.countAirtime(agg.tid, agg.airtimeNs / 1000);
    if (agg.isAmpdu) this.completeAggr(agg, nowNs);
    else this.queueCompletion(agg.skbs[0], agg.acked[0] === 1);
    this.pool.put(agg);
    this.txqSchedule(ac, nowNs);
    this.flushCompletions(ac, nowNs);
    // A driver that opts into AQL must schedule again once TX status has
    // released pending airtime, or an AQL-blocked txq waits for the next packet.
    if (this.mac?.aqlEnabled) this.txqSchedule(ac, nowNs);
  }

  /** ath_tx_rc_status(): minstrel_ht learns the tries per series and the frames acknowledged. */
  private reportRates(agg: AthAggregate, nowNs: Ns): void {
    if (agg.chain === null) return;
    const rc = this.opts.rateControl?.(agg.dst) ?? null;
    if (rc === null) return;
    let acked = 0;
    for (let i = 0; i < agg.n; i++) acked += agg.acked[i];
    rc.txStatus(agg.chain, agg.seriesTries, agg.n, acked, nowNs);
  }

  /** ath_tx_complete_aggr(): acked → done; failed → retry_q tail in order, or give up (BAR slides the BAW). */
  private completeAggr(agg: AthAggregate, nowNs: Ns): void {
    const tid = agg.tid!;
    let requeued = false;
    for (let i = 0; i < agg.n; i++) {
      const skb = agg.skbs[i];
      if (agg.acked[i] === 1) {
        tid.updateBaw(skb.seqno80211);
        this.queueCompletion(skb, true);
      } else if (skb.retries < this.opts.maxSwRetries) {
        skb.retries++;
        this.stats.swRetries++;
        this.toRetryTail(tid, skb);
        requeued = true;
      } else {
        tid.updateBaw(skb.seqno80211);
        this.queueCompletion(skb, false);
      }
    }
    if (requeued) {
      // ath_tx_queue_tid(): back on the schedule
      if (this.macScheduler) this.mac!.returnTxq(tid.txq!, nowNs, true);
      else this.queueTidDriver(tid);
    }
  }

  /** ath_tx_complete(): onto txq->complete_q. */
  private queueCompletion(skb: Skb, ok: boolean): void {
    if (!ok) this.stats.drops++;
    this.doneSkbs[this.doneN] = skb;
    this.doneOk[this.doneN] = ok ? 1 : 0;
    this.doneN++;
  }

  /** ath_txq_unlock_complete(): TX status to mac80211 (iTXQ) or skb_done + free (legacy). */
  private flushCompletions(ac: Ac, nowNs: Ns): void {
    const skbs = this.doneSkbs;
    const oks = this.doneOk;
    const q = this.hwq[ac];
    for (let i = 0; i < this.doneN; i++) {
      const skb = skbs[i]!;
      const ok = oks[i] === 1;
      this.doneFlushed = i + 1;
      this.heldBytes -= wlanFrameBytes(skb);
      if (this.mac !== null) {
        this.mac.txStatus(skb, ok, 0, nowNs);
        continue;
      }
      // ath_txq_skb_done(): the netdev queue wakes once below txq_max_pending
      if (q.pendingFrames > 0) q.pendingFrames--;
      if (!ok) this.stats.legacyDrops++;
      this.hooks.free(skb, nowNs);
      if (q.stopped && q.pendingFrames < this.opts.legacyMaxPending) {
        q.stopped = false;
        this.wakeFn?.(nowNs);
      }
    }
    for (let i = 0; i < this.doneN; i++) skbs[i] = null;
    this.doneN = 0;
    this.doneFlushed = 0;
  }
}
