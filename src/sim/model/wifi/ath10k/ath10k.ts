/**
 * The ath10k host side of HTT (drivers/net/wireless/ath/ath10k/):
 * - mac.c ath10k_mac_op_wake_tx_queue → ath10k_htt_tx_txq_update, and in
 *   push mode ieee80211_txq_schedule_start / ieee80211_next_txq and
 *   ath10k_mac_tx_push_txq while ath10k_mac_tx_can_push;
 * - ath10k_mac_tx_push_txq: ath10k_htt_tx_inc_pending (-EBUSY once
 *   num_pending_tx reaches max_num_pending_tx; htt_tx.c), then
 *   ieee80211_tx_dequeue_ni (AQL applies there) and the HTT TX_FRM, with
 *   artxq->num_fw_queued counted per TXQ;
 * - ath10k_mac_tx_can_push: always in push mode; in pull-push mode while the
 *   firmware's thresholds allow (num_push_allowed overall or per TXQ);
 * - htt_rx.c ath10k_htt_rx_tx_compl_ind queues each MSDU's status in
 *   txdone_fifo; the NAPI poll (ath10k_htt_txrx_compl_task) first passes
 *   received MSDUs up within the 64-MSDU budget and ends there if they use
 *   it all (./ath10k-rx.ts), then runs ath10k_txrx_tx_unref for each (txrx.c: dec_pending, num_fw_queued--,
 *   ieee80211_sta_register_airtime with the driver's estimate,
 *   ieee80211_tx_status_ext → AQL release and the skb free), then
 *   ath10k_mac_tx_push_pending (push mode, only below half of
 *   max_num_pending_tx), then the queued tx_fetch_ind: push up to what each
 *   asks, answer with TX_FETCH_RESP.
 * Frames the host cannot push wait in mac80211's TXQs (FQ-CoDel).
 * The poll runs after napiDelayNs from an idle NAPI (the CE interrupt); while
 * work is left (the budget ran out, or indications came during the poll)
 * NAPI polls again at once (napi_reschedule, ath10k_ce_interrupt_summary in
 * ath10k_pci_napi_poll).
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import type { Cpu, CpuCosts } from '../../cpu/cpu';
import type { Skb } from '../../skb';
import { Hop } from '../../skb-trace';
import { Reservoir } from '../../../metrics/reservoir';
import { wlanFrameBytes } from '../mac80211/mac80211-fq';
import type { Mac80211, Mac80211Driver, Txq } from '../mac80211/mac80211-txq';
import { IntervalMean } from '../offload/time-average';
import type { Ac, PhyRate } from '../types';
import { vhtHeRateBps } from '../phy/vht-he';
import { phyRateBps } from '../phy/phy';
import type { Ath10kFirmware } from './ath10k-fw';
import type { Ath10kOptions } from './ath10k-options';
import { ATH10K_NAPI_BUDGET, Ath10kRx } from './ath10k-rx';

const EBUSY = -16;
const ENOENT = -2;
const EV_NAPI = 1;
const EV_NAPI_DONE = 2;

/** struct ath10k_txq: the driver's part of a mac80211 TXQ. */
interface ArTxq {
  numFwQueued: number;
  numPushAllowed: number;
}

/** ath10k_mac_update_airtime: airtime from the last TX rate (100 kbit/s units) + 16 µs IFS, µs. */
export function ath10kAirtimeEstimateUs(skbLenBytes: number, rate: PhyRate): number {
  const bps = rate.mode === 'ht' ? phyRateBps(rate) : vhtHeRateBps(rate);
  const bitrate = Math.floor(bps / 100_000);
  return Math.floor(((skbLenBytes + 38) * 8 * (1000 / 100)) / bitrate) + 16;
}

export class Ath10k implements Mac80211Driver, EventTarget {
  numPendingTx = 0;
  /** HTT_TX_MODE_SWITCH_PUSH until the firmware's TX_MODE_SWITCH_IND says otherwise. */
  private mode: 'push' | 'push_pull' = 'push';
  private numPushAllowed = 0;
  private fw: Ath10kFirmware | null = null;
  /** txdone_fifo (from doneHead on: each MSDU and whether it was acked) and tx_fetch_ind_q, drained by the NAPI poll. */
  private readonly doneSkbs: (Skb | null)[] = [];
  private readonly doneAcked: boolean[] = [];
  private doneHead = 0;
  private readonly fetchQ: { dst: number; tid: number; maxMsdus: number; maxBytes: number }[] = [];
  private napiScheduled = false;
  /** Bytes of MSDUs whose completion indication arrived and waits for the poll. */
  statusBytes = 0;
  readonly completionUs = new Reservoir(16384);
  readonly completionMean = new IntervalMean();
  stats = { pushed: 0, busy: 0, completed: 0, failed: 0, fetchInds: 0, polls: 0 };
  /** Received MPDUs on their way up through the poll. */
  readonly rx: Ath10kRx;

  constructor(
    private readonly sim: Sim,
    private readonly mac: Mac80211,
    private readonly opts: Ath10kOptions,
    private readonly rateTo: (dst: number) => PhyRate,
    private readonly cpu: Cpu | null,
    private readonly costs: CpuCosts,
    rxUp: (txNode: number, skb: Skb, nowNs: Ns) => void = () => {},
  ) {
    mac.setDriver(this);
    this.rx = new Ath10kRx(rxUp);
  }

  attach(fw: Ath10kFirmware): void {
    this.fw = fw;
    // HTT_T2H_MSG_TYPE_TX_MODE_SWITCH_IND at start: firmware with peer flow control pulls.
    if (this.opts.peerFlowControl) {
      this.mode = 'push_pull';
      this.numPushAllowed = this.opts.pushAllowedTotal;
    }
  }

  get pushPull(): boolean {
    return this.mode === 'push_pull';
  }

  // ---- mac80211 → driver ----

  wakeTxQueue(txq: Txq, nowNs: Ns): void {
    this.txqUpdate(txq, nowNs);
    if (this.mode !== 'push') return;
    this.mac.scheduleStart(txq.ac);
    const t = this.mac.nextTxq(txq.ac, nowNs);
    if (t !== null) {
      while (this.canPush(t)) if (this.pushTxq(t, nowNs) < 0) break;
      this.mac.returnTxq(t, nowNs);
      this.txqUpdate(t, nowNs);
    }
    this.mac.scheduleEnd(txq.ac);
  }

  private arTxq(txq: Txq): ArTxq {
    let a = txq.drv as ArTxq | null;
    if (a === null) {
      a = { numFwQueued: 0, numPushAllowed: this.opts.pushAllowedPerTxq };
      txq.drv = a;
    }
    return a;
  }

  private canPush(txq: Txq): boolean {
    if (this.mode === 'push') return true;
    if (this.numPendingTx < this.numPushAllowed) return true;
    const a = this.arTxq(txq);
    return a.numFwQueued < a.numPushAllowed;
  }

  /** ath10k_mac_tx_push_txq: the frame's length, or -EBUSY / -ENOENT. */
  private pushTxq(txq: Txq, nowNs: Ns): number {
    if (this.numPendingTx >= this.opts.maxPendingTx) {
      this.stats.busy++;
      return EBUSY;
    }
    this.numPendingTx++;
    const skb = this.mac.txDequeue(txq, nowNs);
    if (skb === null) {
      this.numPendingTx--;
      return ENOENT;
    }
    this.arTxq(txq).numFwQueued++;
    this.stats.pushed++;
    skb.enqueueNs = nowNs;
    this.fw!.txFrm(skb, nowNs);
    return wlanFrameBytes(skb);
  }

  /** ath10k_mac_schedule_txq for one AC; -EBUSY stops the caller's loop over ACs. */
  private scheduleTxq(ac: Ac, nowNs: Ns): number {
    let ret = 0;
    this.mac.scheduleStart(ac);
    for (let t = this.mac.nextTxq(ac, nowNs); t !== null; t = this.mac.nextTxq(ac, nowNs)) {
      while (this.canPush(t)) {
        ret = this.pushTxq(t, nowNs);
        if (ret < 0) break;
      }
      this.mac.returnTxq(t, nowNs);
      this.txqUpdate(t, nowNs);
      if (ret === EBUSY) break;
    }
    this.mac.scheduleEnd(ac);
    return ret;
  }

  /** ath10k_mac_tx_push_pending: push mode, and only below half of max_num_pending_tx. */
  private pushPending(nowNs: Ns): void {
    if (this.mode !== 'push') return;
    if (this.numPendingTx >= this.opts.maxPendingTx / 2) return;
    for (let ac = 0; ac < 4; ac++) if (this.scheduleTxq(ac as Ac, nowNs) === EBUSY) break;
  }

  /** ath10k_htt_tx_txq_update: the queue-depth table the firmware reads (pull-push only). */
  private txqUpdate(txq: Txq, nowNs: Ns): void {
    if (this.mode === 'push_pull') this.fw!.txqUpdated(txq.sta, txq.tid, nowNs);
  }

  /** The firmware's tx_q_state view: bytes mac80211 holds for (dst, tid). */
  hostQueued(dst: number, tid: number): number {
    return this.mac.txqsOf(dst)[tid]?.backlogBytes ?? 0;
  }

  // ---- firmware → host (T2H messages), processed in the NAPI poll ----

  txComplInd(msdus: readonly Skb[], acked: readonly boolean[], nowNs: Ns): void {
    for (let i = 0; i < msdus.length; i++) {
      const skb = msdus[i];
      this.doneSkbs.push(skb);
      this.doneAcked.push(acked[i]);
      this.statusBytes += skb.l2Bytes;
      if (skb.trace !== null) skb.trace.hop(Hop.TX_STATUS, this, nowNs);
    }
    this.kickNapi(nowNs);
  }

  /** HTT RX indication: a received MPDU (already in order) for the poll to pass up. */
  rxInd(skb: Skb, txNode: number, nowNs: Ns): void {
    this.rx.indicate(skb, txNode);
    this.kickNapi(nowNs);
  }

  fetchInd(dst: number, tid: number, maxMsdus: number, maxBytes: number, nowNs: Ns): void {
    this.stats.fetchInds++;
    this.fetchQ.push({ dst, tid, maxMsdus, maxBytes });
    this.kickNapi(nowNs);
  }

  private kickNapi(nowNs: Ns): void {
    if (this.napiScheduled) return;
    this.napiScheduled = true;
    this.sim.at(nowNs + this.opts.napiDelayNs, this, EV_NAPI);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_NAPI) this.pollStart(nowNs);
    else if (kind === EV_NAPI_DONE) this.pollEnd(nowNs, arg as number);
  }

  /**
   * ath10k_htt_txrx_compl_task, RX half: what the last poll left goes up
   * first, and a budget used up ends the poll before any TX completion; then
   * the new MPDUs, then the TX statuses parsed so far (their CPU work, one
   * status per MSDU, comes before their frees).
   */
  private pollStart(nowNs: Ns): void {
    this.stats.polls++;
    const quota = this.rx.deliver(0, ATH10K_NAPI_BUDGET, nowNs);
    if (quota >= ATH10K_NAPI_BUDGET) {
      this.rx.stats.budgetExits++;
      return this.pollDone(nowNs);
    }
    this.rx.handleReady();
    // What this delivery leaves over goes first in the next poll; the TX statuses run either way.
    this.rx.deliver(quota, ATH10K_NAPI_BUDGET, nowNs);
    const n = this.txdoneLength;
    if (this.cpu !== null && n > 0) this.cpu.submit(n * this.costs.perCompletionNs, this, EV_NAPI_DONE, n);
    else this.pollEnd(nowNs, n);
  }

  /** The TX half: `n` TX statuses, then push_pending, then the fetch indications. */
  private pollEnd(nowNs: Ns, n: number): void {
    // The n statuses parsed when the poll began; any that arrive meanwhile wait for the next poll.
    for (let k = 0; k < n; k++) {
      const i = this.doneHead++;
      const skb = this.doneSkbs[i]!;
      this.doneSkbs[i] = null;
      this.txUnref(skb, this.doneAcked[i], nowNs);
    }
    this.compactTxdone();
    this.pushPending(nowNs);
    const fetches = this.fetchQ.splice(0, this.fetchQ.length);
    for (const f of fetches) this.fetch(f.dst, f.tid, f.maxMsdus, f.maxBytes, nowNs);
    this.pollDone(nowNs);
  }

  /** Work left (budget spent, or indications parsed meanwhile): NAPI polls again at once; else it completes. */
  private pollDone(nowNs: Ns): void {
    if (this.txdoneLength > 0 || this.fetchQ.length > 0 || this.rx.pending) this.sim.at(nowNs, this, EV_NAPI);
    else this.napiScheduled = false;
  }

  private get txdoneLength(): number {
    return this.doneSkbs.length - this.doneHead;
  }

  /** The fifo's consumed head is dropped when it is empty, or once the head is long. */
  private compactTxdone(): void {
    if (this.doneHead === this.doneSkbs.length) {
      this.doneSkbs.length = this.doneAcked.length = this.doneHead = 0;
    } else if (this.doneHead > 1024) {
      this.doneSkbs.splice(0, this.doneHead);
      this.doneAcked.splice(0, this.doneHead);
      this.doneHead = 0;
    }
  }

  /** ath10k_txrx_tx_unref: the MSDU id and its pending count are released, mac80211 gets the status. */
  private txUnref(skb: Skb, acked: boolean, nowNs: Ns): void {
    const tid = skb.priority & 7;
    const txq = this.mac.txqsOf(skb.dst)[tid];
    if (txq) this.arTxq(txq).numFwQueued--;
    this.numPendingTx--;
    this.statusBytes -= skb.l2Bytes;
    const us = (nowNs - skb.enqueueNs) / 1000;
    this.completionUs.add(us);
    this.completionMean.add(us);
    this.stats.completed++;
    if (!acked) this.stats.failed++;
    // Without WMI_SERVICE_REPORT_AIRTIME the driver charges its own estimate.
    const airtimeNs = ath10kAirtimeEstimateUs(wlanFrameBytes(skb), this.rateTo(skb.dst)) * 1000;
    this.mac.txStatus(skb, acked, airtimeNs, nowNs);
  }

  /** ath10k_htt_rx_tx_fetch_ind for one record, then TX_FETCH_RESP. */
  private fetch(dst: number, tid: number, maxMsdus: number, maxBytes: number, nowNs: Ns): void {
    const txq = this.mac.txqsOf(dst)[tid];
    let msdus = 0;
    if (txq) {
      this.mac.scheduleStart(txq.ac);
      let bytes = 0;
      while (msdus < maxMsdus && bytes < maxBytes) {
        const ret = this.pushTxq(txq, nowNs);
        if (ret < 0) break;
        msdus++;
        bytes += ret;
      }
      this.mac.returnTxq(txq, nowNs);
      this.mac.scheduleEnd(txq.ac);
    }
    this.fw!.fetchResp(dst, tid, msdus, nowNs);
  }
}
