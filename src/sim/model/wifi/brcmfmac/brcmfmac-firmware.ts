/**
 * The dongle firmware as the host sees it through brcmfmac: a bounded TX
 * packet pool (what the SDPCM credit in sdio.c lets the host fill), A-MPDU
 * aggregation of whatever is queued (the dongle's wlc_ampdu.c: BAW,
 * byte and airtime limits, AMPDU_DEF_RETRY_LIMIT retries), and the
 * proptxstatus signals the host parses in fwsignal.c: one TXSTATUS per
 * packet that carried a PKTTAG, and FIFO_CREDITBACK for packets sent in
 * fcmode 2, sent once a FIFO has creditBackBatch credits pending (or when the
 * dongle goes idle, so no credit is stranded).
 *
 * One firmware queue for all ACs; it contends with the BE EDCA parameters.
 */
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import {
  ETH_HDR_BYTES,
  FW_AMPDU_RETRY_LIMIT,
  FWS_FIFO_COUNT,
  tagFifo,
  tagMode,
  type BrcmfmacHooks,
  type BrcmfmacOptions,
} from './brcmfmac-config';
import { SkbTagDeque, TimedIntRing } from './brcmfmac-ring';
import { MpduErrorModel } from '../phy/mpdu-error';
import {
  ampduSubframeBytes,
  blockAckExchangeNs,
  maxPsduBytesForAirtime,
  mpduBytes,
  ppduDurationNs,
} from '../phy/phy';
import type { TxopRecord } from '../types';
import { Hop } from '../../skb-trace';

const EV_OUTCOME = 1;
/** Outcome codes per aggregate slot. */
const OK = 1;
const RETRY = 2;
const TOSS = 3;

/** Callbacks into the driver object that owns the medium registration and the bus. */
export interface FirmwareLinks {
  kickMedium(): void;
  reportFailure(): void;
  /** Pool space or signals changed: the bus may have work now. */
  busKick(nowNs: Ns): void;
  /** Signals become readable at readyNs. */
  busKickAt(readyNs: Ns): void;
}

export interface FirmwareStats {
  txops: number;
  mpdusOk: number;
  mpdusFailed: number;
  tossed: number;
}

export class BrcmfFirmware implements EventTarget {
  /** Packets the dongle holds: queued, on the air, or awaiting BlockAck handling. */
  held = 0;
  /** Of those, delivered ones whose buffers wait for the BlockAck handling. */
  private ackedHeld = 0;
  /** TXSTATUS signals (value = the packet's tag) waiting for a bus read. */
  readonly statuses = new TimedIntRing(256);
  /** FIFO_CREDITBACK signals (value = 4 counts packed a byte each). */
  readonly creditBacks = new TimedIntRing(16);
  readonly stats: FirmwareStats = { txops: 0, mpdusOk: 0, mpdusFailed: 0, tossed: 0 };

  private readonly queue: SkbTagDeque;
  private readonly cbPending = new Int32Array(FWS_FIFO_COUNT);
  private readonly aggSkbs: (Skb | null)[];
  private readonly aggTags: Int32Array;
  private readonly aggOutcome: Uint8Array;
  private aggN = 0;
  private busy = false;
  /** The aggregate's L2 bytes (all, and those with a PKTTAG), and whether it is on the air still. */
  private aggBytes = 0;
  private aggTaggedBytes = 0;
  private airborne = false;
  private nextSeq = 0;
  private bawStart = 0;
  private readonly resolved: Uint8Array;
  private readonly seqMask: number;
  private readonly maxPsduBytes: number;
  private readonly maxFrames: number;
  /** Loss of each MPDU by its length (opts.frameErrorRate is that of a full-size one). */
  private readonly errors: MpduErrorModel;
  /** Pending credits that trigger a FIFO_CREDITBACK, per FIFO. */
  private readonly cbThreshold = new Int32Array(FWS_FIFO_COUNT);

  constructor(
    private readonly sim: Sim,
    private readonly rng: Rng,
    private readonly opts: BrcmfmacOptions,
    private readonly hooks: BrcmfmacHooks,
    private readonly links: FirmwareLinks,
  ) {
    const fw = opts.firmware;
    this.errors = new MpduErrorModel(opts.frameErrorRate);
    this.maxFrames = Math.max(1, fw.maxAmpduFrames);
    this.maxPsduBytes = Math.min(fw.maxAmpduBytes, maxPsduBytesForAirtime(opts.rate, fw.maxAirtimeUs));
    this.queue = new SkbTagDeque(Math.max(16, fw.queuePkts));
    this.aggSkbs = new Array<Skb | null>(this.maxFrames).fill(null);
    this.aggTags = new Int32Array(this.maxFrames);
    this.aggOutcome = new Uint8Array(this.maxFrames);
    let size = 4096;
    while (size < 2 * (fw.queuePkts + this.maxFrames)) size *= 2;
    this.resolved = new Uint8Array(size);
    this.seqMask = size - 1;
    // A FIFO never waits for more credits than it has (the dongle tunables set
    // lower thresholds for the small FIFOs, e.g. BK 2, VI 3, VO 2).
    for (let f = 0; f < FWS_FIFO_COUNT; f++) {
      this.cbThreshold[f] = Math.max(1, Math.min(opts.creditBackBatch, opts.initialCredits[f]));
    }
  }

  /** Free pool entries: the SDPCM credit the host may fill. */
  freeSlots(): number {
    return Math.max(0, this.opts.firmware.queuePkts - this.held);
  }

  get queuedPkts(): number {
    return this.queue.length;
  }

  /** Packets in the dongle that the AP does not have yet. */
  get undeliveredPkts(): number {
    return this.held - this.ackedHeld;
  }

  /** L2 bytes in the dongle and not on the air: queued, retrying, or sent and awaiting the BlockAck handling. */
  get waitingBytes(): number {
    return this.queue.l2Bytes + (this.airborne ? 0 : this.aggBytes);
  }

  /** L2 bytes in the dongle that carry a PKTTAG: the host's hanger holds these skbs too. */
  get taggedBytes(): number {
    return this.queue.taggedBytes + this.aggTaggedBytes;
  }

  /** A packet arrived over the bus. The 802.11 sequence number is a running counter (not wrapped). */
  receive(skb: Skb, tag: number): void {
    skb.seqno80211 = this.nextSeq++;
    skb.retries = 0;
    if (skb.trace !== null) skb.trace.hop(Hop.HW_QUEUE, this, this.sim.nowNs);
    this.resolved[skb.seqno80211 & this.seqMask] = 0;
    this.queue.push(skb, tag);
    this.held++;
    if (!this.busy) this.links.kickMedium();
  }

  hasPending(): boolean {
    return !this.busy && this.queue.length > 0;
  }

  /** Build the A-MPDU from the head of the queue (retries first, they were requeued there). */
  startTxop(nowNs: Ns): { airtimeNs: Ns; record: TxopRecord } {
    if (this.busy || this.queue.length === 0) throw new Error('brcmfmac firmware: TXOP with nothing to send');
    const q = this.queue;
    const windowEnd = this.bawStart + this.maxFrames;
    let n = 0;
    let sumNonLast = 0;
    let psdu = 0;
    while (n < this.maxFrames && n < q.length) {
      const skb = q.at(n);
      if (skb.seqno80211 >= windowEnd) break;
      const m = mpduBytes(skb.l2Bytes - skb.segs * ETH_HDR_BYTES);
      const withIt = sumNonLast + ampduSubframeBytes(m, true);
      if (n > 0 && withIt > this.maxPsduBytes) break;
      psdu = withIt;
      sumNonLast += ampduSubframeBytes(m, false);
      n++;
    }
    const before = q.l2Bytes;
    const taggedBefore = q.taggedBytes;
    for (let i = 0; i < n; i++) {
      const skb = q.shift()!;
      this.aggSkbs[i] = skb;
      this.aggTags[i] = q.lastTag;
      if (skb.trace !== null) skb.trace.hop(Hop.WIRE, this, nowNs);
    }
    this.aggBytes = before - q.l2Bytes;
    this.aggTaggedBytes = taggedBefore - q.taggedBytes;
    this.aggN = n;
    this.busy = true;
    this.airborne = true;
    this.stats.txops++;
    const o = this.opts;
    const airtimeNs = blockAckExchangeNs(ppduDurationNs(psdu, o.rate), o.band);
    this.hooks.onAggregate(n, psdu, o.peer, nowNs);
    const record: TxopRecord = {
      startNs: nowNs,
      endNs: nowNs + airtimeNs,
      node: o.node,
      peer: o.peer,
      nframes: n,
      bytes: psdu,
      collided: false,
    };
    return { airtimeNs, record };
  }

  /** The BlockAck came back (or not): the AP has the good MPDUs now. */
  endTxop(nowNs: Ns, collided: boolean): void {
    this.airborne = false;
    let anyOk = false;
    for (let i = 0; i < this.aggN; i++) {
      const skb = this.aggSkbs[i]!;
      if (skb.trace !== null) skb.trace.hop(Hop.WIRE_END, this, nowNs);
      const p = this.errors.probability(mpduBytes(skb.l2Bytes - skb.segs * ETH_HDR_BYTES));
      const ok = !collided && (p <= 0 || this.rng.next() >= p);
      if (ok) {
        anyOk = true;
        this.ackedHeld++;
        this.aggOutcome[i] = OK;
        this.stats.mpdusOk++;
        this.hooks.deliver(skb, nowNs);
      } else {
        this.stats.mpdusFailed++;
        this.aggOutcome[i] = skb.retries >= FW_AMPDU_RETRY_LIMIT ? TOSS : RETRY;
      }
    }
    // No BlockAck at all: the exchange failed (a collision is already counted by the medium).
    if (!collided && !anyOk) this.links.reportFailure();
    const delay = this.opts.firmware.rxAckDelayNs;
    if (delay > 0) this.sim.at(nowNs + delay, this, EV_OUTCOME);
    else this.processOutcome(nowNs);
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind === EV_OUTCOME) this.processOutcome(nowNs);
  }

  /** Release acked and tossed packets (signals to the host), requeue the rest at the head. */
  private processOutcome(nowNs: Ns): void {
    const n = this.aggN;
    let signalled = false;
    for (let i = 0; i < n; i++) {
      const out = this.aggOutcome[i];
      if (out === RETRY) continue;
      const skb = this.aggSkbs[i]!;
      if (skb.trace !== null)
        skb.trace.hop(this.aggTags[i] >= 0 ? Hop.TX_STATUS : Hop.FW_RELEASE, this, nowNs);
      this.resolved[skb.seqno80211 & this.seqMask] = 1;
      this.held--;
      if (out === TOSS) {
        this.stats.tossed++;
        this.hooks.drop(skb, nowNs);
      }
      if (this.signalDone(this.aggTags[i], nowNs)) signalled = true;
    }
    for (let i = n - 1; i >= 0; i--) {
      if (this.aggOutcome[i] !== RETRY) continue;
      const skb = this.aggSkbs[i]!;
      skb.retries++;
      this.queue.unshift(skb, this.aggTags[i]);
    }
    for (let i = 0; i < n; i++) this.aggSkbs[i] = null;
    this.aggN = 0;
    this.aggBytes = 0;
    this.aggTaggedBytes = 0;
    this.ackedHeld = 0;
    while (this.bawStart < this.nextSeq && this.resolved[this.bawStart & this.seqMask] === 1) this.bawStart++;
    this.busy = false;
    if (this.held === 0 && this.flushCreditBack(nowNs)) signalled = true;
    if (signalled) this.links.busKickAt(nowNs + this.opts.firmware.txStatusLatencyNs);
    this.links.busKick(nowNs);
    if (this.queue.length > 0) this.links.kickMedium();
  }

  /** Proptxstatus signals for one finished packet; true if any was queued. */
  private signalDone(tag: number, nowNs: Ns): boolean {
    if (tag < 0) return false; // no PKTTAG: fcmode 0 packets get no status
    const readyNs = nowNs + this.opts.firmware.txStatusLatencyNs;
    this.statuses.push(readyNs, tag);
    if (tagMode(tag) === 2) {
      const fifo = tagFifo(tag);
      if (++this.cbPending[fifo] >= this.cbThreshold[fifo]) this.flushCreditBack(nowNs);
    }
    return true;
  }

  /** Send every pending credit in FIFO_CREDITBACK TLVs (a byte per FIFO each). */
  private flushCreditBack(nowNs: Ns): boolean {
    const p = this.cbPending;
    let sent = false;
    while (p[0] > 0 || p[1] > 0 || p[2] > 0 || p[3] > 0) {
      let packed = 0;
      for (let f = 0; f < FWS_FIFO_COUNT; f++) {
        const c = Math.min(p[f], 255);
        p[f] -= c;
        packed |= c << (8 * f);
      }
      this.creditBacks.push(nowNs + this.opts.firmware.txStatusLatencyNs, packed);
      sent = true;
    }
    return sent;
  }
}
