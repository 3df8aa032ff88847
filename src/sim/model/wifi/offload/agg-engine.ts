/**
 * A MAC that aggregates by itself: the firmware of ath10k (QCA988x/6174/9984)
 * and the hardware of mt76 (MT7915's PLE queues) hold frames per station and
 * TID, build A-MSDUs inside A-MPDUs when they win the medium, and retry
 * what the BlockAck does not cover. The host only learns the outcome later,
 * in the driver's own completion messages (../ath10k, ../mt76). Closed code
 * in both cases: what is modelled follows what their host messages and
 * documented limits show, and each driver's options name the assumptions.
 *
 * - Queues: one per (receiver, TID), FIFO; the MAC serves the queues with
 *   data in turn, one A-MPDU per TXOP (BE's TXOP limit is 0), retries first.
 * - An MPDU is an A-MSDU of up to maxAmsduSubframes packets of one queue,
 *   at most maxAmsduBytes long (the receiver's maximum MPDU length).
 * - An A-MPDU holds MPDUs while: at most maxSubframes of them, all inside the
 *   BlockAck window from its oldest unacknowledged sequence number, the PSDU
 *   within maxAmpduBytes, and the PPDU within maxPpduNs (../phy/vht-he.ts);
 *   its building is ./ampdu-build.ts.
 * - The exchange is PPDU + SIFS + compressed BlockAck at the basic rate; each
 *   MPDU is lost with the length-scaled error probability (every one in a
 *   collision); a lost MPDU is sent again until maxTries transmissions.
 * - Each MPDU whose fate is final is reported in `done` (acknowledged or
 *   given up) after the exchange; delivered ones reach the receiver at its
 *   end, heading their A-MSDU (skb.amsduNext), in sequence-number order.
 */
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { Hop } from '../../skb-trace';
import { bandTiming, EDCA_DEFAULT, legacyDurationNs } from '../phy/phy';
import type { MpduLoss } from '../phy/link-error';
import type { RateSeries } from '../mac80211/minstrel-ht';
import type { MinstrelRc } from '../mac80211/minstrel-rc';
import { blockAckBytes } from '../phy/vht-he';
import { AC, type Band, type Contender, type PhyRate, type TxopRecord } from '../types';
import { buildAmpdu, Mpdu, ppduNs, TidQueue } from './ampdu-build';

export interface AggEngineOptions {
  node: number;
  band: Band;
  rateTo(dst: number): PhyRate;
  /** MPDU loss on the link to `dst`, by rate and length. */
  loss(dst: number): MpduLoss;
  /**
   * The firmware's or MAC's own rate control for `dst` (null: rateTo(dst) as
   * given). Closed in both chips: taken to behave as minstrel_ht does on
   * the host (an assumption), deciding once per PPDU, a probe being one MPDU.
   */
  rateControl?(dst: number): MinstrelRc | null;
  /** The BlockAck agreement's window (64 HT/VHT, 256 HE). */
  baWindow: number;
  /** The MAC's own cap on subframes per A-MPDU (≤ baWindow). */
  maxSubframes: number;
  /** The receiver's maximum A-MPDU length. */
  maxAmpduBytes: number;
  /** aPPDUMaxTime, or a lower cap the MAC keeps. */
  maxPpduNs: Ns;
  maxAmsduSubframes: number;
  /** The receiver's maximum MPDU length (3895, 7991 or 11454). */
  maxAmsduBytes: number;
  /** Transmissions of an MPDU before it is given up. */
  maxTries: number;
  /** HE receivers' nominal packet padding (µs); 0 for VHT. */
  nominalPaddingUs: 0 | 8 | 16;
  /** Rate of the BlockAck response (Mbit/s). */
  basicRateMbps: number;
}

export interface AggEngineHooks {
  /** An MPDU reached its receiver: the head of its A-MSDU. */
  deliver(skb: Skb, nowNs: Ns): void;
  /** The final outcome of the packets of one exchange (acked[i] = 1 if acknowledged) and its airtime. */
  done(skbs: readonly Skb[], acked: Uint8Array, n: number, dst: number, airtimeNs: Ns, nowNs: Ns): void;
  onAggregate(nframes: number, bytes: number, dst: number, nowNs: Ns): void;
  /** A queue gave packets to an A-MPDU (the MAC may want more from the host). */
  onDequeue?(dst: number, tid: number, nowNs: Ns): void;
  /** The bytes queued changed (for time averages). */
  changed?(nowNs: Ns): void;
}

/** What the MAC needs from the medium (the Medium class satisfies it). */
export interface OffloadMedium {
  register(c: Contender): void;
  kick(c: Contender): void;
  reportFailure(c: Contender): void;
  reportSuccess(c: Contender): void;
}

/** One transmission at the PPDU's series (the status a firmware rate control learns from). */
const ONE_TRY = [1];

export interface AggEngineStats {
  txops: number;
  mpdusSent: number;
  mpdusAcked: number;
  retries: number;
  /** Packets given up after maxTries. */
  dropped: number;
}

export class AggEngine implements Contender {
  readonly node: number;
  readonly edca = EDCA_DEFAULT[AC.BE];
  readonly stats: AggEngineStats = { txops: 0, mpdusSent: 0, mpdusAcked: 0, retries: 0, dropped: 0 };
  private readonly queues = new Map<number, TidQueue>();
  /** Queues with data, in service order. */
  private readonly order: TidQueue[] = [];
  private onAir: {
    q: TidQueue;
    mpdus: Mpdu[];
    bytes: number;
    airtimeNs: Ns;
    rate: PhyRate;
    series: RateSeries | null;
  } | null = null;
  private readonly errors = new Map<number, MpduLoss>();
  private queuedBytesTotal = 0;
  private readonly queuedByDst = new Map<number, number>();
  private doneSkbs: Skb[] = [];
  private doneAcked = new Uint8Array(64);

  constructor(
    private readonly rng: Rng,
    private readonly medium: OffloadMedium,
    private readonly opts: AggEngineOptions,
    private readonly hooks: AggEngineHooks,
  ) {
    this.node = opts.node;
    medium.register(this);
  }

  /** Bytes (L2) waiting in the MAC, not on the air. */
  get queuedBytes(): number {
    return this.queuedBytesTotal;
  }
  /** Bytes on the air now (the A-MPDU being sent, until its BlockAck). */
  get onAirBytes(): number {
    return this.onAir?.bytes ?? 0;
  }
  bytesFor(dst: number): number {
    return this.queuedByDst.get(dst) ?? 0;
  }
  /** Packets of one queue not yet in an A-MPDU (new or to be retried). */
  packetsFor(dst: number, tid: number): number {
    const q = this.queues.get(dst * 16 + tid);
    if (!q) return 0;
    let n = q.freshCount;
    for (const m of q.retry) n += m.skbs.length;
    return n;
  }

  /** A packet arrives from the host (the firmware fetched it, or the DMA ring delivered it). */
  enqueue(skb: Skb, nowNs: Ns): void {
    if (skb.trace !== null) skb.trace.hop(Hop.HW_QUEUE, this, nowNs);
    const q = this.queueOf(skb.dst, skb.priority & 7);
    q.fresh.push(skb);
    this.account(skb.dst, skb.l2Bytes);
    this.activate(q);
    this.hooks.changed?.(nowNs);
    if (this.onAir === null) this.medium.kick(this);
  }

  hasPending(): boolean {
    return this.onAir === null && this.order.length > 0;
  }

  startTxop(nowNs: Ns): { airtimeNs: Ns; record: TxopRecord } {
    const q = this.order.shift();
    if (!q || this.onAir !== null) throw new Error('offload MAC: TXOP with nothing to send');
    q.active = false;
    const { rate, series, probe } = this.pickRate(q.dst);
    const { mpdus, psdu } = buildAmpdu(q, rate, probe ? 1 : this.opts.maxSubframes, this.opts);
    let bytes = 0;
    for (const m of mpdus)
      for (const s of m.skbs) {
        bytes += s.l2Bytes;
        if (s.trace !== null) s.trace.hop(Hop.WIRE, this, nowNs);
      }
    this.account(q.dst, -bytes);
    if (q.hasData()) this.activate(q);
    this.stats.txops++;
    this.stats.mpdusSent += mpdus.length;
    const o = this.opts;
    const ppdu = ppduNs(psdu, rate, o.nominalPaddingUs);
    const ba = legacyDurationNs(blockAckBytes(o.baWindow), o.basicRateMbps, o.band);
    const airtimeNs = ppdu + bandTiming(o.band).sifsNs + ba;
    this.onAir = { q, mpdus, bytes, airtimeNs, rate, series };
    this.hooks.onAggregate(mpdus.length, psdu, q.dst, nowNs);
    this.hooks.changed?.(nowNs);
    this.hooks.onDequeue?.(q.dst, q.tid, nowNs);
    const record: TxopRecord = {
      startNs: nowNs,
      endNs: nowNs + airtimeNs,
      node: this.node,
      peer: q.dst,
      nframes: mpdus.length,
      bytes: psdu,
      collided: false,
    };
    return { airtimeNs, record };
  }

  endTxop(nowNs: Ns, collided: boolean): void {
    const air = this.onAir;
    if (air === null) return;
    this.onAir = null;
    const { q } = air;
    const err = this.errorModel(q.dst);
    let nOk = 0;
    let nDone = 0;
    let anyOk = false;
    const requeue: Mpdu[] = [];
    for (const m of air.mpdus) {
      m.tries++;
      const p = collided ? 1 : err.probability(air.rate, m.bytes);
      const ok = !collided && (p <= 0 || this.rng.next() >= p);
      if (ok) {
        anyOk = true;
        nOk++;
        this.stats.mpdusAcked++;
        this.deliver(m, nowNs);
      } else if (m.tries < this.opts.maxTries) {
        this.stats.retries++;
        requeue.push(m);
        continue;
      } else {
        this.stats.dropped += m.skbs.length;
      }
      q.resolved.add(m.seq);
      for (const s of m.skbs) nDone = this.pushDone(s, ok, nDone, nowNs);
    }
    if (!collided) {
      if (anyOk) this.medium.reportSuccess(this);
      else this.medium.reportFailure(this);
    }
    if (air.series !== null) this.rcOf(q.dst)?.txStatus([air.series], ONE_TRY, air.mpdus.length, nOk, nowNs);
    // Retries go before everything not yet sent, oldest sequence number first.
    if (requeue.length > 0) {
      q.retry.unshift(...requeue);
      q.retry.sort((a, b) => a.seq - b.seq);
      for (const m of requeue)
        for (const s of m.skbs) {
          this.account(q.dst, s.l2Bytes);
          if (s.trace !== null) s.trace.hop(Hop.HW_QUEUE, this, nowNs);
        }
      this.activate(q);
    }
    while (q.bawStart < q.nextSeq && q.resolved.delete(q.bawStart)) q.bawStart++;
    this.hooks.changed?.(nowNs);
    if (nDone > 0) this.hooks.done(this.doneSkbs, this.doneAcked, nDone, q.dst, air.airtimeNs, nowNs);
    for (let i = 0; i < nDone; i++) this.doneSkbs[i] = null as unknown as Skb;
    if (this.order.length > 0) this.medium.kick(this);
  }

  private readonly rcs = new Map<number, MinstrelRc | null>();

  private rcOf(dst: number): MinstrelRc | null {
    let rc = this.rcs.get(dst);
    if (rc === undefined) {
      rc = this.opts.rateControl?.(dst) ?? null;
      this.rcs.set(dst, rc);
    }
    return rc;
  }

  /** This PPDU's rate: the pinned one, rate control's best, or a probe (one MPDU). */
  private pickRate(dst: number): { rate: PhyRate; series: RateSeries | null; probe: boolean } {
    const rc = this.rcOf(dst);
    if (rc === null) return { rate: this.opts.rateTo(dst), series: null, probe: false };
    const sample = rc.getRate();
    const series = sample >= 0 ? rc.probeChain(sample)[0] : rc.chain()[0];
    return { rate: series.rate, series, probe: sample >= 0 };
  }

  /** Hand the MPDU to its receiver: its packets chained behind the first, which carries the sequence number. */
  private deliver(m: Mpdu, nowNs: Ns): void {
    const head = m.skbs[0];
    for (let i = 0; i < m.skbs.length; i++) {
      m.skbs[i].seqno80211 = m.seq;
      m.skbs[i].amsduNext = i + 1 < m.skbs.length ? m.skbs[i + 1] : null;
    }
    this.hooks.deliver(head, nowNs);
  }

  private pushDone(skb: Skb, ok: boolean, n: number, nowNs: Ns): number {
    // Acknowledged or given up, it waits for its TX status.
    if (skb.trace !== null) skb.trace.hop(Hop.WIRE_END, this, nowNs);
    if (n === this.doneAcked.length) {
      const a = new Uint8Array(n * 2);
      a.set(this.doneAcked);
      this.doneAcked = a;
    }
    this.doneSkbs[n] = skb;
    this.doneAcked[n] = ok ? 1 : 0;
    return n + 1;
  }

  private queueOf(dst: number, tid: number): TidQueue {
    const key = dst * 16 + tid;
    let q = this.queues.get(key);
    if (!q) {
      q = new TidQueue(dst, tid);
      this.queues.set(key, q);
    }
    return q;
  }

  private activate(q: TidQueue): void {
    if (q.active || !q.hasData()) return;
    q.active = true;
    this.order.push(q);
  }

  private account(dst: number, bytes: number): void {
    this.queuedBytesTotal += bytes;
    this.queuedByDst.set(dst, (this.queuedByDst.get(dst) ?? 0) + bytes);
  }

  private errorModel(dst: number): MpduLoss {
    let e = this.errors.get(dst);
    if (!e) {
      e = this.opts.loss(dst);
      this.errors.set(dst, e);
    }
    return e;
  }
}
