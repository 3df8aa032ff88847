/**
 * bfifo: a single FIFO with a byte limit and tail drop (net/sched/sch_fifo.c,
 * bfifo_enqueue: accept while backlog + qdisc_pkt_len <= limit). It is the
 * child tbf creates for itself (fifo_create_dflt with tbf's limit); without
 * a limit fifo_init uses tx_queue_len · psched_mtu.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { DEFAULT_TX_QUEUE_LEN } from './pfifo-fast';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';
import { SkbRing } from './skb-ring';

export interface BfifoOptions {
  /** Byte limit (default txqueuelen · mtu). */
  limitBytes?: number;
  txqueuelen?: number;
  /** psched_mtu: MTU plus link header (1514). */
  mtuBytes?: number;
}

export class Bfifo implements Qdisc {
  readonly kind = 'bfifo' as const;
  readonly stats: QdiscStats = emptyQdiscStats();
  readonly limitBytes: number;
  private readonly q = new SkbRing(64);
  private bytes = 0;

  constructor(
    opts: BfifoOptions,
    private readonly drop: DropFn,
  ) {
    this.limitBytes = opts.limitBytes ?? (opts.txqueuelen ?? DEFAULT_TX_QUEUE_LEN) * (opts.mtuBytes ?? 1514);
  }

  get backlogBytes(): number {
    return this.bytes;
  }

  get backlogPkts(): number {
    return this.q.length;
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    if (this.bytes + skb.l2Bytes > this.limitBytes) {
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
    this.bytes -= skb.l2Bytes;
    this.stats.sentBytes += skb.l2Bytes;
    this.stats.sentPkts++;
    return skb;
  }

  nextWakeNs(): Ns {
    return -1;
  }
}
