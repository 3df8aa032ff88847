/**
 * The common queueing-discipline interface (include/net/sch_generic.h,
 * struct Qdisc_ops: enqueue / dequeue / peek), as the device layer calls it.
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';

/**
 * Counters as `tc -s qdisc` prints them (Sent bytes/pkt, dropped, overlimits,
 * requeues; the backlog is backlogBytes/backlogPkts). requeues stays 0: the
 * modelled drivers stop their queue before it is full, so dev_requeue_skb
 * never runs.
 */
export interface QdiscStats {
  sentBytes: number;
  sentPkts: number;
  drops: number;
  overlimits: number;
  requeues: number;
  ecnMarks: number;
}

export function emptyQdiscStats(): QdiscStats {
  return { sentBytes: 0, sentPkts: 0, drops: 0, overlimits: 0, requeues: 0, ecnMarks: 0 };
}

// The byte counter outgrows small integers during a run (see double-fields.ts).
preferDoubleFields(emptyQdiscStats(), ['sentBytes']);

/** Where a qdisc hands skbs it drops (the host frees them: destructor, metrics). */
export type DropFn = (skb: Skb, nowNs: Ns) => void;

export interface Qdisc {
  readonly kind: 'pfifo_fast' | 'fq' | 'fq_codel' | 'pfifo' | 'bfifo' | 'htb' | 'tbf' | 'cake';
  /** Enqueue; on overflow the qdisc calls drop() itself (possibly on another skb). */
  enqueue(skb: Skb, nowNs: Ns): void;
  /** Next skb to send, or null if empty or every flow is throttled (pacing). */
  dequeue(nowNs: Ns): Skb | null;
  /**
   * A qdisc that holds trains (../skb-train.ts): the next skb, with the
   * segments of its train that successive dequeues would hand over at this
   * instant, as one piece: up to `maxWireBytes` on the wire, and while what
   * it has taken leaves the driver room (`roomBytes` of L2 bytes, `roomPkts`
   * packets) for one more.
   */
  dequeueRun?(nowNs: Ns, maxWireBytes: number, roomBytes: number, roomPkts: number): Skb | null;
  /**
   * A train arriving while the qdisc is idle and its driver takes packets:
   * the segments that would go straight through, as one piece (null: not idle).
   */
  passThrough?(train: Skb, nowNs: Ns, roomBytes: number, roomPkts: number): Skb | null;
  /** It holds trains: an skb of several segments is that many packets (../skb-train.ts). */
  readonly trains?: boolean;
  /**
   * Earliest time a throttled flow becomes eligible (fq's watchdog), or -1 if
   * nothing is waiting on time. The device layer arms a timer for it.
   */
  nextWakeNs(): Ns;
  /** Current backlog (bytes are skb->len at L2, packets count skbs). */
  readonly backlogBytes: number;
  readonly backlogPkts: number;
  readonly stats: QdiscStats;
}
