/**
 * The mt76 host side (drivers/net/wireless/mediatek/mt76/tx.c, dma.c,
 * mt7915/mac.c):
 * - mt76_wake_tx_queue schedules the TX worker (a SCHED_FIFO kthread);
 *   mt76_txq_schedule_all runs, per AC, mt76_txq_schedule: schedule_start,
 *   mt76_txq_schedule_list over ieee80211_next_txq, schedule_end, again
 *   while frames moved;
 * - mt76_txq_schedule_list skips (without returning it) a station with
 *   MT_MAX_NON_AQL_PKT frames lacking an AQL estimate in the hardware, cleans
 *   the ring when it is nearly full, and sends a burst unless the queue is
 *   stopped (mt76_txq_stopped: blocked, or queued + MT_TXQ_FREE_THR ≥ ring);
 * - mt76_txq_send_burst dequeues (ieee80211_tx_dequeue: AQL applies) and
 *   queues frames on the DMA ring until the ring stops or the TXQ is empty,
 *   then kicks the DMA; each frame takes a token (mt76_token_consume), and
 *   TX blocks near token_size;
 * - mt7915_mac_tx_free, in the RX NAPI poll of the TX-free event: ring
 *   cleanup (mt76_queue_tx_cleanup), then per token mt76_token_release and
 *   __mt76_tx_complete_skb (mt76_tx_check_non_aql, ieee80211_tx_status_ext:
 *   AQL release and the skb free), the station's airtime
 *   (ieee80211_sta_register_airtime via mt7915_mac_sta_poll), then unblock
 *   and mt76_worker_schedule.
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import type { Cpu, CpuCosts } from '../../cpu/cpu';
import type { Skb } from '../../skb';
import { Hop } from '../../skb-trace';
import { Reservoir } from '../../../metrics/reservoir';
import type { Mac80211, Mac80211Driver, Txq } from '../mac80211/mac80211-txq';
import { IntervalMean } from '../offload/time-average';
import { TID_TO_AC, type Ac } from '../types';
import type { Mt76Mac } from './mt76-mac';
import { MT76_TOKEN_FREE_THR, MT_MAX_NON_AQL_PKT, MT_TXQ_FREE_THR, type Mt76Options } from './mt76-options';

const EV_WORKER = 1;
const EV_NAPI = 2;
const EV_NAPI_DONE = 3;

interface TxFreeEvent {
  skbs: readonly Skb[];
  acked: readonly boolean[];
  airtimeNs: Ns;
  dst: number;
}

export class Mt76 implements Mac80211Driver, EventTarget {
  /** q->queued: descriptors in use until a cleanup sees the DMA index past them. */
  queued = 0;
  /** Of those, descriptors the DMA engine has fetched (freed at the next cleanup). */
  private fetched = 0;
  tokenCount = 0;
  /** q->blocked (mt76_set_tx_blocked): too many tokens out. */
  private blocked = false;
  private readonly nonAql = new Map<number, number>();
  /** Stations skipped for their non-AQL frames, rescheduled once one completes. */
  private readonly parked = new Map<number, Txq[]>();
  private workerScheduled = false;
  private napiScheduled = false;
  private readonly events: TxFreeEvent[] = [];
  /** Bytes of frames whose TX-free event arrived and waits for the poll. */
  statusBytes = 0;
  readonly completionUs = new Reservoir(16384);
  readonly completionMean = new IntervalMean();
  readonly stats = { bursts: 0, queuedFrames: 0, txFreeEvents: 0, stoppedRing: 0, blockedTokens: 0 };
  private hwMac: Mt76Mac | null = null;

  constructor(
    private readonly sim: Sim,
    private readonly mac: Mac80211,
    private readonly opts: Mt76Options,
    private readonly cpu: Cpu | null,
    private readonly costs: CpuCosts,
  ) {
    mac.setDriver(this);
  }

  attach(hw: Mt76Mac): void {
    this.hwMac = hw;
  }

  private get hw(): Mt76Mac {
    return this.hwMac!;
  }

  wakeTxQueue(_txq: Txq, nowNs: Ns): void {
    this.scheduleWorker(nowNs);
  }

  private scheduleWorker(nowNs: Ns): void {
    if (this.workerScheduled) return;
    this.workerScheduled = true;
    this.sim.at(nowNs + this.opts.workerDelayNs, this, EV_WORKER);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_WORKER) {
      this.workerScheduled = false;
      for (let ac = 0; ac < 4; ac++) this.txqSchedule(ac as Ac, nowNs);
    } else if (kind === EV_NAPI) {
      const n = this.events.reduce((a, e) => a + e.skbs.length, 0);
      if (this.cpu !== null && n > 0) this.cpu.submit(n * this.costs.perCompletionNs, this, EV_NAPI_DONE, n);
      else this.poll(nowNs);
    } else if (kind === EV_NAPI_DONE) {
      void arg;
      this.poll(nowNs);
    }
  }

  /** mt76_txq_schedule: rounds until a round moves nothing. */
  private txqSchedule(ac: Ac, nowNs: Ns): void {
    let len: number;
    do {
      this.mac.scheduleStart(ac);
      len = this.scheduleList(ac, nowNs);
      this.mac.scheduleEnd(ac);
    } while (len > 0);
  }

  private scheduleList(ac: Ac, nowNs: Ns): number {
    let ret = 0;
    for (let txq = this.mac.nextTxq(ac, nowNs); txq !== null; txq = this.mac.nextTxq(ac, nowNs)) {
      if ((this.nonAql.get(txq.sta) ?? 0) >= MT_MAX_NON_AQL_PKT) {
        this.park(txq);
        continue;
      }
      if (this.queued + 2 * MT_TXQ_FREE_THR >= this.opts.ringSize) this.cleanup();
      let n = 0;
      if (!this.stopped()) n = this.sendBurst(txq, nowNs);
      this.mac.returnTxq(txq, nowNs);
      ret += n;
    }
    return ret;
  }

  private park(txq: Txq): void {
    let l = this.parked.get(txq.sta);
    if (!l) this.parked.set(txq.sta, (l = []));
    if (!l.includes(txq)) l.push(txq);
  }

  /** mt76_txq_stopped. */
  private stopped(): boolean {
    return this.blocked || this.queued + MT_TXQ_FREE_THR >= this.opts.ringSize;
  }

  /** mt76_txq_send_burst: frames of one TXQ onto the ring, then the kick. */
  private sendBurst(txq: Txq, nowNs: Ns): number {
    if ((this.nonAql.get(txq.sta) ?? 0) >= MT_MAX_NON_AQL_PKT) return 0;
    let skb = this.mac.txDequeue(txq, nowNs);
    if (skb === null) return 0;
    this.stats.bursts++;
    let n = 0;
    for (;;) {
      const stop = this.queueSkb(skb, nowNs);
      n++;
      if (stop || this.stopped()) break;
      skb = this.mac.txDequeue(txq, nowNs);
      if (skb === null) break;
    }
    if (this.stopped()) this.stats.stoppedRing++;
    this.hw.kick(nowNs);
    return n;
  }

  /** __mt76_tx_queue_skb: a descriptor and a token; true when the station's non-AQL frames stop the burst. */
  private queueSkb(skb: Skb, nowNs: Ns): boolean {
    this.queued++;
    this.tokenCount++;
    if (this.tokenCount >= this.opts.tokenSize - MT76_TOKEN_FREE_THR) {
      this.blocked = true;
      this.stats.blockedTokens++;
    }
    this.stats.queuedFrames++;
    skb.enqueueNs = nowNs;
    this.hw.queueDescriptor(skb, nowNs);
    if (skb.txTimeEstUs > 0) return false;
    const pending = (this.nonAql.get(skb.dst) ?? 0) + 1;
    this.nonAql.set(skb.dst, pending);
    return pending >= MT_MAX_NON_AQL_PKT;
  }

  /** The DMA engine moved past a descriptor. */
  dmaFetched(): void {
    this.fetched++;
  }

  /** mt76_dma_tx_cleanup: descriptors the DMA index passed are free again. */
  private cleanup(): void {
    this.queued -= this.fetched;
    this.fetched = 0;
  }

  /** A TX-free event arrived: the RX NAPI poll will handle it. */
  txFree(skbs: readonly Skb[], acked: readonly boolean[], airtimeNs: Ns, dst: number, nowNs: Ns): void {
    this.stats.txFreeEvents++;
    this.events.push({ skbs, acked, airtimeNs, dst });
    for (const s of skbs) {
      this.statusBytes += s.l2Bytes;
      if (s.trace !== null) s.trace.hop(Hop.TX_STATUS, this, nowNs);
    }
    if (this.napiScheduled) return;
    this.napiScheduled = true;
    this.sim.at(nowNs + this.opts.napiDelayNs, this, EV_NAPI);
  }

  /** mt7915_mac_tx_free for every event the poll finds, then tx_free_done. */
  private poll(nowNs: Ns): void {
    this.napiScheduled = false;
    const evs = this.events.splice(0, this.events.length);
    let wake = false;
    for (const ev of evs) {
      this.cleanup();
      for (let i = 0; i < ev.skbs.length; i++) if (this.complete(ev.skbs[i], ev.acked[i], nowNs)) wake = true;
      if (ev.airtimeNs > 0) this.mac.registerAirtime(ev.dst, TID_TO_AC[0], ev.airtimeNs);
    }
    if (wake) this.blocked = false;
    this.scheduleWorker(nowNs);
  }

  /** mt76_token_release + __mt76_tx_complete_skb; true when TX may be unblocked. */
  private complete(skb: Skb, acked: boolean, nowNs: Ns): boolean {
    this.tokenCount--;
    this.statusBytes -= skb.l2Bytes;
    const us = (nowNs - skb.enqueueNs) / 1000;
    this.completionUs.add(us);
    this.completionMean.add(us);
    if (skb.txTimeEstUs <= 0) this.nonAqlDone(skb.dst, nowNs);
    this.mac.txStatus(skb, acked, 0, nowNs);
    return this.blocked && this.tokenCount < this.opts.tokenSize - MT76_TOKEN_FREE_THR;
  }

  /** mt76_tx_check_non_aql: at MT_MAX_NON_AQL_PKT − 1 the station's TXQs are scheduled again. */
  private nonAqlDone(sta: number, nowNs: Ns): void {
    const pending = Math.max(0, (this.nonAql.get(sta) ?? 0) - 1);
    this.nonAql.set(sta, pending);
    if (pending !== MT_MAX_NON_AQL_PKT - 1) return;
    for (const t of this.parked.get(sta) ?? []) this.mac.returnTxq(t, nowNs, true);
    this.parked.delete(sta);
  }
}
