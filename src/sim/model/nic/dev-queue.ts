/**
 * dev_queue_xmit → qdisc → __qdisc_run → validate_xmit_skb (software GSO) →
 * ndo_start_xmit, with the qdisc watchdog for paced (throttled) qdiscs.
 * Mirrors net/core/dev.c and net/sched/sch_generic.c (qdisc_restart).
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { Timer } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Cpu, CpuCosts } from '../cpu/cpu';
import type { Qdisc } from '../qdisc/qdisc';
import { continuesFrom, ETH_WIRE_OVERHEAD_BYTES, type Skb, SkbKind } from '../skb';
import { gsoSegment } from '../skb-segment';
import { splitHead, splitTail } from '../skb-train';
import type { TxDriver } from './driver';
import { Hop } from '../skb-trace';

export interface DevQueueOptions {
  /** The device cannot segment (no TSO): GSO skbs are split in software before the driver. */
  softwareGso: boolean;
  /** The device has scatter-gather; without it skb_segment copies payload into linear skbs. */
  sg: boolean;
  /** The sender's CPU runs qdisc and GSO work; null for a forwarding box whose CPU is not modelled. */
  cpu: Cpu | null;
  costs: CpuCosts;
  /**
   * The coarse path of a forwarding device (0: off): when the driver wakes the
   * queue, the run goes on past a stopped queue while the packets continue one
   * GSO skb's segments, up to this many wire bytes, so that its NIC's bursts
   * (WiredNic burstBytes) fill.
   */
  unitBytes?: number;
}

const K_GSO_DONE = 1;
const K_WATCHDOG_RUN = 2;
const K_WATCHDOG_WAKE = 3;

export class DevQueue implements EventTarget {
  private running = false;
  private readonly watchdog: Timer;
  gsoSegments = 0;
  watchdogFires = 0;

  constructor(
    private readonly sim: Sim,
    readonly qdisc: Qdisc,
    readonly driver: TxDriver,
    private readonly opts: DevQueueOptions,
  ) {
    this.watchdog = new Timer(sim, () => this.onWatchdog());
    driver.setWake((now) => this.run(now, opts.unitBytes ?? 0));
  }

  /** dev_queue_xmit. */
  xmit(skb: Skb, nowNs: Ns): void {
    if (
      this.qdisc.trains === true &&
      skb.segs > 1 &&
      !this.driver.queueStopped() &&
      this.xmitTrain(skb, nowNs)
    )
      return;
    this.xmitOne(skb, nowNs);
  }

  /**
   * A train's segments arrive one by one: while the driver takes them, each
   * leaves before the next comes in (at an idle qdisc, straight through as
   * one piece: the first alone, as it would start the wire); the rest queue
   * together. True if none is left to queue.
   */
  private xmitTrain(train: Skb, nowNs: Ns): boolean {
    const d = this.driver;
    const piece = this.qdisc.passThrough?.(
      train,
      nowNs,
      d.roomBytes?.() ?? Infinity,
      d.roomPkts?.() ?? Infinity,
    );
    if (piece === undefined || piece === null) {
      while (train.segs > 1 && !d.queueStopped()) this.xmitOne(splitHead(train), nowNs);
      return false;
    }
    // Read before anything is taken from the pool: a train all gone through is back in it.
    const left = piece !== train && train.segs > 0;
    if (piece.segs > 1) {
      const rest = splitTail(piece, 1);
      d.xmit(piece, nowNs);
      d.xmit(rest, nowNs);
    } else d.xmit(piece, nowNs);
    return !left;
  }

  private xmitOne(skb: Skb, nowNs: Ns): void {
    if (skb.trace !== null) skb.trace.hop(Hop.QDISC_ENQ, this.qdisc, nowNs);
    this.qdisc.enqueue(skb, nowNs);
    this.run(nowNs);
  }

  /**
   * __qdisc_run: dequeue while the driver accepts; woken by the driver on the
   * coarse path, on past a stopped queue through one GSO skb's segments (DevQueueOptions.unitBytes).
   */
  run(nowNs: Ns, unitBytes = 0): void {
    if (this.running) return;
    const q = this.qdisc;
    let handed = 0;
    // The run of segments handed over (continuesSegment), its last one by value:
    // a router's NIC may join that skb to its ring's tail (WiredNic.joinTail).
    let chain = false;
    let prevData = false;
    let prevFlow = 0;
    let prevEnd = 0;
    let prevXmitNs = 0;
    // Past a stopped queue only while the segments continue the GSO skb of the first.
    // A qdisc of trains hands a burst's worth of one train's segments at once.
    const pieceBytes = this.opts.unitBytes ?? 0;
    const byPiece = pieceBytes > 0 && q.dequeueRun !== undefined;
    while (!this.driver.queueStopped() || (handed < unitBytes && chain)) {
      const skb = byPiece ? this.dequeuePiece(nowNs, pieceBytes, unitBytes - handed) : q.dequeue(nowNs);
      if (skb === null) {
        const wake = q.nextWakeNs();
        if (wake >= 0 && q.backlogPkts > 0) this.watchdog.armEarliest(wake);
        return;
      }
      if (skb.trace !== null) skb.trace.hop(Hop.QDISC_DEQ, q, nowNs);
      if (this.opts.softwareGso && skb.segs > 1) {
        this.segment(skb, nowNs);
        return;
      }
      if (skb.trace !== null) skb.trace.hop(Hop.DRIVER, this.driver, nowNs);
      if (unitBytes > 0) {
        chain = !chain || (prevData && continuesFrom(skb, prevFlow, prevEnd, prevXmitNs));
        prevData = skb.kind === SkbKind.DATA;
        prevFlow = skb.flowId;
        prevEnd = skb.seq + skb.lenBytes;
        prevXmitNs = skb.xmitNs;
        handed += skb.l2Bytes + skb.segs * ETH_WIRE_OVERHEAD_BYTES;
      }
      this.driver.xmit(skb, nowNs);
    }
  }

  /**
   * A piece of a train: a burst's worth while the driver takes packets, as
   * many as it would take one by one; past a stopped queue, the rest of the burst.
   */
  private dequeuePiece(nowNs: Ns, pieceBytes: number, burstLeftBytes: number): Skb | null {
    const d = this.driver;
    if (d.queueStopped()) return this.qdisc.dequeueRun!(nowNs, burstLeftBytes, Infinity, Infinity);
    return this.qdisc.dequeueRun!(nowNs, pieceBytes, d.roomBytes?.() ?? Infinity, d.roomPkts?.() ?? Infinity);
  }

  /** skb_gso_segment: one skb per MSS; TCP's truesize moves to the segments (tcp_gso_segment). */
  private segment(skb: Skb, nowNs: Ns): void {
    if (skb.trace !== null) skb.trace.hop(Hop.GSO, this, nowNs);
    const segs = gsoSegment(skb, this.opts.sg);
    this.gsoSegments += segs.length;
    const c = this.opts.costs;
    const cost =
      segs.length * (c.perGsoSegmentNs + c.perSegmentXmitNs) +
      (this.opts.sg ? 0 : skb.lenBytes * c.perByteGsoCopyNs);
    this.running = true;
    if (this.opts.cpu) this.opts.cpu.submit(cost, this, K_GSO_DONE, segs);
    else this.sim.after(0, this, K_GSO_DONE, segs);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === K_GSO_DONE) {
      // The segments go out back to back (the driver is not stopped mid-list for
      // more than a few descriptors, so the overshoot is negligible).
      for (const s of arg as Skb[]) {
        if (s.trace !== null) s.trace.hop(Hop.DRIVER, this.driver, nowNs);
        this.driver.xmit(s, nowNs);
      }
      this.running = false;
      this.run(nowNs);
    } else if (kind === K_WATCHDOG_WAKE) {
      this.opts.cpu!.submit(this.opts.costs.perTimerNs, this, K_WATCHDOG_RUN);
    } else if (kind === K_WATCHDOG_RUN) {
      this.run(nowNs);
    }
  }

  private onWatchdog(): void {
    this.watchdogFires++;
    // hrtimer latency, then the qdisc's softirq work on the CPU.
    if (this.opts.cpu) this.sim.after(this.opts.costs.timerLatencyNs, this, K_WATCHDOG_WAKE);
    else this.run(this.sim.nowNs);
  }
}
