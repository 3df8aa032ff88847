/**
 * pfifo: a single FIFO with a packet limit and tail drop
 * (net/sched/sch_fifo.c, pfifo_enqueue). The default limit is the device's
 * tx_queue_len, as fifo_init() uses when no limit is given.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { DEFAULT_TX_QUEUE_LEN } from './pfifo-fast';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';
import { SkbRing } from './skb-ring';

export interface PfifoOptions {
  /** Packet limit (default txqueuelen, else 1000). */
  limit?: number;
  txqueuelen?: number;
}

export class Pfifo implements Qdisc {
  readonly kind = 'pfifo' as const;
  readonly stats: QdiscStats = emptyQdiscStats();
  readonly limitPkts: number;
  private readonly q = new SkbRing(64);
  private bytes = 0;

  constructor(
    opts: PfifoOptions,
    private readonly drop: DropFn,
  ) {
    this.limitPkts = opts.limit ?? opts.txqueuelen ?? DEFAULT_TX_QUEUE_LEN;
  }

  get backlogBytes(): number {
    return this.bytes;
  }

  get backlogPkts(): number {
    return this.q.length;
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    if (this.q.length >= this.limitPkts) {
      this.stats.drops++;
      this.drop(skb, nowNs);
      return;
    }
    skb.enqueueNs = nowNs;
    this.q.push(skb);
    this.bytes += skb.l2Bytes;
  }

  dequeue(_nowNs: Ns): Skb | null {
    const skb = this.q.shift();
    if (skb === null) return null;
    const len = skb.l2Bytes;
    this.bytes -= len;
    this.stats.sentBytes += len;
    this.stats.sentPkts++;
    return skb;
  }

  nextWakeNs(): Ns {
    return -1;
  }
}
