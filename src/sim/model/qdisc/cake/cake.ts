/**
 * cake, Common Applications Kept Enhanced (net/sched/sch_cake.c), egress
 * mode: the global shaper (a virtual clock, time_next_packet advanced by
 * each packet's adjusted length at the configured rate, with the 1.5×
 * failsafe clock), DRR++ over new, old and decaying flow lists with
 * per-host quantum scaling (cake_dequeue), COBALT per flow, overflow drops
 * from the longest queue when the memory limit is passed (cake_drop),
 * split-gso (each GSO skb enqueued as its segments), the ACK filter, and the
 * framing compensation of cake_overhead.
 *
 * Every packet the model makes is DSCP 0, so it lands in the one tin that
 * DSCP 0 selects; with a single tin active, tin priorities, tin bandwidth
 * thresholds and the per-tin clock choose nothing and are not modelled.
 * Not modelled either: ingress mode, autorate-ingress, NAT lookups, wash,
 * fwmark tins, the mq sync of cake_mq.
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { gsoSegment } from '../../skb-segment';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from '../qdisc';
import { cakeAckFilter, type CakeAckFilter } from './cake-ack-filter';
import {
  cakeBufferLimit,
  cakeDurNs,
  cakeOverheadSkb,
  cakeSetRate,
  dscp0Tin,
  type CakeDiffserv,
  type CakeOverhead,
  type CakeTinRate,
} from './cake-config';
import { CakeFlow, CakeFlowTable, CakeSet, type CakeFlowMode } from './cake-flows';
import { cobaltQueueEmpty, cobaltQueueFull, cobaltShouldDrop, CobaltVerdict } from './cobalt';

export interface CakeOptions {
  /** `bandwidth` in bytes/s; 0 = unlimited (DRR only, no shaper). */
  rateBytesPerSec: number;
  flowMode?: CakeFlowMode;
  diffserv?: CakeDiffserv;
  overhead?: CakeOverhead;
  ackFilter?: CakeAckFilter;
  /** split-gso (cake_config_init sets it). */
  splitGso?: boolean;
  /** `rtt` (interval, 100 ms) and target (5 ms), in µs. */
  rttUs?: number;
  targetUs?: number;
  /** memlimit (0: derived from rate and interval). */
  memlimitBytes?: number;
  /** psched_mtu: MTU plus link header (1514). */
  mtuBytes?: number;
  /** The device has scatter-gather (segments keep frags). */
  sg?: boolean;
  /** get_random_u32(), for BLUE and the quantum dither. */
  rand32: () => number;
}

export interface CakeStats extends QdiscStats {
  ackDrops: number;
  overflowDrops: number;
}

const RAW: CakeOverhead = { overheadSet: false, overheadBytes: 0, mpuBytes: 0, atm: 'none' };

export class Cake implements Qdisc {
  readonly kind = 'cake' as const;
  readonly stats: CakeStats = { ...emptyQdiscStats(), ackDrops: 0, overflowDrops: 0 };
  /** The DSCP-0 tin's rate and COBALT parameters, and the global shaper's rate (tin 0). */
  readonly tin: CakeTinRate;
  readonly global: CakeTinRate;
  readonly bufferLimitBytes: number;
  readonly table: CakeFlowTable;
  timeNextPacketNs: Ns = 0;
  failsafeNextPacketNs: Ns = 0;
  bufferUsedBytes = 0;
  private qlen = 0;
  private backlog = 0;
  private readonly newFlows: CakeFlow[] = [];
  private readonly oldFlows: CakeFlow[] = [];
  private readonly decayingFlows: CakeFlow[] = [];
  sparseCount = 0;
  bulkCount = 0;
  decayingCount = 0;
  unresponsiveCount = 0;
  private readonly overhead: CakeOverhead;

  constructor(
    private readonly o: CakeOptions,
    private readonly drop: DropFn,
  ) {
    const mtu = o.mtuBytes ?? 1514;
    const targetNs = (o.targetUs ?? 5000) * 1000;
    const intervalUs = o.rttUs ?? 100_000;
    const t = dscp0Tin(o.diffserv ?? 'diffserv3', o.rateBytesPerSec);
    this.tin = cakeSetRate(t.rate, mtu, targetNs, intervalUs * 1000);
    this.global = cakeSetRate(o.rateBytesPerSec, mtu, targetNs, intervalUs * 1000);
    this.bufferLimitBytes = cakeBufferLimit(o.rateBytesPerSec, intervalUs, o.memlimitBytes ?? 0, mtu);
    this.table = new CakeFlowTable(o.flowMode ?? 'triple-isolate');
    this.overhead = o.overhead ?? RAW;
  }

  get backlogBytes(): number {
    return this.backlog;
  }

  get backlogPkts(): number {
    return this.qlen;
  }

  /** The skb's adjusted length (get_cobalt_cb(skb)->adjusted_len). */
  adjustedLen(skb: Skb): number {
    return cakeOverheadSkb(this.overhead, skb.l2Bytes, skb.segs, skb.gsoSizeBytes, skb.hdrBytes);
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    const flow = this.table.lookup(skb);
    if (this.qlen === 0) this.unstale(nowNs);
    if (skb.segs > 1 && (this.o.splitGso ?? true)) {
      for (const s of gsoSegment(skb, this.o.sg ?? true)) this.add(flow, s, nowNs);
    } else {
      this.add(flow, skb, nowNs);
      const ack =
        this.o.ackFilter && this.o.ackFilter !== 'off'
          ? cakeAckFilter(flow.q, this.o.ackFilter === 'aggressive')
          : null;
      if (ack) this.removeAck(flow, ack, nowNs);
    }
    this.chainOnEnqueue(flow);
    while (this.bufferUsedBytes > this.bufferLimitBytes) this.overflowDrop(nowNs);
  }

  /** "ensure shaper state isn't stale": an idle cake restarts its clock at now. */
  private unstale(nowNs: Ns): void {
    if (this.timeNextPacketNs < nowNs) {
      this.failsafeNextPacketNs = nowNs;
      this.timeNextPacketNs = nowNs;
    } else if (this.timeNextPacketNs > nowNs && this.failsafeNextPacketNs > nowNs) {
      this.stats.overlimits++;
    }
  }

  private add(flow: CakeFlow, skb: Skb, nowNs: Ns): void {
    skb.enqueueNs = nowNs;
    flow.q.push(skb);
    flow.backlogBytes += skb.l2Bytes;
    this.backlog += skb.l2Bytes;
    this.qlen++;
    this.bufferUsedBytes += skb.truesizeBytes;
  }

  private removeAck(flow: CakeFlow, ack: Skb, nowNs: Ns): void {
    this.stats.ackDrops++;
    this.stats.drops++;
    flow.backlogBytes -= ack.l2Bytes;
    this.backlog -= ack.l2Bytes;
    this.qlen--;
    this.bufferUsedBytes -= ack.truesizeBytes;
    this.drop(ack, nowNs);
  }

  /** The flowchain part of cake_enqueue. */
  private chainOnEnqueue(flow: CakeFlow): void {
    if (flow.set === CakeSet.NONE || flow.set === CakeSet.DECAYING) {
      if (flow.set === CakeSet.DECAYING) {
        this.decayingCount--;
        remove(this.decayingFlows, flow);
      }
      this.newFlows.push(flow);
      flow.set = CakeSet.SPARSE;
      this.sparseCount++;
      flow.deficit = this.quantum(flow);
    } else if (flow.set === CakeSet.SPARSE_WAIT) {
      flow.set = CakeSet.BULK;
      this.sparseCount--;
      this.bulkCount++;
      this.table.incBulk(flow);
    }
  }

  /** cake_get_flow_quantum, dithered with get_random_u16(). */
  private quantum(flow: CakeFlow): number {
    return Math.floor(
      (this.table.quantumScaled(this.tin.flowQuantum, flow) + (this.o.rand32() >>> 16)) / 65536,
    );
  }

  /** cake_drop: the head of the longest queue goes, and BLUE hears of the overflow. */
  private overflowDrop(nowNs: Ns): void {
    let fat: CakeFlow | null = null;
    for (const f of this.table.flows) if (!fat || f.backlogBytes > fat.backlogBytes) fat = f;
    const skb = fat?.q.shift() ?? null;
    if (!fat || !skb) {
      this.bufferUsedBytes = Math.min(this.bufferUsedBytes, this.bufferLimitBytes);
      return;
    }
    if (cobaltQueueFull(fat.cvars, this.tin.cparams, nowNs)) this.unresponsiveCount++;
    fat.backlogBytes -= skb.l2Bytes;
    this.backlog -= skb.l2Bytes;
    this.qlen--;
    this.bufferUsedBytes -= skb.truesizeBytes;
    fat.dropped++;
    this.stats.drops++;
    this.stats.overflowDrops++;
    this.drop(skb, nowNs);
  }

  dequeue(nowNs: Ns): Skb | null {
    let firstFlow = true;
    for (let guard = 0; guard < 1_000_000; guard++) {
      // begin:
      if (this.qlen === 0) return null;
      if (this.global.rateNs > 0 && this.timeNextPacketNs > nowNs && this.failsafeNextPacketNs > nowNs) {
        this.stats.overlimits++;
        return null;
      }
      if (this.sparseCount + this.bulkCount === 0) return null;
      const r = this.serve(nowNs, firstFlow);
      firstFlow = false;
      if (r !== null) return r;
    }
    return null;
  }

  /** From `retry:` to a packet, or null to go back to `begin:`. */
  private serve(nowNs: Ns, firstFlow: boolean): Skb | null {
    for (;;) {
      let head = this.decayingFlows;
      if (!firstFlow || head.length === 0) {
        head = this.newFlows;
        if (head.length === 0) head = this.oldFlows.length > 0 ? this.oldFlows : this.decayingFlows;
        if (head.length === 0) return null;
      }
      firstFlow = false;
      const flow = head[0];
      if (flow.deficit <= 0) {
        this.refill(flow, head);
        continue;
      }
      const skb = this.aqmDequeue(flow, nowNs);
      if (skb === null) {
        this.retire(flow, head, nowNs);
        return null;
      }
      this.sent(flow, skb, nowNs);
      return skb;
    }
  }

  /** DRR++: a flow out of deficit moves to the old list's tail with another quantum; a sparse one becomes bulk. */
  private refill(flow: CakeFlow, head: CakeFlow[]): void {
    if (flow.set === CakeSet.SPARSE) {
      if (flow.q.length > 0) {
        this.sparseCount--;
        this.bulkCount++;
        this.table.incBulk(flow);
        flow.set = CakeSet.BULK;
      } else {
        flow.set = CakeSet.SPARSE_WAIT;
      }
    }
    flow.deficit += this.quantum(flow);
    head.shift();
    this.oldFlows.push(flow);
  }

  /** The AQM loop: COBALT may drop packets, but never a flow's last one. */
  private aqmDequeue(flow: CakeFlow, nowNs: Ns): Skb | null {
    for (;;) {
      const skb = flow.q.shift();
      if (skb === null) return null;
      flow.backlogBytes -= skb.l2Bytes;
      this.backlog -= skb.l2Bytes;
      this.qlen--;
      this.bufferUsedBytes -= skb.truesizeBytes;
      const v = cobaltShouldDrop(
        flow.cvars,
        this.tin.cparams,
        nowNs,
        nowNs - skb.enqueueNs,
        skb.ect,
        0,
        this.o.rand32,
      );
      if (v === CobaltVerdict.PASS || flow.q.length === 0) {
        if (flow.cvars.ecnMarked) {
          skb.ecnCE = true;
          this.stats.ecnMarks++;
        }
        return skb;
      }
      flow.dropped++;
      this.stats.drops++;
      this.drop(skb, nowNs);
    }
  }

  /** An empty flow stays in the decaying list until COBALT has come to rest, then leaves the rotation. */
  private retire(flow: CakeFlow, head: CakeFlow[], nowNs: Ns): void {
    if (cobaltQueueEmpty(flow.cvars, this.tin.cparams, nowNs)) this.unresponsiveCount--;
    remove(head, flow);
    const c = flow.cvars;
    const wasBulk = flow.set === CakeSet.BULK;
    const wasSparse = flow.set === CakeSet.SPARSE || flow.set === CakeSet.SPARSE_WAIT;
    if (wasBulk) {
      this.bulkCount--;
      this.table.decBulk(flow);
    } else if (wasSparse) this.sparseCount--;
    if (c.pDrop !== 0 || c.count !== 0 || nowNs < c.dropNextNs) {
      this.decayingFlows.push(flow);
      if (wasBulk || wasSparse) this.decayingCount++;
      flow.set = CakeSet.DECAYING;
    } else {
      if (!wasBulk && !wasSparse) this.decayingCount--;
      flow.set = CakeSet.NONE;
    }
  }

  /** Stats, then cake_advance_shaper and the flow's deficit. */
  private sent(flow: CakeFlow, skb: Skb, _nowNs: Ns): void {
    this.stats.sentBytes += skb.l2Bytes;
    this.stats.sentPkts++;
    const len = this.adjustedLen(skb);
    if (this.global.rateNs > 0) {
      const dur = cakeDurNs(this.global, len);
      this.timeNextPacketNs += dur;
      this.failsafeNextPacketNs += dur + Math.floor(dur / 2);
    }
    flow.deficit -= len;
  }

  nextWakeNs(): Ns {
    if (this.qlen === 0 || this.global.rateNs === 0) return -1;
    return Math.min(this.timeNextPacketNs, this.failsafeNextPacketNs);
  }
}

function remove(list: CakeFlow[], f: CakeFlow): void {
  const i = list.indexOf(f);
  if (i >= 0) list.splice(i, 1);
}
