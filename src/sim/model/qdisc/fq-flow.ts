/**
 * Per-flow state of sch_fq (net/sched/sch_fq.c: struct fq_flow, the
 * new/old round-robin lists and the q->delayed rb-tree of throttled flows).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { SkbRing } from './skb-ring';

export const FlowState = { DETACHED: 0, LISTED: 1, THROTTLED: 2 } as const;
export type FlowState = (typeof FlowState)[keyof typeof FlowState];

export class FqFlow {
  /**
   * Packets ordered by time_to_send. The kernel keeps an O(1) list for
   * monotonic stamps plus an rb-tree for the rest; one sorted ring with
   * insertion after equal keys gives the same service order.
   */
  readonly q = new SkbRing(16);
  credit = 0;
  /** f->band: the band whose lists the flow is linked on. */
  band = 0;
  timeNextPacketNs: Ns = 0;
  state: FlowState = FlowState.DETACHED;
  /** f->age: when the flow was last detached (flow_refill_delay, gc). */
  ageNs: Ns = 0;
  next: FqFlow | null = null;
  /** Packets this flow sent and drops charged to it (for charts). */
  sentPkts = 0;
  drops = 0;

  constructor(readonly key: number) {}

  get qlen(): number {
    return this.q.length;
  }
}

// Timestamps outgrow small integers during a run (see double-fields.ts).
preferDoubleFields(new FqFlow(-1), ['timeNextPacketNs', 'ageNs']);

/** struct fq_flow_head. */
export class FqFlowList {
  first: FqFlow | null = null;
  last: FqFlow | null = null;

  addTail(f: FqFlow): void {
    f.next = null;
    f.state = FlowState.LISTED;
    if (this.first === null) this.first = f;
    else this.last!.next = f;
    this.last = f;
  }

  /** head->first = f->next: unlinks the first flow. */
  removeHead(): FqFlow {
    const f = this.first!;
    this.first = f.next;
    if (this.first === null) this.last = null;
    f.next = null;
    return f;
  }
}

/** time_to_send of an skb queued in fq (fq_skb_cb(skb)->time_to_send). */
export function timeToSend(skb: Skb, edt: boolean): Ns {
  return edt && skb.tstampNs !== 0 ? skb.tstampNs : skb.enqueueNs;
}

/** flow_queue_add(): keeps the ring sorted by time_to_send, FIFO among equals. */
export function flowQueueAdd(f: FqFlow, skb: Skb, edt: boolean): void {
  const q = f.q;
  const t = timeToSend(skb, edt);
  let i = q.length;
  while (i > 0 && timeToSend(q.at(i - 1), edt) > t) i--;
  if (i === q.length) q.push(skb);
  else q.insertAt(i, skb);
}

/**
 * q->delayed: throttled flows ordered by time_next_packet. The rb-tree puts
 * equal keys to the right, i.e. FIFO among equals; a sorted array does the
 * same and flows are few.
 */
export class ThrottledSet {
  private readonly items: FqFlow[] = [];

  get size(): number {
    return this.items.length;
  }

  /** Earliest time_next_packet, or -1 when empty. */
  earliestNs(): Ns {
    return this.items.length === 0 ? -1 : this.items[0].timeNextPacketNs;
  }

  add(f: FqFlow): void {
    const t = f.timeNextPacketNs;
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid].timeNextPacketNs <= t) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, f);
    f.next = null;
    f.state = FlowState.THROTTLED;
  }

  /** Removes and returns the first flow if its time has come (time_next_packet <= now). */
  popDue(nowNs: Ns): FqFlow | null {
    if (this.items.length === 0 || this.items[0].timeNextPacketNs > nowNs) return null;
    return this.items.shift()!;
  }
}
