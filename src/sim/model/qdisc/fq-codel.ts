/**
 * fq_codel (net/sched/sch_fq_codel.c): flows hashed into 1024 buckets, each
 * a FIFO with its own CoDel state, served by deficit round robin with a
 * new-flows list ahead of the old-flows list.
 *
 * Hashing: the kernel uses skb_get_hash() (a jhash of the 5-tuple) scaled by
 * reciprocal_scale(). The model hashes skb.flowId with the murmur3 32-bit
 * finalizer (fmix32), then scales the same way, so distinct flows can collide
 * in a bucket just as they can in the kernel.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { codelDequeue, codelParams, type CodelParams, type CodelStats, type CodelVars } from './codel';
import {
  addTail,
  FqCodelFlow,
  type FlowList,
  type FlowSched,
  LIST_NEW,
  LIST_NONE,
  LIST_OLD,
  removeHead,
} from './fq-codel-flow';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';

/** fq_codel_init() defaults. */
export const FQ_CODEL_DEFAULTS = {
  flows: 1024,
  limitPkts: 10 * 1024,
  memoryLimitBytes: 32 << 20,
  dropBatch: 64,
  /** psched_mtu() on Ethernet: 1500 + 14. */
  quantumBytes: 1514,
} as const;

/** murmur3 fmix32 of the flow id, scaled to [0, buckets) like reciprocal_scale(). */
export function fqCodelHash(flowId: number, buckets: number): number {
  let h = flowId >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return Math.floor(((h >>> 0) * buckets) / 4294967296);
}

export interface FqCodelOptions {
  flows?: number;
  /** Packet limit (default 10240). */
  limit?: number;
  memoryLimitBytes?: number;
  quantumBytes?: number;
  dropBatch?: number;
  targetNs?: Ns;
  intervalNs?: Ns;
  /** fq_codel turns ECN on by default. */
  ecn?: boolean;
  ceThresholdNs?: Ns;
  /** CoDel's mtu (psched_mtu), default 1514. */
  mtuBytes?: number;
}

export class FqCodel implements Qdisc, FlowSched {
  readonly kind = 'fq_codel' as const;
  readonly stats: QdiscStats & CodelStats = { ...emptyQdiscStats(), maxPacketBytes: 0 };
  readonly params: CodelParams;
  readonly flowsCnt: number;
  readonly limitPkts: number;
  readonly memoryLimitBytes: number;
  readonly quantumBytes: number;
  readonly dropBatch: number;
  /** Counters of `tc -s`: flows that started on new_flows, overlimit / overmemory drops. */
  newFlowCount = 0;
  dropOverlimit = 0;
  dropOvermemory = 0;
  memoryUsageBytes = 0;

  /** Buckets, made on first use: most of the 1024 never see a packet, and making them all cost every model build thousands of objects. */
  private readonly flows: (FqCodelFlow | null)[];
  protected readonly newFlows: FlowList = { first: null, last: null };
  protected readonly oldFlows: FlowList = { first: null, last: null };
  protected bytes = 0;
  protected pkts = 0;
  private readonly codelDrop: (skb: Skb, nowNs: Ns) => void;

  constructor(
    opts: FqCodelOptions,
    private readonly drop: DropFn,
  ) {
    this.flowsCnt = opts.flows ?? FQ_CODEL_DEFAULTS.flows;
    this.limitPkts = opts.limit ?? FQ_CODEL_DEFAULTS.limitPkts;
    this.memoryLimitBytes = opts.memoryLimitBytes ?? FQ_CODEL_DEFAULTS.memoryLimitBytes;
    this.quantumBytes = opts.quantumBytes ?? FQ_CODEL_DEFAULTS.quantumBytes;
    this.dropBatch = opts.dropBatch ?? FQ_CODEL_DEFAULTS.dropBatch;
    const p: Partial<CodelParams> = { ecn: opts.ecn ?? true };
    if (opts.targetNs !== undefined) p.targetNs = opts.targetNs;
    if (opts.intervalNs !== undefined) p.intervalNs = opts.intervalNs;
    if (opts.ceThresholdNs !== undefined) p.ceThresholdNs = opts.ceThresholdNs;
    if (opts.mtuBytes !== undefined) p.mtuBytes = opts.mtuBytes;
    this.params = codelParams(p);
    this.flows = new Array<FqCodelFlow | null>(this.flowsCnt).fill(null);
    // drop_func(): CoDel already counted the drop in the shared stats object
    this.codelDrop = (skb, nowNs) => this.drop(skb, nowNs);
  }

  get backlogBytes(): number {
    return this.bytes;
  }

  /** It holds trains (./fq-codel-trains.ts). */
  get trains(): boolean {
    return false;
  }

  protected flowAt(idx: number): FqCodelFlow {
    return this.flows[idx] ?? (this.flows[idx] = new FqCodelFlow(idx, this));
  }

  get backlogPkts(): number {
    return this.pkts;
  }

  /** Backlog of one bucket (q->backlogs[idx]). */
  flowBacklogBytes(idx: number): number {
    return this.flows[idx]?.bytes ?? 0;
  }

  flowBacklogPkts(idx: number): number {
    return this.flows[idx]?.pkts ?? 0;
  }

  /** CoDel state of one bucket (read-only use: charts, tests). */
  flowVars(idx: number): CodelVars {
    return this.flowAt(idx).cvars;
  }

  /** Buckets currently on new_flows or old_flows. */
  get activeFlows(): number {
    let n = 0;
    for (let f = this.newFlows.first; f !== null; f = f.next) n++;
    for (let f = this.oldFlows.first; f !== null; f = f.next) n++;
    return n;
  }

  classify(skb: Skb): number {
    return fqCodelHash(skb.flowId, this.flowsCnt);
  }

  /** A GSO skb is one packet to fq_codel; a train is its segments. */
  private packetsOf(skb: Skb): number {
    return this.trains ? skb.segs : 1;
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    const idx = this.classify(skb);
    const flow = this.flowAt(idx);
    skb.enqueueNs = nowNs; // codel_set_enqueue_time()
    flow.q.push(skb);
    const len = skb.l2Bytes;
    flow.bytes += len;
    this.bytes += len;
    const pkts = this.packetsOf(skb);
    flow.pkts += pkts;
    if (flow.list === LIST_NONE) {
      addTail(this.newFlows, flow);
      flow.list = LIST_NEW;
      this.newFlowCount++;
      flow.deficit = this.quantumBytes;
    }
    this.memoryUsageBytes += skb.truesizeBytes;
    const memoryLimited = this.memoryUsageBytes > this.memoryLimitBytes;
    if ((this.pkts += pkts) <= this.limitPkts && !memoryLimited) return;

    // Over a limit: drop half the fattest flow's backlog (at most dropBatch
    // packets) rather than one packet, to amortise the linear search.
    const prevPkts = this.pkts;
    this.fqCodelDrop(nowNs);
    const dropped = prevPkts - this.pkts;
    this.dropOverlimit += dropped;
    if (memoryLimited) this.dropOvermemory += dropped;
  }

  /** fq_codel_drop(): head-drops from the bucket with the largest byte backlog. */
  private fqCodelDrop(nowNs: Ns): number {
    let maxBacklog = 0;
    let idx = 0;
    for (let i = 0; i < this.flowsCnt; i++) {
      const f = this.flows[i];
      if (f !== null && f.bytes > maxBacklog) {
        maxBacklog = f.bytes;
        idx = i;
      }
    }
    const threshold = maxBacklog >>> 1;
    const flow = this.flowAt(idx);
    let len = 0;
    let i = 0;
    do {
      const skb = flow.takeHead();
      if (skb === null) break;
      const l = skb.l2Bytes;
      len += l;
      flow.bytes -= l;
      this.bytes -= l;
      this.pkts--;
      flow.pkts--;
      this.memoryUsageBytes -= skb.truesizeBytes;
      this.stats.drops++;
      this.drop(skb, nowNs);
    } while (++i < this.dropBatch && len < threshold);
    // "Tell codel to increase its signal strength also"
    flow.cvars.count += i;
    return idx;
  }

  /** Accounting of dequeue_func(), called by a flow when CoDel pulls its head. */
  accountOut(flow: FqCodelFlow, skb: Skb): void {
    const len = skb.l2Bytes;
    flow.bytes -= len;
    this.bytes -= len;
    const pkts = this.packetsOf(skb);
    this.pkts -= pkts;
    flow.pkts -= pkts;
    this.memoryUsageBytes -= skb.truesizeBytes;
  }

  dequeue(nowNs: Ns): Skb | null {
    for (;;) {
      let head = this.newFlows;
      if (head.first === null) {
        head = this.oldFlows;
        if (head.first === null) return null;
      }
      const flow = head.first!;
      if (flow.deficit <= 0) {
        flow.deficit += this.quantumBytes;
        removeHead(head);
        addTail(this.oldFlows, flow);
        flow.list = LIST_OLD;
        continue;
      }
      const skb = codelDequeue(flow, flow.cvars, this.params, this.stats, nowNs, this.codelDrop);
      if (skb === null) {
        removeHead(head);
        // force a pass through old_flows to prevent starvation
        if (head === this.newFlows && this.oldFlows.first !== null) {
          addTail(this.oldFlows, flow);
          flow.list = LIST_OLD;
        } else {
          flow.list = LIST_NONE;
        }
        continue;
      }
      const len = skb.l2Bytes;
      flow.deficit -= len;
      this.stats.sentBytes += len;
      this.stats.sentPkts++;
      return skb;
    }
  }

  nextWakeNs(): Ns {
    return -1;
  }
}
