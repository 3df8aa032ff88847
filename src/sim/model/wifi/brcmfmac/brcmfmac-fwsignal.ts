/**
 * Firmware-signalling flow control on the host
 * (drivers/net/wireless/broadcom/brcm80211/brcmfmac/fwsignal.c):
 * brcmf_fws_process_skb → hanger slot + delay queue (psq) → dequeue worker
 * spending per-FIFO credits (AC_BE may borrow) → brcmf_fws_commit_skb to the
 * bus; brcmf_fws_txs_process (TXSTATUS) pops the hanger and finalizes the skb;
 * brcmf_fws_fifocreditback_indicate returns explicit credits.
 *
 * One destination (the AP) means one MAC descriptor; its psq precedences are
 * modelled as one FIFO queue per AC (suppression, power save and the
 * requested-credit/packet signals are not modelled).
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import {
  BRCMF_FWS_BORROW_DEFER_NS,
  BRCMF_FWS_PSQ_LEN,
  FIFO_AC_BE,
  FIFO_AC_VO,
  FWS_FIFO_COUNT,
  NO_TAG,
  PRIO_TO_FIFO,
  makeTag,
  tagFifo,
  tagMode,
  tagSlot,
  type FcMode,
} from './brcmfmac-config';
import { FwsHanger } from './brcmfmac-hanger';
import { SkbTagDeque } from './brcmfmac-ring';

/** What the fws layer needs from the rest of the driver. */
export interface FwsHost {
  /** brcmf_proto_txdata → brcmf_sdio_bus_txdata; false if the bus queue refused it. */
  busTxdata(skb: Skb, tag: number, nowNs: Ns): boolean;
  /** brcmf_txfinalize: the host frees the skb (tcp_wfree). */
  finalize(skb: Skb, nowNs: Ns): void;
  /** The skb will never be delivered (counted before it is finalized). */
  lost(skb: Skb, nowNs: Ns): void;
  /** brcmf_txflowblock_if(ifp, BRCMF_NETIF_STOP_REASON_FWS_FC, stop). */
  netifFlow(stop: boolean, nowNs: Ns): void;
}

export interface FwsStats {
  creditsStalls: number;
}

export class Fws {
  mode: FcMode;
  /** fifo_credit[], init_fifo_credit[], credits_borrowed[] (AC FIFOs only). */
  readonly credit = new Int32Array(FWS_FIFO_COUNT);
  readonly initCredit = new Int32Array(FWS_FIFO_COUNT);
  readonly borrowed = new Int32Array(FWS_FIFO_COUNT);
  /** Set when the bus txq passed TXHI (brcmf_fws_bus_blocked). */
  busFlowBlocked = false;

  private readonly psq: SkbTagDeque[] = [];
  private psqTotal = 0;
  private readonly hanger: FwsHanger;
  private netifStopped = false;
  private borrowDeferUntilNs: Ns = -1;
  private readonly stalled = new Uint8Array(FWS_FIFO_COUNT);
  private running = false;
  private again = false;

  constructor(
    mode: FcMode,
    initialCredits: readonly number[],
    hangerSlots: number,
    private readonly fwsQueueHigh: number,
    private readonly fwsQueueLow: number,
    private readonly host: FwsHost,
    private readonly stats: FwsStats,
  ) {
    this.mode = mode;
    // brcmf_fws_notify_credit_map: the map arrives once at firmware start-up.
    for (let i = 0; i < FWS_FIFO_COUNT; i++) {
      this.initCredit[i] = initialCredits[i];
      this.credit[i] = initialCredits[i];
      this.psq.push(new SkbTagDeque(64));
    }
    this.hanger = new FwsHanger(hangerSlots);
  }

  get queuedPkts(): number {
    return this.psqTotal;
  }
  /** L2 bytes in the delay queues (each of these skbs holds a hanger slot too). */
  get queuedBytes(): number {
    let b = 0;
    for (const q of this.psq) b += q.l2Bytes;
    return b;
  }
  get hangerPkts(): number {
    return this.hanger.pkts;
  }
  get hangerBytes(): number {
    return this.hanger.l2Bytes;
  }
  get hangerSlots(): number {
    return this.hanger.size;
  }
  queuedOn(fifo: number): number {
    return this.psq[fifo].length;
  }

  /** brcmf_fws_process_skb: hanger slot, delay queue, schedule the worker. */
  processSkb(skb: Skb, nowNs: Ns): void {
    const fifo = PRIO_TO_FIFO[skb.priority & 7];
    if (fifo !== FIFO_AC_BE) this.borrowDeferUntilNs = nowNs + BRCMF_FWS_BORROW_DEFER_NS;
    // "drop skb: no hanger slot"; a full psq makes brcmf_fws_enq fail, which
    // the driver ignores (the skb leaks) — here it is dropped instead.
    const slot = this.psqTotal >= BRCMF_FWS_PSQ_LEN ? -1 : this.hanger.push(skb);
    if (slot < 0) {
      this.host.lost(skb, nowNs);
      this.host.finalize(skb, nowNs);
      return;
    }
    this.psq[fifo].push(skb, makeTag(slot, 0, fifo));
    this.psqTotal++;
    this.flowControlCheck(nowNs);
    this.runWorker(nowNs);
  }

  /** A TXSTATUS for `tag` (brcmf_fws_txs_process, not suppressed). */
  txStatus(tag: number, nowNs: Ns): void {
    const skb = this.hanger.pop(tagSlot(tag));
    // Implied credit: one per status for packets committed in fcmode 1.
    if (tagMode(tag) === 1) this.returnCredits(tagFifo(tag), 1);
    this.host.finalize(skb, nowNs);
  }

  /** FIFO_CREDITBACK TLV: one count per FIFO, packed a byte each (data[i]). */
  creditBack(packed: number): void {
    for (let fifo = 0; fifo < FWS_FIFO_COUNT; fifo++)
      this.returnCredits(fifo, (packed >>> (8 * fifo)) & 0xff);
  }

  /** Live fcmode change: new skbs follow it; fcmode 0 drains the delay queues uncredited. */
  setMode(mode: FcMode, nowNs: Ns): void {
    this.mode = mode;
    this.runWorker(nowNs);
  }

  /** brcmf_fws_bus_blocked(drvr, false) → reschedule the worker. */
  busUnblocked(nowNs: Ns): void {
    if (!this.busFlowBlocked) return;
    this.busFlowBlocked = false;
    this.runWorker(nowNs);
  }

  /** brcmf_fws_dequeue_worker (brcmf_fws_schedule_deq runs it; re-entry reruns it). */
  runWorker(nowNs: Ns): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    do {
      this.again = false;
      this.dequeueAll(nowNs);
    } while (this.again);
    this.running = false;
  }

  private dequeueAll(nowNs: Ns): void {
    for (let fifo = FIFO_AC_VO; fifo >= 0 && !this.busFlowBlocked; fifo--) {
      if (this.mode === 0) {
        // !brcmf_fws_fc_active: pop from the hanger, send without credit;
        // the bus completion frees it.
        let skb: Skb | null;
        while ((skb = this.deq(fifo, nowNs)) !== null) {
          this.hanger.pop(tagSlot(this.psq[fifo].lastTag));
          if (!this.host.busTxdata(skb, NO_TAG, nowNs)) {
            this.host.lost(skb, nowNs);
            this.host.finalize(skb, nowNs);
          }
          if (this.busFlowBlocked) break;
        }
        this.stalled[fifo] = 0;
        continue;
      }
      let sent = 0;
      while (this.credit[fifo] > 0) {
        const skb = this.deq(fifo, nowNs);
        if (!skb) break;
        this.credit[fifo]--;
        if (!this.commit(skb, this.psq[fifo].lastTag, fifo, nowNs)) break;
        sent++;
        if (this.busFlowBlocked) break;
      }
      if (fifo === FIFO_AC_BE && this.credit[fifo] <= 0 && !this.busFlowBlocked) {
        while (this.borrowCredit(nowNs)) {
          const skb = this.deq(fifo, nowNs);
          if (!skb) {
            this.returnCredits(fifo, 1);
            break;
          }
          if (!this.commit(skb, this.psq[fifo].lastTag, fifo, nowNs)) break;
          sent++;
          if (this.busFlowBlocked) break;
        }
      }
      // A stall: packets wait on this FIFO for want of credit. Counted once per
      // episode; an episode ends when the FIFO sends or empties.
      if (this.psq[fifo].length > 0 && this.credit[fifo] <= 0 && !this.busFlowBlocked) {
        if (this.stalled[fifo] === 0 || sent > 0) this.stats.creditsStalls++;
        this.stalled[fifo] = 1;
      } else {
        this.stalled[fifo] = 0;
      }
    }
  }

  /** brcmf_fws_deq: head of this FIFO's queue, then the netif watermark check. */
  private deq(fifo: number, nowNs: Ns): Skb | null {
    const skb = this.psq[fifo].shift();
    if (!skb) return null;
    this.psqTotal--;
    this.flowControlCheck(nowNs);
    return skb;
  }

  /** brcmf_fws_commit_skb; on a bus refusal, brcmf_fws_rollback_toq. */
  private commit(skb: Skb, queuedTag: number, fifo: number, nowNs: Ns): boolean {
    const tag = makeTag(tagSlot(queuedTag), this.mode, fifo);
    if (this.host.busTxdata(skb, tag, nowNs)) return true;
    this.psq[fifo].unshift(skb, queuedTag);
    this.psqTotal++;
    this.returnCredits(fifo, 1);
    return false;
  }

  /** brcmf_fws_return_credits, including its repay-the-lenders-only-if-BK-lent test. */
  private returnCredits(fifo: number, credits: number): void {
    if (credits <= 0) return;
    if (fifo === FIFO_AC_BE && this.borrowed[0] > 0) {
      for (let lender = FIFO_AC_VO; lender >= 0; lender--) {
        const b = this.borrowed[lender];
        if (b === 0) continue;
        if (b >= credits) {
          this.borrowed[lender] -= credits;
          this.credit[lender] += credits;
          return;
        }
        credits -= b;
        this.credit[lender] += b;
        this.borrowed[lender] = 0;
      }
    }
    this.credit[fifo] = Math.min(this.credit[fifo] + credits, this.initCredit[fifo]);
  }

  /** brcmf_fws_borrow_credit: AC_BE takes one credit from the lowest AC that has one. */
  private borrowCredit(nowNs: Ns): boolean {
    if (this.borrowDeferUntilNs > nowNs) return false;
    for (let lender = 0; lender <= FIFO_AC_VO; lender++) {
      if (this.credit[lender] > 0) {
        this.borrowed[lender]++;
        this.credit[lender]--;
        return true;
      }
    }
    return false;
  }

  /** brcmf_fws_flow_control_check on the destination's psq. */
  private flowControlCheck(nowNs: Ns): void {
    if (this.netifStopped && this.psqTotal <= this.fwsQueueLow) {
      this.netifStopped = false;
      this.host.netifFlow(false, nowNs);
    }
    if (!this.netifStopped && this.psqTotal >= this.fwsQueueHigh) {
      this.netifStopped = true;
      this.host.netifFlow(true, nowNs);
    }
  }
}
