/**
 * A flow of fq_codel (net/sched/sch_fq_codel.c: struct fq_codel_flow) and the
 * new_flows / old_flows lists its scheduler keeps them on.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { splitHead } from '../skb-train';
import { type CodelSource, CodelVars } from './codel';
import { SkbRing } from './skb-ring';

export const LIST_NONE = 0;
export const LIST_NEW = 1;
export const LIST_OLD = 2;

/** What a flow needs of its qdisc. */
export interface FlowSched {
  /** sch->qstats.backlog. */
  readonly backlogBytes: number;
  /** The qdisc holds trains (../skb-train.ts). */
  readonly trains: boolean;
  /** Accounts a packet pulled by CoDel out of every backlog. */
  accountOut(flow: FqCodelFlow, skb: Skb): void;
}

/** struct fq_codel_flow; also the CodelSource its CoDel instance pulls from. */
export class FqCodelFlow implements CodelSource {
  readonly q = new SkbRing(8);
  /** q->backlogs[idx]. */
  bytes = 0;
  /** Packets queued (a train counts its segments). */
  pkts = 0;
  deficit = 0;
  readonly cvars = new CodelVars();
  /** Which list the flowchain is on (list_empty() ⇔ LIST_NONE). */
  list = LIST_NONE;
  next: FqCodelFlow | null = null;

  constructor(
    readonly idx: number,
    private readonly sch: FlowSched,
  ) {}

  /** dequeue_func(): pulls the head and accounts it out of all backlogs. */
  dequeueHead(_nowNs: Ns): Skb | null {
    const skb = this.takeHead();
    if (skb !== null) this.sch.accountOut(this, skb);
    return skb;
  }

  /** The head packet: a train's first segment, split off it. */
  takeHead(): Skb | null {
    const head = this.q.peek();
    if (head !== null && head.segs > 1 && this.sch.trains) return splitHead(head);
    return this.q.shift();
  }

  /** CoDel compares sch->qstats.backlog (the whole qdisc) with its mtu. */
  get backlogBytes(): number {
    return this.sch.backlogBytes;
  }
}

export interface FlowList {
  first: FqCodelFlow | null;
  last: FqCodelFlow | null;
}

export function addTail(l: FlowList, f: FqCodelFlow): void {
  f.next = null;
  if (l.last === null) l.first = f;
  else l.last.next = f;
  l.last = f;
}

export function removeHead(l: FlowList): void {
  const f = l.first!;
  l.first = f.next;
  if (l.first === null) l.last = null;
  f.next = null;
}
