/**
 * The ath10k firmware as its HTT messages show it (closed code; the
 * assumptions are listed in ./ath10k-options.ts):
 * - HTT_H2T_MSG_TYPE_TX_FRM: each MSDU the host pushes crosses PCIe by DMA
 *   and joins the firmware's queue for its peer and TID;
 * - the firmware aggregates by itself (../offload/agg-engine.ts): up to 64
 *   A-MPDU subframes of up to 3-MSDU A-MSDUs (HTT_H2T_AGGR_CFG defaults),
 *   within the peer's maximum A-MPDU length and the PPDU time;
 * - HTT_T2H_MSG_TYPE_TX_COMPL_IND: after each exchange, the MSDUs whose fate
 *   it settled, up to 255 per message, fwTxComplDelayNs after the BlockAck;
 * - with peer flow control, HTT_T2H_MSG_TYPE_TX_FETCH_IND: a request for up
 *   to a number of MSDUs and bytes of one (peer, TID), sent when its queue
 *   in the firmware (with what is on the bus) runs below one A-MPDU and the
 *   host reports frames for it; it asks for two A-MPDUs' worth.
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { AggEngine, type AggEngineOptions, type OffloadMedium } from '../offload/agg-engine';
import { TimeAverage } from '../offload/time-average';
import { Hop } from '../../skb-trace';
import { HTT_TX_COMPL_MAX_MSDUS, type Ath10kOptions } from './ath10k-options';

/** What the firmware tells the host (the T2H messages) and where its frames go. */
export interface Ath10kFwLinks {
  txComplInd(msdus: readonly Skb[], acked: readonly boolean[], nowNs: Ns): void;
  fetchInd(dst: number, tid: number, maxMsdus: number, maxBytes: number, nowNs: Ns): void;
  /** Bytes the host reports queued for (dst, tid) in its tx_q_state table. */
  hostQueued(dst: number, tid: number): number;
  deliver(skb: Skb, nowNs: Ns): void;
  onAggregate(nframes: number, bytes: number, dst: number, nowNs: Ns): void;
}

const EV_DMA_DONE = 1;
const EV_COMPL = 2;

export class Ath10kFirmware implements EventTarget {
  readonly engine: AggEngine;
  /** Frames on the PCIe DMA queue, not yet in the firmware's queues. */
  private readonly bus: Skb[] = [];
  private busHead = 0;
  private busBusy = false;
  busBytes = 0;
  /** Bytes of settled MSDUs whose tx_compl indication has not left the firmware yet. */
  indBytes = 0;
  /** Bytes on the bus and in the firmware's queues, averaged over time. */
  readonly held = new TimeAverage();
  /** Per (dst·16 + tid): a fetch request is outstanding. */
  private readonly fetching = new Set<number>();
  /** Per (dst·16 + tid): MSDUs on the bus, which the firmware counts as coming. */
  private readonly onBus = new Map<number, number>();
  /** MSDUs a full A-MPDU carries: below it the firmware asks for more (pull-push). */
  private readonly aggregateMsdus: number;
  /** The byte budget of one fetch: two of the peer's longest A-MPDUs. */
  private readonly fetchBytes: number;
  /** The keys of one completion message (tidsOf), reused. */
  private readonly tidKeys: number[] = [];

  constructor(
    private readonly sim: Sim,
    rng: Rng,
    medium: OffloadMedium,
    private readonly opts: Ath10kOptions,
    engineOpts: AggEngineOptions,
    private readonly links: Ath10kFwLinks,
  ) {
    this.aggregateMsdus = opts.maxAmpduSubframes * opts.maxAmsduSubframes;
    this.fetchBytes = 2 * engineOpts.maxAmpduBytes;
    this.engine = new AggEngine(rng, medium, engineOpts, {
      deliver: links.deliver,
      onAggregate: links.onAggregate,
      done: (skbs, acked, n, _dst, _airtime, now) => this.settled(skbs, acked, n, now),
      onDequeue: (dst, tid, now) => this.maybeFetch(dst, tid, now),
      changed: (now) => this.held.set(this.heldBytes, now),
    });
  }

  /** Bytes the firmware holds before the air: on the bus and in its queues. */
  get heldBytes(): number {
    return this.busBytes + this.engine.queuedBytes;
  }

  /** HTT TX_FRM: the host handed an MSDU over; it crosses the bus first. */
  txFrm(skb: Skb, nowNs: Ns): void {
    if (skb.trace !== null) skb.trace.hop(Hop.HW_QUEUE, this, nowNs);
    this.bus.push(skb);
    this.busBytes += skb.l2Bytes;
    const key = keyOf(skb);
    this.onBus.set(key, (this.onBus.get(key) ?? 0) + 1);
    this.held.set(this.heldBytes, nowNs);
    if (!this.busBusy) this.startDma(nowNs);
  }

  /**
   * The host answered a fetch (HTT_H2T_MSG_TYPE_TX_FETCH_RESP) with `pushed`
   * MSDUs. If it had none to give (AQL held them, or they were gone), the
   * firmware waits for the host's next queue update or its own next dequeue.
   */
  fetchResp(dst: number, tid: number, pushed: number, nowNs: Ns): void {
    this.fetching.delete(dst * 16 + tid);
    if (pushed > 0) this.maybeFetch(dst, tid, nowNs);
  }

  /** The host's queue table changed (ath10k_htt_tx_txq_update): a TID may have become worth fetching. */
  txqUpdated(dst: number, tid: number, nowNs: Ns): void {
    this.maybeFetch(dst, tid, nowNs);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_DMA_DONE) {
      const skb = this.bus[this.busHead];
      this.bus[this.busHead++] = null as unknown as Skb;
      this.busBytes -= skb.l2Bytes;
      const key = keyOf(skb);
      this.onBus.set(key, this.onBus.get(key)! - 1);
      if (this.busHead > 512) {
        this.bus.splice(0, this.busHead);
        this.busHead = 0;
      }
      this.busBusy = false;
      this.engine.enqueue(skb, nowNs);
      if (this.busHead < this.bus.length) this.startDma(nowNs);
    } else if (kind === EV_COMPL) {
      const [skbs, acked] = arg as [Skb[], boolean[]];
      for (const s of skbs) this.indBytes -= s.l2Bytes;
      this.links.txComplInd(skbs, acked, nowNs);
      // The firmware schedules again as it completes: a TID the host could not
      // serve before (AQL held it) is asked again, and the host answers in the
      // same poll, after the statuses that released its airtime.
      if (this.opts.peerFlowControl) {
        const keys = tidsOf(skbs, this.tidKeys);
        for (let i = 0; i < keys.length; i++) this.maybeFetch(keys[i] >> 4, keys[i] & 15, nowNs);
      }
    }
  }

  private startDma(nowNs: Ns): void {
    const skb = this.bus[this.busHead];
    this.busBusy = true;
    const ns = Math.ceil((skb.l2Bytes * 1e9) / this.opts.busBytesPerSec);
    this.sim.at(nowNs + ns, this, EV_DMA_DONE);
  }

  /** An exchange settled these MSDUs: their completion indications leave after the firmware's latency. */
  private settled(skbs: readonly Skb[], acked: Uint8Array, n: number, nowNs: Ns): void {
    for (let i = 0; i < n; i += HTT_TX_COMPL_MAX_MSDUS) {
      const m = Math.min(HTT_TX_COMPL_MAX_MSDUS, n - i);
      const msg: Skb[] = new Array<Skb>(m);
      const ok: boolean[] = new Array<boolean>(m);
      for (let j = 0; j < m; j++) {
        msg[j] = skbs[i + j];
        ok[j] = acked[i + j] === 1;
        this.indBytes += msg[j].l2Bytes;
      }
      this.sim.at(nowNs + this.opts.fwTxComplDelayNs, this, EV_COMPL, [msg, ok]);
    }
  }

  /** Pull-push: ask for a TID whose firmware queue is short of one A-MPDU while the host holds frames for it. */
  private maybeFetch(dst: number, tid: number, nowNs: Ns): void {
    if (!this.opts.peerFlowControl) return;
    const key = dst * 16 + tid;
    if (this.fetching.has(key)) return;
    if (this.engine.packetsFor(dst, tid) + (this.onBus.get(key) ?? 0) >= this.aggregateMsdus) return;
    if (this.links.hostQueued(dst, tid) <= 0) return;
    this.fetching.add(key);
    this.links.fetchInd(dst, tid, 2 * this.aggregateMsdus, this.fetchBytes, nowNs);
  }
}

/** The (dst · 16 + tid) keys of the frames in a message, once each, in order of first appearance (into `out`). */
function tidsOf(skbs: readonly Skb[], out: number[]): number[] {
  out.length = 0;
  for (const s of skbs) {
    const k = keyOf(s);
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

function keyOf(skb: Skb): number {
  return skb.dst * 16 + (skb.priority & 7);
}
