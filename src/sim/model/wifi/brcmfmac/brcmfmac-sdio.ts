/**
 * The SDIO bus under brcmfmac (drivers/net/wireless/broadcom/brcm80211/
 * brcmfmac/sdio.c, bcmsdh.c): brcmf_sdio_bus_txdata queues on bus->txq
 * (flow control at TXHI/TXLOW); the DPC (brcmf_sdio_dpc) first reads frames
 * from the dongle (received frames, e.g. TCP ACKs, and proptxstatus
 * signals in one superframe of at most BRCMF_RXBOUND frames), then brcmf_sdio_sendfromq
 * writes a glom of up to txglomsz packets, never more than the dongle's
 * SDPCM credit (tx_max − tx_seq, here its free pool entries). After a write,
 * brcmf_sdio_txpkt calls brcmf_proto_bcdc_txcomplete for every packet.
 *
 * Costs: a transfer takes perTransferOverheadNs + bytes / bytesPerSec. A
 * write carries each frame with SDPCM (12, +8 when glomming), BCDC (4) and,
 * for fws packets, PKTTAG (8) headers; a read is at least BRCMF_FIRSTREAD
 * bytes. Half duplex: reads and writes take turns on one timeline, reads first.
 * Block padding and the control channel are not modelled.
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import { ringCapacity } from '../../../engine/ring-column';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import {
  BCDC_HEADER_BYTES,
  FWS_CREDITBACK_TLV_BYTES,
  FWS_PKTTAG_BYTES,
  SDIO_MIN_READ_BYTES,
  SDIO_TXHI,
  SDIO_TXLOW,
  SDIO_TXQLEN,
  SDPCM_HDR_BYTES,
  SDPCM_HWEXT_BYTES,
  type BrcmfmacBusOptions,
} from './brcmfmac-config';
import type { BrcmfFirmware } from './brcmfmac-firmware';
import { SkbTagDeque } from './brcmfmac-ring';

const EV_DPC = 1;
/** BRCMF_RXBOUND: frames the DPC reads per pass. */
const BRCMF_RXBOUND = 50;
const EV_WRITE_DONE = 2;
const EV_READ_DONE = 3;

/** What the bus calls back into the protocol layer (bcdc.c / fwsignal.c). */
export interface SdioHost {
  /** brcmf_proto_bcdc_txcomplete for one packet of a finished write. */
  txComplete(skb: Skb, tag: number, nowNs: Ns): void;
  /** brcmf_proto_bcdc_txflowblock(dev, state). */
  flowBlock(blocked: boolean, nowNs: Ns): void;
  /** A read finished: its FIFO_CREDITBACK signals, then its TXSTATUS signals. */
  creditBack(packed: number, nowNs: Ns): void;
  txStatus(tag: number, nowNs: Ns): void;
  /** All signals of one read were parsed (brcmf_fws_schedule_deq). */
  readParsed(nowNs: Ns): void;
  /** A received frame reached the host (brcmf_rx_frame → netif_rx). */
  rxFrame(skb: Skb, nowNs: Ns): void;
}

export interface SdioStats {
  busTransfers: number;
  busReads: number;
}

export class SdioBus implements EventTarget {
  private readonly txq = new SkbTagDeque(256);
  private readonly writing = new SkbTagDeque(64);
  private txoff = false;
  private writeBusy = false;
  private readBusy = false;
  private dpcScheduled = false;
  private readStatuses: Int32Array;
  private readStatusN = 0;
  private readCredits = new Int32Array(4);
  private readCreditN = 0;
  private readonly glomHdrBytes: number;
  /** Frames the dongle received over the air and holds for the host. */
  private readonly rxWaiting = new SkbTagDeque(64);
  private rxReading: Skb[] = [];
  private rxDelivering: Skb[] = [];

  constructor(
    private readonly sim: Sim,
    private readonly opts: BrcmfmacBusOptions,
    private readonly statusBatch: number,
    private readonly fw: BrcmfFirmware,
    private readonly host: SdioHost,
    private readonly stats: SdioStats,
  ) {
    this.readStatuses = new Int32Array(Math.max(1, statusBatch));
    this.glomHdrBytes = opts.maxPktsPerTransfer > 1 ? SDPCM_HWEXT_BYTES : 0;
  }

  /** Packets in bus->txq plus those in the write under way. */
  get queuedPkts(): number {
    return this.txq.length + this.writing.length;
  }

  /** L2 bytes of those packets. */
  get queuedBytes(): number {
    return this.txq.l2Bytes + this.writing.l2Bytes;
  }

  /** L2 bytes of those that carry a PKTTAG (fcmode 1 and 2: still in the hanger). */
  get taggedBytes(): number {
    return this.txq.taggedBytes + this.writing.taggedBytes;
  }

  /** brcmf_sdio_bus_txdata: false when bus->txq is full. */
  txdata(skb: Skb, tag: number, nowNs: Ns): boolean {
    if (this.txq.length >= SDIO_TXQLEN) return false;
    this.txq.push(skb, tag);
    if (this.txq.length >= SDIO_TXHI) {
      this.txoff = true;
      this.host.flowBlock(true, nowNs);
    }
    this.kick(nowNs);
    return true;
  }

  /** The dongle received a frame for the host: it raises the SDIO interrupt (F2 data ready). */
  rxFromAir(skb: Skb, nowNs: Ns): void {
    this.rxWaiting.push(skb, 0);
    this.kick(nowNs);
  }

  /** brcmf_sdio_trigger_dpc: the DPC runs after the current context, at the same time. */
  kick(nowNs: Ns): void {
    if (this.dpcScheduled) return;
    this.dpcScheduled = true;
    this.sim.at(nowNs, this, EV_DPC);
  }

  /** Signals become readable later: run the DPC then. */
  kickAt(readyNs: Ns): void {
    this.sim.at(readyNs, this, EV_DPC);
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind === EV_DPC) {
      this.dpcScheduled = false;
      this.dpc(nowNs);
    } else if (kind === EV_WRITE_DONE) {
      this.writeDone(nowNs);
    } else if (kind === EV_READ_DONE) {
      this.readDone(nowNs);
    }
  }

  private dpc(nowNs: Ns): void {
    const half = this.opts.halfDuplex;
    if (!this.readBusy && !(half && this.writeBusy) && this.signalsReady(nowNs)) this.startRead(nowNs);
    if (!this.writeBusy && !(half && this.readBusy) && this.txq.length > 0) this.startWrite();
  }

  private signalsReady(nowNs: Ns): boolean {
    return (
      this.rxWaiting.length > 0 ||
      this.fw.statuses.headReadyNs() <= nowNs ||
      this.fw.creditBacks.headReadyNs() <= nowNs
    );
  }

  private transferNs(bytes: number): Ns {
    return this.opts.perTransferOverheadNs + Math.ceil((bytes * 1e9) / this.opts.bytesPerSec);
  }

  /** brcmf_sdio_sendfromq: one glom, bounded by txglomsz and the dongle's credit. */
  private startWrite(): void {
    const n = Math.min(this.opts.maxPktsPerTransfer, this.txq.length, this.fw.freeSlots());
    if (n <= 0) return; // no credit: the firmware kicks us when it frees pool entries
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const skb = this.txq.shift()!;
      const tag = this.txq.lastTag;
      this.writing.push(skb, tag);
      bytes +=
        skb.l2Bytes +
        SDPCM_HDR_BYTES +
        this.glomHdrBytes +
        BCDC_HEADER_BYTES +
        (tag >= 0 ? FWS_PKTTAG_BYTES : 0);
    }
    this.writeBusy = true;
    this.stats.busTransfers++;
    this.sim.after(this.transferNs(bytes), this, EV_WRITE_DONE);
  }

  private writeDone(nowNs: Ns): void {
    this.writeBusy = false;
    const w = this.writing;
    while (w.length > 0) {
      const skb = w.shift()!;
      const tag = w.lastTag;
      this.fw.receive(skb, tag);
      this.host.txComplete(skb, tag, nowNs);
    }
    // Deflow-control the stack once the queue is below TXLOW.
    if (this.txoff && this.txq.length < SDIO_TXLOW) {
      this.txoff = false;
      this.host.flowBlock(false, nowNs);
    }
    this.dpc(nowNs);
  }

  /** brcmf_sdio_readframes: one frame of proptxstatus signals. */
  private startRead(nowNs: Ns): void {
    const st = this.fw.statuses;
    const cb = this.fw.creditBacks;
    const ns = st.countReady(nowNs, this.statusBatch);
    for (let i = 0; i < ns; i++) this.readStatuses[i] = st.shift();
    this.readStatusN = ns;
    const nc = cb.countReady(nowNs, Infinity);
    if (nc > this.readCredits.length) this.readCredits = new Int32Array(ringCapacity(nc));
    for (let i = 0; i < nc; i++) this.readCredits[i] = cb.shift();
    this.readCreditN = nc;
    // Received frames ride in the same superframe, each with its own SDPCM and BCDC headers.
    let rxBytes = 0;
    const nr = Math.min(this.rxWaiting.length, BRCMF_RXBOUND);
    for (let i = 0; i < nr; i++) {
      const skb = this.rxWaiting.shift()!;
      this.rxReading.push(skb);
      rxBytes += skb.l2Bytes + SDPCM_HDR_BYTES + BCDC_HEADER_BYTES;
    }
    const payload =
      SDPCM_HDR_BYTES +
      BCDC_HEADER_BYTES +
      ns * this.opts.txstatusBytes +
      nc * FWS_CREDITBACK_TLV_BYTES +
      rxBytes;
    this.readBusy = true;
    this.stats.busReads++;
    this.sim.after(this.transferNs(Math.max(SDIO_MIN_READ_BYTES, payload)), this, EV_READ_DONE);
  }

  private readDone(nowNs: Ns): void {
    this.readBusy = false;
    for (let i = 0; i < this.readCreditN; i++) this.host.creditBack(this.readCredits[i], nowNs);
    for (let i = 0; i < this.readStatusN; i++) this.host.txStatus(this.readStatuses[i], nowNs);
    this.readCreditN = 0;
    this.readStatusN = 0;
    this.host.readParsed(nowNs);
    // Swap the lists: a frame the host's handling makes readable goes into the next read.
    const rx = this.rxReading;
    this.rxReading = this.rxDelivering;
    this.rxDelivering = rx;
    for (let i = 0; i < rx.length; i++) this.host.rxFrame(rx[i], nowNs);
    rx.length = 0;
    this.dpc(nowNs);
  }
}
