/**
 * pfifo: a single FIFO with a packet limit and tail drop
 * (net/sched/sch_fifo.c, pfifo_enqueue: accept while qlen < limit). The
 * default limit is the device's tx_queue_len, as fifo_init() uses when no
 * limit is given.
 */
import type { Skb } from '../skb';
import { TailDropFifo } from './fifo';
import { DEFAULT_TX_QUEUE_LEN } from './pfifo-fast';
import type { DropFn } from './qdisc';

export interface PfifoOptions {
  /** Packet limit (default txqueuelen, else 1000). */
  limit?: number;
  txqueuelen?: number;
}

export class Pfifo extends TailDropFifo {
  readonly kind = 'pfifo' as const;
  readonly limitPkts: number;

  constructor(opts: PfifoOptions, drop: DropFn) {
    super(drop);
    this.limitPkts = opts.limit ?? opts.txqueuelen ?? DEFAULT_TX_QUEUE_LEN;
  }

  protected admits(_skb: Skb): boolean {
    return this.q.length < this.limitPkts;
  }
}
