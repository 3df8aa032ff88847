/**
 * sch_fq, the Fair Queue packet scheduler with per-flow pacing
 * (net/sched/sch_fq.c). Two eras, chosen by `edt`:
 *
 * - edt=true: current net-next. time_to_send = skb->tstamp (EDT) when set,
 *   with the 10 s horizon; 3 priority bands served by weighted round robin
 *   (band quanta 9·2^16 / 3·2^16 / 2^16); the limit counts packets per band;
 *   the fast path queues skbs of a mostly idle qdisc in q->internal; skbs
 *   without tstamp are paced from sk_pacing_rate.
 * - edt=false: v4.16 (before EDT, 4.20). skb->tstamp is ignored and every
 *   flow is paced from sk_pacing_rate at dequeue; one band; the limit counts
 *   all packets; pure ACKs are never throttled; TC_PRIO_CONTROL skbs go to
 *   q->internal.
 *
 * In both, fq_classify() stores SK_PACING_FQ in the socket when a flow is
 * created and rate_enable is on (smp_store_release, not a cmpxchg), which
 * turns off TCP's internal pacing timer.
 */
import { NS_PER_MS, NS_PER_SEC, type Ns } from '../../engine/time';
import { PacingStatus, type Skb } from '../skb';
import { checkThrottled, dequeueEdt, dequeueLegacy, FQ_BANDS, type FqBand } from './fq-dequeue';
import { FlowState, FqFlow, FqFlowList, ThrottledSet, flowQueueAdd, timeToSend } from './fq-flow';
import { PRIO2BAND } from './pfifo-fast';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';

export interface FqOptions {
  /** net-next semantics (true, default) or v4.16 (false); see the header. */
  edt?: boolean;
  /** Packet limit: per band (edt) or total (4.16). Default 10000. */
  limit?: number;
  /** flow_limit: packets per flow (default 100). */
  flowLimit?: number;
  /** psched_mtu, default 1514; quantum = 2·mtu, initial quantum = 10·mtu. */
  mtuBytes?: number;
  quantumBytes?: number;
  initialQuantumBytes?: number;
  rateEnable?: boolean;
  /** flow_max_rate (maxrate); Infinity = unlimited. */
  maxRateBytesPerSec?: number;
  /** low_rate_threshold, default 550 kbit/s = 68750 B/s. */
  lowRateThresholdBytesPerSec?: number;
  horizonNs?: Ns;
  horizonDrop?: boolean;
  flowRefillDelayNs?: Ns;
  /** net-next fast path for a mostly idle qdisc (default: on when edt). */
  fastpath?: boolean;
}

export interface FqStats extends QdiscStats {
  throttled: number;
  flowsPlimit: number;
  horizonDrops: number;
  horizonCaps: number;
  pktsTooLong: number;
  internalPackets: number;
  bandDrops: number[];
}

/** TC_PRIO_CONTROL: priority that 4.16's fq_classify() sends to q->internal. */
const TC_PRIO_CONTROL = 7;
/** Internal queue depth above which the fast path is refused. */
const FASTPATH_MAX_INTERNAL = 8;

export class Fq implements Qdisc {
  readonly kind = 'fq' as const;
  readonly stats: FqStats = {
    ...emptyQdiscStats(),
    throttled: 0,
    flowsPlimit: 0,
    horizonDrops: 0,
    horizonCaps: 0,
    pktsTooLong: 0,
    internalPackets: 0,
    bandDrops: [0, 0, 0],
  };
  readonly edt: boolean;
  readonly limitPkts: number;
  readonly flowLimit: number;
  readonly quantumBytes: number;
  readonly initialQuantumBytes: number;
  readonly rateEnable: boolean;
  readonly maxRateBytesPerSec: number;
  readonly lowRateThresholdBytesPerSec: number;
  readonly horizonNs: Ns;
  readonly horizonDrop: boolean;
  readonly flowRefillDelayNs: Ns;
  readonly fastpath: boolean;

  private readonly flowMap = new Map<number, FqFlow>();
  /** q->internal: fast path (net-next) or high-priority (4.16) queue. */
  private readonly internal = new FqFlow(-1);
  // Scheduler state shared with the dequeue paths (fq-dequeue.ts).
  readonly bands: FqBand[] = [];
  bandNr = 0;
  readonly bandPktCount = [0, 0, 0];
  readonly throttledSet = new ThrottledSet();
  private bytes = 0;
  private pkts = 0;
  /** q->inactive_flows: flows with no packet (edt) / detached flows (4.16). */
  inactiveFlows = 0;

  constructor(
    opts: FqOptions,
    private readonly drop: DropFn,
  ) {
    const mtu = opts.mtuBytes ?? 1514;
    this.edt = opts.edt ?? true;
    this.limitPkts = opts.limit ?? 10000;
    this.flowLimit = opts.flowLimit ?? 100;
    this.quantumBytes = opts.quantumBytes ?? 2 * mtu;
    this.initialQuantumBytes = opts.initialQuantumBytes ?? 10 * mtu;
    this.rateEnable = opts.rateEnable ?? true;
    this.maxRateBytesPerSec = opts.maxRateBytesPerSec ?? Infinity;
    this.lowRateThresholdBytesPerSec = opts.lowRateThresholdBytesPerSec ?? 550000 / 8;
    this.horizonNs = opts.horizonNs ?? 10 * NS_PER_SEC;
    this.horizonDrop = opts.horizonDrop ?? true;
    this.flowRefillDelayNs = opts.flowRefillDelayNs ?? 40 * NS_PER_MS;
    this.fastpath = opts.fastpath ?? this.edt;
    const weights = [9 << 16, 3 << 16, 1 << 16];
    for (let i = 0; i < FQ_BANDS; i++) {
      this.bands.push({
        newFlows: new FqFlowList(),
        oldFlows: new FqFlowList(),
        credit: 0,
        quantum: weights[i],
      });
    }
  }

  get backlogBytes(): number {
    return this.bytes;
  }

  get backlogPkts(): number {
    return this.pkts;
  }

  /** q->flows: flows known to the qdisc (never garbage-collected here). */
  get flowCount(): number {
    return this.flowMap.size;
  }

  get throttledFlows(): number {
    return this.throttledSet.size;
  }

  /** All flows, in creation order (per-flow charts: qlen, credit, sentPkts, drops). */
  flows(): IterableIterator<FqFlow> {
    return this.flowMap.values();
  }

  /** Per-flow view for charts: the flow keyed by skb.flowId, if seen. */
  flow(flowId: number): FqFlow | undefined {
    return this.flowMap.get(flowId);
  }

  nextWakeNs(): Ns {
    return this.throttledSet.earliestNs();
  }

  private dropSkb(skb: Skb, nowNs: Ns): void {
    this.stats.drops++;
    this.drop(skb, nowNs);
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    const band = this.edt ? PRIO2BAND[skb.priority & 15] : 0;
    if (this.edt ? this.bandPktCount[band] >= this.limitPkts : this.pkts >= this.limitPkts) {
      this.stats.bandDrops[band]++;
      this.dropSkb(skb, nowNs);
      return;
    }
    skb.enqueueNs = nowNs;
    if (this.edt && skb.tstampNs !== 0 && skb.tstampNs > nowNs + this.horizonNs) {
      if (this.horizonDrop) {
        this.stats.horizonDrops++;
        this.dropSkb(skb, nowNs);
        return;
      }
      this.stats.horizonCaps++;
      skb.tstampNs = nowNs + this.horizonNs;
    }
    const f = this.classify(skb, nowNs);
    if (f !== this.internal) {
      if (f.qlen >= this.flowLimit) {
        this.stats.flowsPlimit++;
        f.drops++;
        this.dropSkb(skb, nowNs);
        return;
      }
      if (f.state === FlowState.DETACHED) {
        // Linked on the lists of f.band as it was (net-next sets f->band after).
        this.bands[f.band].newFlows.addTail(f);
        if (nowNs > f.ageNs + this.flowRefillDelayNs) f.credit = Math.max(f.credit, this.quantumBytes);
        if (!this.edt) this.inactiveFlows--;
      }
      f.band = band;
      this.bandPktCount[band]++;
      if (this.edt && f.qlen === 0) this.inactiveFlows--;
    } else {
      this.stats.internalPackets++;
    }
    flowQueueAdd(f, skb, this.edt);
    this.bytes += skb.l2Bytes;
    this.pkts++;
  }

  /** fq_fastpath_check(): no skb in the future and no eligible flow queued. */
  private fastpathOk(skb: Skb, nowNs: Ns): boolean {
    if (timeToSend(skb, true) > nowNs) return false;
    if (this.pkts !== 0) {
      if (this.flowMap.size !== this.inactiveFlows + this.throttledSet.size) return false;
      if (this.internal.qlen >= FASTPATH_MAX_INTERNAL) return false;
      const next = this.throttledSet.earliestNs();
      if (next !== -1 && next <= nowNs) return false;
    }
    return this.maxRateBytesPerSec === Infinity;
  }

  /** fq_classify(). */
  private classify(skb: Skb, nowNs: Ns): FqFlow {
    if (!this.edt && (skb.priority & 15) === TC_PRIO_CONTROL) return this.internal;
    if (this.fastpath && this.fastpathOk(skb, nowNs)) {
      if (skb.owner !== null && this.rateEnable) skb.owner.sk_pacing_status = PacingStatus.FQ;
      return this.internal;
    }
    let f = this.flowMap.get(skb.flowId);
    if (f === undefined) {
      f = new FqFlow(skb.flowId);
      f.ageNs = nowNs; // fq_flow_set_detached()
      f.credit = this.initialQuantumBytes;
      if (skb.owner !== null && this.rateEnable) skb.owner.sk_pacing_status = PacingStatus.FQ;
      this.flowMap.set(skb.flowId, f);
      this.inactiveFlows++;
    }
    return f;
  }

  /** Accounting of fq_dequeue_skb(): backlog out, bstats in. */
  accountOut(skb: Skb): void {
    const len = skb.l2Bytes;
    this.bytes -= len;
    this.pkts--;
    this.stats.sentBytes += len;
    this.stats.sentPkts++;
  }

  dequeue(nowNs: Ns): Skb | null {
    // net-next returns at once when empty; 4.16 walks the lists (detaching
    // emptied flows) even then.
    if (this.edt && this.pkts === 0) return null;
    const skb = this.internal.q.shift();
    if (skb !== null) {
      this.accountOut(skb);
      return skb;
    }
    checkThrottled(this, nowNs);
    return this.edt ? dequeueEdt(this, nowNs) : dequeueLegacy(this, nowNs);
  }
}
