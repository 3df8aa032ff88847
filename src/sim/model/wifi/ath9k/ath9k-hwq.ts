/**
 * One ath9k hardware transmit queue (struct ath_txq in drivers/net/wireless/
 * ath/ath9k/ath9k.h): the descriptor chains handed to the hardware
 * (axq_q / txq_fifo), axq_depth and axq_ampdu_depth, the pre-iTXQ
 * pending_frames / stopped pair, and the legacy list of TIDs with traffic.
 */
import type { AthAggregate } from './ath9k-aggr';
import type { AthTid } from './ath9k-tid';

export const SCHED_NONE = 0;
export const SCHED_SENT = 1;
export const SCHED_STOP = 2;
export type SchedResult = typeof SCHED_NONE | typeof SCHED_SENT | typeof SCHED_STOP;

export class HwQueue {
  /** Entries waiting for (or on) the air, oldest first. */
  head: AthAggregate | null = null;
  private tail: AthAggregate | null = null;
  /** axq_depth: entries queued whose TX status has not been processed. */
  depth = 0;
  /** axq_ampdu_depth: of those, block-ack-session entries. */
  ampduDepth = 0;
  /** txq->pending_frames (legacy): frames from ath_tx_start until their completion. */
  pendingFrames = 0;
  /** txq->stopped (legacy): the netdev subqueue is stopped. */
  stopped = false;
  /** Held while scheduling or completing (the kernel's txq lock); re-entrant calls set rerun. */
  locked = false;
  rerun = false;
  private tidHead: AthTid | null = null;
  private tidTail: AthTid | null = null;
  tidCount = 0;

  /** ath_tx_txqaddbuf(). */
  append(agg: AthAggregate): void {
    agg.next = null;
    if (this.tail === null) this.head = agg;
    else this.tail.next = agg;
    this.tail = agg;
    this.depth++;
    if (agg.isAmpdu) this.ampduDepth++;
  }

  /** The head left the air for good (its status is on the way). */
  shift(): AthAggregate | null {
    const agg = this.head;
    if (agg === null) return null;
    this.head = agg.next;
    if (this.head === null) this.tail = null;
    agg.next = null;
    return agg;
  }

  /** TX status processed: the entry no longer counts against the queue depth. */
  release(agg: AthAggregate): void {
    this.depth--;
    if (agg.isAmpdu) this.ampduDepth--;
  }

  /** ath_tx_queue_tid() (legacy): put a TID on the round robin if it is not there. */
  queueTid(tid: AthTid): void {
    if (tid.sched) return;
    tid.sched = true;
    tid.next = null;
    if (this.tidTail === null) this.tidHead = tid;
    else this.tidTail.next = tid;
    this.tidTail = tid;
    this.tidCount++;
  }

  peekTid(): AthTid | null {
    return this.tidHead;
  }

  popTid(): AthTid | null {
    const tid = this.tidHead;
    if (tid === null) return null;
    this.tidHead = tid.next;
    if (this.tidHead === null) this.tidTail = null;
    tid.next = null;
    tid.sched = false;
    this.tidCount--;
    return tid;
  }
}
