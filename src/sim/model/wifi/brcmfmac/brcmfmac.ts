/**
 * brcmfmac FullMAC transmit path for an SDIO dongle (BCM43455 class), from
 * brcmf_netdev_start_xmit (drivers/net/wireless/broadcom/brcm80211/brcmfmac/
 * core.c) to brcmf_txfinalize:
 *
 *   xmit → [fcmode 1/2] fwsignal.c hanger + delay queue + credits
 *        → sdio.c bus txq → glommed CMD53 write → dongle pool → A-MPDU on air
 *        → BlockAck → [fcmode 1/2] TXSTATUS read back over SDIO → free
 *   [fcmode 0] the SDIO bus does not set always_use_fws_queue, so
 *   brcmf_fws_attach sets avoid_queueing: skbs go straight to the bus and
 *   brcmf_proto_bcdc_txcomplete frees them when the write completes.
 *
 * Netdev flow control: the fws queue stops the queue at fwsQueueHigh and
 * wakes it at fwsQueueLow (BRCMF_NETIF_STOP_REASON_FWS_FC); in fcmode 0 the
 * bus txq does it at TXHI/TXLOW (BRCMF_NETIF_STOP_REASON_FLOW). A wake is
 * delivered as an event at the same time, as netif_wake_queue schedules the
 * qdisc rather than running it.
 *
 * The caller does sk_pacing_shift_update; the caller segments GSO skbs (the
 * driver offers no TSO, so validate_xmit_skb does).
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { NO_TAG, type BrcmfmacHooks, type BrcmfmacOptions, type FcMode } from './brcmfmac-config';
import { BrcmfFirmware } from './brcmfmac-firmware';
import { Fws } from './brcmfmac-fwsignal';
import { SdioBus } from './brcmfmac-sdio';
import type { Medium } from '../medium/medium';
import { EDCA_DEFAULT } from '../phy/phy';
import { AC, type Contender, type EdcaParams, type TxopRecord } from '../types';

export type { BrcmfmacHooks, BrcmfmacOptions, FcMode } from './brcmfmac-config';
export { brcmfmac43455Defaults } from './brcmfmac-config';

/** brcmf_netif_stop_reason bits. */
const STOP_FWS_FC = 1;
const STOP_FLOW = 2;
const EV_WAKE = 1;

export interface BrcmfmacStats {
  /** TXSTATUS signals the host processed. */
  txStatus: number;
  /** Episodes where a FIFO had packets queued and no credit. */
  creditsStalls: number;
  /** SDIO writes (gloms). */
  busTransfers: number;
  /** SDIO reads of signal frames. */
  busReads: number;
  xmitPkts: number;
  delivered: number;
  /** Packets that will never reach the AP (host refusals and firmware tosses). */
  dropped: number;
  freed: number;
}

export class Brcmfmac implements Contender, EventTarget {
  readonly node: number;
  readonly edca: EdcaParams = EDCA_DEFAULT[AC.BE];
  readonly stats: BrcmfmacStats = {
    txStatus: 0,
    creditsStalls: 0,
    busTransfers: 0,
    busReads: 0,
    xmitPkts: 0,
    delivered: 0,
    dropped: 0,
    freed: 0,
  };
  /** Exposed for probes and tests. */
  readonly fws: Fws;
  readonly bus: SdioBus;
  readonly firmware: BrcmfFirmware;

  private fcMode: FcMode;
  private stopReasons = 0;
  private wakeFn: ((nowNs: Ns) => void) | null = null;
  private wakeScheduled = false;

  constructor(
    private readonly sim: Sim,
    rng: Rng,
    private readonly medium: Medium,
    opts: BrcmfmacOptions,
    private readonly hooks: BrcmfmacHooks,
  ) {
    this.node = opts.node;
    this.fcMode = opts.fcMode;
    const st = this.stats;
    // Count at the driver boundary, then hand on.
    const counted: BrcmfmacHooks = {
      deliver: (skb, now) => {
        st.delivered++;
        hooks.deliver(skb, now);
      },
      free: (skb, now) => {
        st.freed++;
        hooks.free(skb, now);
      },
      drop: (skb, now) => {
        st.dropped++;
        hooks.drop(skb, now);
      },
      onAggregate: (n, bytes, dst, now) => hooks.onAggregate(n, bytes, dst, now),
    };
    this.firmware = new BrcmfFirmware(sim, rng, opts, counted, {
      kickMedium: () => this.medium.kick(this),
      reportFailure: () => this.medium.reportFailure(this),
      busKick: (now) => this.bus.kick(now),
      busKickAt: (t) => this.bus.kickAt(t),
    });
    this.fws = new Fws(
      opts.fcMode,
      opts.initialCredits,
      opts.hangerSlots,
      opts.fwsQueueHigh,
      opts.fwsQueueLow,
      {
        busTxdata: (skb, tag, now) => this.bus.txdata(skb, tag, now),
        finalize: counted.free,
        lost: counted.drop,
        netifFlow: (stop, now) => this.setStop(STOP_FWS_FC, stop, now),
      },
      st,
    );
    this.bus = new SdioBus(
      sim,
      opts.bus,
      opts.firmware.txStatusBatch,
      this.firmware,
      {
        // bcdc: with fws flow control on for this packet, only its TXSTATUS frees it.
        txComplete: (skb, tag, now) => {
          if (tag === NO_TAG) counted.free(skb, now);
        },
        flowBlock: (blocked, now) => this.busFlowBlock(blocked, now),
        creditBack: (packed) => this.fws.creditBack(packed),
        txStatus: (tag, now) => {
          st.txStatus++;
          this.fws.txStatus(tag, now);
        },
        readParsed: (now) => this.fws.runWorker(now),
        rxFrame: (skb, now) => hooks.receive?.(skb, now),
      },
      st,
    );
    medium.register(this);
  }

  /** A frame for this station came off the air: the dongle hands it to the host over SDIO. */
  receiveFromAir(skb: Skb, nowNs: Ns): void {
    this.bus.rxFromAir(skb, nowNs);
  }

  // ---- netdev side ----

  queueStopped(): boolean {
    return this.stopReasons !== 0;
  }

  /** brcmf_netdev_start_xmit → brcmf_proto_bcdc_tx_queue_data. */
  xmit(skb: Skb, nowNs: Ns): void {
    this.stats.xmitPkts++;
    if (this.fcMode !== 0) {
      this.fws.processSkb(skb, nowNs);
      return;
    }
    if (!this.bus.txdata(skb, NO_TAG, nowNs)) {
      this.stats.dropped++;
      this.hooks.drop(skb, nowNs);
      this.stats.freed++;
      this.hooks.free(skb, nowNs);
    }
  }

  setWake(fn: (nowNs: Ns) => void): void {
    this.wakeFn = fn;
  }

  /** Live fcmode change (not possible in the kernel, where fcmode is a module parameter). */
  setFcMode(mode: FcMode, nowNs: Ns): void {
    if (mode === this.fcMode) return;
    this.fcMode = mode;
    this.fws.setMode(mode, nowNs);
  }

  get currentFcMode(): FcMode {
    return this.fcMode;
  }

  // ---- occupancy ----

  fwsQueuedPkts(): number {
    return this.fws.queuedPkts;
  }
  hangerPkts(): number {
    return this.fws.hangerPkts;
  }
  /** L2 bytes of the skbs in the hanger (queued or awaiting TXSTATUS). */
  hangerBytes(): number {
    return this.fws.hangerBytes;
  }
  busQueuedPkts(): number {
    return this.bus.queuedPkts;
  }
  /** L2 bytes below the qdisc on the host: fws delay queues and the SDIO bus. */
  hostQueuedBytes(): number {
    return this.fws.queuedBytes + this.bus.queuedBytes;
  }
  /** L2 bytes in the dongle and not on the air (queued, retrying, awaiting BlockAck handling). */
  dongleBytes(): number {
    return this.firmware.waitingBytes;
  }
  /**
   * L2 bytes whose TX status is on its way back: in the hanger, but no longer
   * in the delay queues, on the bus or in the dongle. Late completion is this.
   */
  statusPendingBytes(): number {
    return this.fws.hangerBytes - this.fws.queuedBytes - this.bus.taggedBytes - this.firmware.taggedBytes;
  }
  /** Packets in the dongle not yet delivered: queued, on the air, or failed and about to be retried. */
  firmwarePkts(): number {
    return this.firmware.undeliveredPkts;
  }

  // ---- Contender: the dongle contends for the air ----

  hasPending(): boolean {
    return this.firmware.hasPending();
  }
  startTxop(nowNs: Ns): { airtimeNs: Ns; record: TxopRecord } {
    return this.firmware.startTxop(nowNs);
  }
  endTxop(nowNs: Ns, collided: boolean): void {
    this.firmware.endTxop(nowNs, collided);
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind !== EV_WAKE) return;
    this.wakeScheduled = false;
    if (this.stopReasons === 0 && this.wakeFn) this.wakeFn(nowNs);
  }

  /** brcmf_fws_bus_blocked: with avoid_queueing the netdev stops, else the fws worker does. */
  private busFlowBlock(blocked: boolean, nowNs: Ns): void {
    if (blocked) {
      if (this.fcMode === 0) this.setStop(STOP_FLOW, true, nowNs);
      else this.fws.busFlowBlocked = true;
      return;
    }
    this.setStop(STOP_FLOW, false, nowNs);
    this.fws.busUnblocked(nowNs);
  }

  /** brcmf_txflowblock_if: the queue runs only when no reason holds it. */
  private setStop(reason: number, stop: boolean, nowNs: Ns): void {
    const before = this.stopReasons;
    this.stopReasons = stop ? before | reason : before & ~reason;
    if (before !== 0 && this.stopReasons === 0 && !this.wakeScheduled) {
      this.wakeScheduled = true;
      this.sim.at(nowNs, this, EV_WAKE);
    }
  }
}
