/**
 * The flow queueing under mac80211's intermediate TX queues:
 * include/net/fq.h + include/net/fq_impl.h (fq_tin_enqueue, fq_tin_dequeue,
 * fq_flow_classify, the fattest-flow drop) with the per-flow CoDel of
 * net/mac80211/tx.c (fq_tin_dequeue_func → codel_dequeue on the flow's
 * backlog).
 *
 * One Fq per radio holds 4096 flows shared by every txq (fq_tin). A packet
 * whose flow slot already belongs to another tin goes to its own tin's default
 * flow, as fq_flow_get_default_func does.
 */
import type { Ns } from '../../../engine/time';
import {
  codelDequeue,
  CodelVars,
  type CodelParams,
  type CodelSource,
  type CodelStats,
} from '../../qdisc/codel';
import { fqCodelHash } from '../../qdisc/fq-codel';
import { SkbRing } from '../../qdisc/skb-ring';
import type { Skb } from '../../skb';

/** Ethernet header the 802.11 header replaces (ieee80211_xmit_fast builds the 802.11 frame before queueing). */
const ETH_HDR_BYTES = 14;
/** QoS data header 26 + LLC/SNAP 8: what skb->len counts in front of the IP packet once queued. */
const WLAN_HDR_BYTES = 26 + 8;

/** skb->len of the queued 802.11 frame (no FCS). Skbs reaching the WiFi layer are already segmented. */
export function wlanFrameBytes(skb: Skb): number {
  return skb.l2Bytes + skb.segs * (WLAN_HDR_BYTES - ETH_HDR_BYTES);
}

const LIST_NONE = 0;
const LIST_NEW = 1;
const LIST_OLD = 2;

/** struct fq_flow: a FIFO with its own CoDel state; also the CodelSource CoDel pulls from. */
export class FqFlow implements CodelSource {
  readonly q = new SkbRing(8);
  backlogBytes = 0;
  deficit = 0;
  readonly cvars = new CodelVars();
  /** The tin (txq) the flow currently serves; null when idle. */
  tin: FqTin | null = null;
  /** Which of the tin's lists the flow is on (flowchain). */
  list = LIST_NONE;
  next: FqFlow | null = null;
  /** Links in the radio's list of backlogged flows (fq->backlogs, for the fattest-flow drop). */
  bPrev: FqFlow | null = null;
  bNext: FqFlow | null = null;
  inBacklogs = false;

  constructor(private readonly fq: Fq) {}

  /** fq_flow_dequeue(): head skb out of the flow and out of every counter. */
  dequeueHead(_nowNs: Ns): Skb | null {
    const skb = this.q.shift();
    if (skb !== null) this.fq.adjustRemoval(this, skb);
    return skb;
  }
}

/** struct fq_tin: the part of a txq that fq manages. */
export class FqTin {
  newHead: FqFlow | null = null;
  newTail: FqFlow | null = null;
  oldHead: FqFlow | null = null;
  oldTail: FqFlow | null = null;
  backlogBytes = 0;
  backlogPkts = 0;
  /** txqi->def_flow: where packets go when their hash slot belongs to another tin. */
  readonly defFlow: FqFlow;

  constructor(fq: Fq) {
    this.defFlow = new FqFlow(fq);
  }
}

function pushTail(tin: FqTin, flow: FqFlow, list: number): void {
  flow.list = list;
  flow.next = null;
  if (list === LIST_NEW) {
    if (tin.newTail === null) tin.newHead = flow;
    else tin.newTail.next = flow;
    tin.newTail = flow;
  } else {
    if (tin.oldTail === null) tin.oldHead = flow;
    else tin.oldTail.next = flow;
    tin.oldTail = flow;
  }
}

/** Removes the head of `list` (the flow fq_tin_dequeue is looking at). */
function popHead(tin: FqTin, list: number): FqFlow {
  const flow = list === LIST_NEW ? tin.newHead! : tin.oldHead!;
  if (list === LIST_NEW) {
    tin.newHead = flow.next;
    if (tin.newHead === null) tin.newTail = null;
  } else {
    tin.oldHead = flow.next;
    if (tin.oldHead === null) tin.oldTail = null;
  }
  flow.next = null;
  flow.list = LIST_NONE;
  return flow;
}

export interface FqStats {
  overlimitDrops: number;
}

/** struct fq plus local->cvars: one per radio. */
export class Fq {
  private readonly flows: (FqFlow | null)[];
  /** fq->backlog: packets queued over all tins. */
  backlogPkts = 0;
  memoryUsageBytes = 0;
  private backlogsHead: FqFlow | null = null;
  readonly stats: FqStats = { overlimitDrops: 0 };

  constructor(
    readonly flowsCnt: number,
    public quantumBytes: number,
    public limitPkts: number,
    public memoryLimitBytes: number,
    /** Frees a packet dropped on overflow or by CoDel (ieee80211_free_txskb). */
    private readonly drop: (skb: Skb, nowNs: Ns) => void,
  ) {
    this.flows = new Array<FqFlow | null>(flowsCnt).fill(null);
  }

  /** fq_flow_classify(): the hashed slot, or the tin's default flow on a collision. */
  private classify(tin: FqTin, skb: Skb): FqFlow {
    const idx = fqCodelHash(skb.flowId, this.flowsCnt);
    let flow = this.flows[idx];
    if (flow === null) {
      flow = new FqFlow(this);
      this.flows[idx] = flow;
    }
    if (flow.tin !== null && flow.tin !== tin) flow = tin.defFlow;
    return flow;
  }

  /** fq_tin_enqueue(): queue, then drop from the fattest flow while over the packet or memory limit. */
  enqueue(tin: FqTin, skb: Skb, nowNs: Ns): void {
    const flow = this.classify(tin, skb);
    const len = wlanFrameBytes(skb);
    flow.tin = tin;
    flow.backlogBytes += len;
    tin.backlogBytes += len;
    tin.backlogPkts++;
    this.memoryUsageBytes += skb.truesizeBytes;
    this.backlogPkts++;
    this.linkBacklog(flow);
    if (flow.list === LIST_NONE) {
      flow.deficit = this.quantumBytes;
      pushTail(tin, flow, LIST_NEW);
    }
    flow.q.push(skb);

    let oom = this.memoryUsageBytes > this.memoryLimitBytes;
    while (this.backlogPkts > this.limitPkts || oom) {
      const fat = this.fattest();
      if (fat === null) return;
      const victim = fat.dequeueHead(nowNs);
      if (victim === null) return;
      this.stats.overlimitDrops++;
      this.drop(victim, nowNs);
      if (oom) oom = this.memoryUsageBytes > this.memoryLimitBytes;
    }
  }

  /**
   * fq_tin_dequeue() with mac80211's dequeue function: DRR over new then old
   * flows, each flow's head passing through codel_dequeue().
   */
  dequeue(tin: FqTin, params: CodelParams, cstats: CodelStats, nowNs: Ns): Skb | null {
    for (;;) {
      let list = LIST_NEW;
      let flow = tin.newHead;
      if (flow === null) {
        list = LIST_OLD;
        flow = tin.oldHead;
        if (flow === null) return null;
      }
      if (flow.deficit <= 0) {
        flow.deficit += this.quantumBytes;
        pushTail(tin, popHead(tin, list), LIST_OLD);
        continue;
      }
      const skb = codelDequeue(flow, flow.cvars, params, cstats, nowNs, this.drop);
      if (skb === null) {
        popHead(tin, list);
        // force a pass through old_flows to prevent starvation
        if (list === LIST_NEW && tin.oldHead !== null) pushTail(tin, flow, LIST_OLD);
        else flow.tin = null;
        continue;
      }
      flow.deficit -= wlanFrameBytes(skb);
      return skb;
    }
  }

  /** fq_adjust_removal() + fq_rejigger_backlog(). */
  adjustRemoval(flow: FqFlow, skb: Skb): void {
    const len = wlanFrameBytes(skb);
    const tin = flow.tin!;
    tin.backlogBytes -= len;
    tin.backlogPkts--;
    flow.backlogBytes -= len;
    this.backlogPkts--;
    this.memoryUsageBytes -= skb.truesizeBytes;
    if (flow.backlogBytes <= 0 && flow.q.length === 0) this.unlinkBacklog(flow);
  }

  /** The flow with the largest byte backlog (the head of the kernel's sorted fq->backlogs). */
  private fattest(): FqFlow | null {
    let best: FqFlow | null = null;
    for (let f = this.backlogsHead; f !== null; f = f.bNext) {
      if (best === null || f.backlogBytes > best.backlogBytes) best = f;
    }
    return best;
  }

  private linkBacklog(flow: FqFlow): void {
    if (flow.inBacklogs) return;
    flow.inBacklogs = true;
    flow.bPrev = null;
    flow.bNext = this.backlogsHead;
    if (this.backlogsHead !== null) this.backlogsHead.bPrev = flow;
    this.backlogsHead = flow;
  }

  private unlinkBacklog(flow: FqFlow): void {
    if (!flow.inBacklogs) return;
    flow.inBacklogs = false;
    if (flow.bPrev !== null) flow.bPrev.bNext = flow.bNext;
    else this.backlogsHead = flow.bNext;
    if (flow.bNext !== null) flow.bNext.bPrev = flow.bPrev;
    flow.bPrev = null;
    flow.bNext = null;
  }
}
