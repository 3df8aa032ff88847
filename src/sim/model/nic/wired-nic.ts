/**
 * A wired NIC: TX descriptor ring, optional BQL (lib/dynamic_queue_limits.c),
 * serialisation at the link rate (TSO segments go out back to back with
 * Ethernet framing), and the TX-completion model of its driver
 * (./tx-reclaim.ts) that decides when the skb is freed — the moment TCP Small
 * Queues waits for. A descriptor stays in use until the TX clean frees its
 * skb, as in every driver's ring accounting.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { preferDoubleFields } from '../../engine/double-fields';
import { EventLane } from '../../engine/sim';
import { NS_PER_SEC, type Ns } from '../../engine/time';
import { SkbRing } from '../qdisc/skb-ring';
import { continuesSegment, ETH_WIRE_OVERHEAD_BYTES, Skb, SkbKind } from '../skb';
import { SEGMENT_HOLDERS, SPARE_SKBS } from '../skb-pool';
import { extendsPiece, isTrainPart, mergeInto, segmentOf, splitTail, trainOf, wholeCopy } from '../skb-train';
import { Dql } from './bql';
import type { DeliverFn, TxDriver } from './driver';
import { Hop } from '../skb-trace';
import { createReclaim, type TxReclaim } from './tx-reclaim';
import type { WiredNicConfig } from './wired-nic-config';

export type { CompletionModel } from './tx-reclaim';

export type { WireDelivery, WiredNicConfig } from './wired-nic-config';

const K_TX_END = 1;
const K_ARRIVE = 2;
const K_CLEAN_DONE = 4;
const K_ARRIVE_ALL = 8;
const K_BURST_END = 16;

export class WiredNic implements TxDriver, EventTarget {
  /** Descriptors not yet sent; the head is the one on the wire while busy. */
  private readonly ring = new SkbRing(64);
  private busy = false;
  private wake: (nowNs: Ns) => void = () => {};
  private stopped = false;
  private readonly dql: Dql | null;
  /** Sent, not yet cleaned: their descriptors are still in use. */
  private pending = new SkbRing();
  /** Drained lists (completions, a GSO skb's segments on the wire), reused so that neither allocates. */
  private readonly spareLists: SkbRing[] = [];
  private readonly reclaim: TxReclaim;
  /** Arrivals at the far end, after the fixed propagation delay: in time order but for rounding. */
  private readonly arrivals: EventLane;
  /** Bytes handed to the driver and not yet completed (BQL's view). */
  inflightBytes = 0;
  /** Bytes in the ring waiting for the wire. */
  ringBytes = 0;
  wireBytes = 0;
  txSkbs = 0;
  /** TCP data skbs put on the wire (as `ip -s link` counts a veth's TX, less pings and ACKs). */
  txDataSkbs = 0;
  completions = 0;
  busyNs = 0;
  /** Skbs of the burst on the wire (the coarse path, burstBytes). */
  private burstSkbs = 0;
  /** Set while a burst's end cleans: what the woken qdisc hands over joins the next burst. */
  private holdStart = false;
  /** Descriptors in use: queued, on the wire, or sent and not yet cleaned. */
  private descs = 0;

  constructor(
    private readonly sim: Sim,
    readonly cfg: WiredNicConfig,
    private readonly deliver: DeliverFn,
    private readonly free: (skb: Skb, nowNs: Ns) => void,
  ) {
    this.dql = cfg.bql ? new Dql() : null;
    this.reclaim = createReclaim(sim, cfg.completion, this);
    this.arrivals = new EventLane(sim, this);
    // Counters that outgrow small integers during a run (see double-fields.ts).
    preferDoubleFields(this, ['busyNs', 'wireBytes']);
  }

  setWake(fn: (nowNs: Ns) => void): void {
    this.wake = fn;
  }

  queueStopped(): boolean {
    return this.stopped;
  }

  /** Skbs waiting for, or on, the wire. */
  get ringSkbs(): number {
    return this.ring.length;
  }

  /** Descriptors in use: queued, on the wire, or sent and not yet cleaned. */
  get descsInUse(): number {
    return this.descs;
  }

  /** A packet more may come while BQL's limit is not passed; none while stopped. */
  roomBytes(): number {
    return this.dql ? this.dql.avail() : Infinity;
  }

  roomPkts(): number {
    return this.cfg.ringSlots - this.descs;
  }

  /** Descriptors (and packets) an skb stands for: one, or on a router's NIC one per segment. */
  private packetsOf(skb: Skb): number {
    return this.cfg.perSegment === true ? skb.segs : 1;
  }

  /** An skb's last bit has left: its packets are sent (`ip -s link`'s TX). */
  private countSent(skb: Skb): void {
    const n = this.packetsOf(skb);
    this.txSkbs += n;
    if (skb.kind === SkbKind.DATA) this.txDataSkbs += n;
  }

  xmit(skb: Skb, nowNs: Ns): void {
    if (this.cfg.perSegment !== true || !this.joinTail(skb)) this.ring.push(skb);
    this.descs += this.packetsOf(skb);
    const bytes = skb.l2Bytes;
    this.ringBytes += bytes;
    this.inflightBytes += bytes;
    this.dql?.queued(bytes);
    if (this.descsInUse >= this.cfg.ringSlots || (this.dql && this.dql.avail() < 0)) this.stopped = true;
    if (!this.busy && !this.holdStart) this.startTx(nowNs);
  }

  /**
   * Serialisation time of a whole skb with per-segment Ethernet framing. A
   * piece of a train on a router's NIC takes what its segments would one by
   * one, each rounded up to the ns as on the per-segment path.
   */
  wireTimeNs(skb: Skb): Ns {
    if (this.cfg.perSegment === true && skb.segs > 1) {
      const full = this.bytesTimeNs(skb.gsoSizeBytes + skb.hdrBytes + ETH_WIRE_OVERHEAD_BYTES);
      return (skb.segs - 1) * full + this.bytesTimeNs(skb.segL2Bytes(skb.segs - 1) + ETH_WIRE_OVERHEAD_BYTES);
    }
    return this.bytesTimeNs(skb.l2Bytes + skb.segs * ETH_WIRE_OVERHEAD_BYTES);
  }

  private bytesTimeNs(bytes: number): Ns {
    return Math.ceil((bytes * 8 * NS_PER_SEC) / this.cfg.rateBps);
  }

  private startTx(nowNs: Ns): void {
    const skb = this.ring.peek();
    if (skb === null) return;
    if ((this.cfg.burstBytes ?? 0) > 0) {
      this.startBurst(nowNs);
      return;
    }
    const dur = this.wireTimeNs(skb);
    if (skb.trace !== null) skb.trace.hop(Hop.WIRE, this, nowNs);
    this.busy = true;
    this.busyNs += dur;
    this.wireBytes += skb.l2Bytes;
    this.reclaim.started(skb, nowNs, dur);
    if (this.cfg.deliverAs === 'segments') {
      // Each segment reaches the far end when its own last bit does; a
      // forwarded single packet travels on as itself.
      let t = nowNs;
      for (let i = 0; i < skb.segs; i++) {
        t += this.bytesTimeNs(skb.segL2Bytes(i) + ETH_WIRE_OVERHEAD_BYTES);
        const pkt = skb.segs === 1 && !skb.owner ? skb : segmentOf(skb, i);
        this.arrivals.at(t + this.cfg.propagationNs, K_ARRIVE, pkt);
      }
    } else if (this.cfg.deliverAs === 'segments-together' || this.cfg.deliverAs === 'trains') {
      // One event when the first segment's last bit arrives. The far end's
      // queue then holds segments a little before the wire has brought them;
      // behind a slower egress (a router's bottleneck, an AP's radio) none can
      // leave before its own arrival anyway, so the packets' times are kept.
      const atNs =
        nowNs + this.bytesTimeNs(skb.segL2Bytes(0) + ETH_WIRE_OVERHEAD_BYTES) + this.cfg.propagationNs;
      // A forwarded single packet (a ping, a reply) travels on as itself, as on the per-segment path.
      if (skb.segs === 1 && !skb.owner) this.arrivals.at(atNs, K_ARRIVE, skb);
      else if (this.cfg.deliverAs === 'trains' && skb.trace === null)
        this.arrivals.at(atNs, K_ARRIVE, trainOf(skb));
      else this.arrivals.at(atNs, K_ARRIVE_ALL, this.segmentsOf(skb));
    } else if (this.cfg.deliverAs === 'gso') {
      // The far end's GRO has the whole burst when its last bit arrives: one skb of all the segments.
      const pkt = skb.owner ? wholeCopy(skb) : skb;
      this.arrivals.at(nowNs + dur + this.cfg.propagationNs, K_ARRIVE, pkt);
    }
    this.sim.after(dur, this, K_TX_END, skb);
  }

  /**
   * The coarse path: the ring's head and the segments of the same GSO skb
   * behind it, while their wire bytes stay under burstBytes, leave back to
   * back as one event; each is scheduled to reach the far end at its own last bit.
   */
  private startBurst(nowNs: Ns): void {
    const limit = this.cfg.burstBytes!;
    let t = nowNs;
    let bytes = 0;
    const together = this.cfg.burstArrivals === true;
    let list: SkbRing | null = null;
    let k = 0;
    let n = this.ring.length;
    while (k < n && (k === 0 || (bytes < limit && continuesSegment(this.ring.at(k - 1), this.ring.at(k))))) {
      const skb = this.ring.at(k);
      if (this.cfg.perSegment === true && skb.segs > 1 && this.splitAtLimit(k, limit - bytes)) n++;
      const dur = this.wireTimeNs(skb);
      if (skb.trace !== null) skb.trace.hop(Hop.WIRE, this, t);
      this.reclaim.started(skb, t, dur);
      this.wireBytes += skb.l2Bytes;
      bytes += skb.l2Bytes + skb.segs * ETH_WIRE_OVERHEAD_BYTES;
      t += dur;
      const arriveNs = t + this.cfg.propagationNs;
      if (!together) this.arrivals.at(arriveNs, K_ARRIVE, skb);
      else if (k === 0) {
        list = this.spareLists.pop() ?? new SkbRing();
        this.arrivals.at(arriveNs, K_ARRIVE_ALL, list);
      } else skb.arriveNs = arriveNs;
      if (list !== null) list.push(skb);
      k++;
    }
    this.busy = true;
    this.busyNs += t - nowNs;
    this.burstSkbs = k;
    this.sim.at(t, this, K_BURST_END);
  }

  /**
   * A router's segment (or piece) that continues the piece at the ring's tail,
   * not yet on the wire, joins it: one skb for the run of them, each still a
   * descriptor and a packet of its own (perSegment); the joined skb goes back
   * to the pool. True if joined.
   */
  private joinTail(skb: Skb): boolean {
    const tail = this.ring.peekTail();
    if (tail === null || this.ring.length <= this.burstSkbs || !isTrainPart(tail) || !isTrainPart(skb))
      return false;
    if (!extendsPiece(tail, skb)) return false;
    mergeInto(tail, skb);
    return true;
  }

  /**
   * A piece of a train in the ring whose segments would not all join this
   * burst one by one (each while the burst is under its limit, `leftBytes`
   * more): the rest waits in the ring as a piece of its own. True if split.
   */
  private splitAtLimit(k: number, leftBytes: number): boolean {
    const skb = this.ring.at(k);
    const segWire = skb.gsoSizeBytes + skb.hdrBytes + ETH_WIRE_OVERHEAD_BYTES;
    // The segments that start while the burst is under its limit: ceil(left / one).
    const keep = Math.ceil(leftBytes / segWire);
    if (keep >= skb.segs) return false;
    this.ring.insertAt(k + 1, splitTail(skb, keep));
    return true;
  }

  /** The burst's last bit has left: every skb of it is sent, and cleaned as its completion model says. */
  private endBurst(nowNs: Ns): void {
    let last: Skb | null = null;
    for (let i = 0; i < this.burstSkbs; i++) {
      const skb = this.ring.shift()!;
      this.ringBytes -= skb.l2Bytes;
      this.countSent(skb);
      this.pending.push(skb);
      last = skb;
    }
    this.burstSkbs = 0;
    this.busy = false;
    this.holdStart = true;
    this.reclaim.wireDone(last!, nowNs, this.ring.length === 0);
    this.holdStart = false;
    this.startTx(nowNs);
  }

  /**
   * A router's ingress: the segments come from the pool, held by its ring and
   * by the far end (../skb-pool.ts), in a list that returns to spareLists on arrival.
   */
  private segmentsOf(skb: Skb): SkbRing {
    const out = this.spareLists.pop() ?? new SkbRing();
    for (let i = 0; i < skb.segs; i++) {
      const s = segmentOf(skb, i, SPARE_SKBS.take());
      s.holds = SEGMENT_HOLDERS;
      out.push(s);
    }
    return out;
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    switch (kind) {
      case K_TX_END: {
        const skb = arg as Skb;
        this.ring.shift();
        this.ringBytes -= skb.l2Bytes;
        this.countSent(skb);
        if (this.cfg.deliverAs === 'train') this.arrivals.at(nowNs + this.cfg.propagationNs, K_ARRIVE, skb);
        this.busy = false;
        this.completeLater(skb, nowNs);
        // A completion run right here (no CPU model, coalescing threshold met) may
        // have woken the queue, and its xmit already started the next frame.
        if (!this.busy) this.startTx(nowNs);
        break;
      }
      case K_ARRIVE:
        this.deliver(arg as Skb, nowNs);
        break;
      case K_ARRIVE_ALL: {
        const segs = arg as SkbRing;
        for (let pkt = segs.shift(); pkt !== null; pkt = segs.shift()) this.deliver(pkt, nowNs);
        this.spareLists.push(segs);
        break;
      }
      case K_CLEAN_DONE:
        this.finishClean(arg as SkbRing, nowNs);
        break;
      case K_BURST_END:
        this.endBurst(nowNs);
        break;
    }
  }

  private completeLater(skb: Skb, nowNs: Ns): void {
    this.pending.push(skb);
    this.reclaim.wireDone(skb, nowNs, this.ring.length === 0);
  }

  /** The TX interrupt: NAPI cleans every completed descriptor. */
  clean(nowNs: Ns): void {
    if (this.pending.length === 0) return;
    const done = this.pending;
    this.pending = this.spareLists.pop() ?? new SkbRing();
    const cpu = this.cfg.cpu;
    if (cpu) cpu.submit(done.length * this.cfg.perCompletionNs, this, K_CLEAN_DONE, done);
    else this.finishClean(done, nowNs);
  }

  private finishClean(done: SkbRing, nowNs: Ns): void {
    let bytes = 0;
    for (let skb = done.shift(); skb !== null; skb = done.shift()) {
      bytes += skb.l2Bytes;
      const n = this.packetsOf(skb);
      this.completions += n;
      this.descs -= n;
      this.free(skb, nowNs);
      if (skb.holds > 0) SPARE_SKBS.release(skb);
    }
    this.spareLists.push(done);
    this.inflightBytes -= bytes;
    this.dql?.completed(bytes, nowNs);
    const wakeBelow = this.reclaim.wakeBelow(this.cfg.ringSlots);
    if (this.stopped && this.descsInUse < wakeBelow && (!this.dql || this.dql.avail() >= 0)) {
      this.stopped = false;
      this.wake(nowNs);
    }
  }
}
