/**
 * bfifo: a single FIFO with a byte limit and tail drop (net/sched/sch_fifo.c,
 * bfifo_enqueue: accept while backlog + qdisc_pkt_len <= limit). It is the
 * child tbf creates for itself (fifo_create_dflt with tbf's limit); without
 * a limit fifo_init uses tx_queue_len · psched_mtu.
 */
import type { Skb } from '../skb';
import { TailDropFifo } from './fifo';
import { DEFAULT_TX_QUEUE_LEN } from './pfifo-fast';
import type { DropFn } from './qdisc';

export interface BfifoOptions {
  /** Byte limit (default txqueuelen · mtu). */
  limitBytes?: number;
  txqueuelen?: number;
  /** psched_mtu: MTU plus link header (1514). */
  mtuBytes?: number;
}

export class Bfifo extends TailDropFifo {
  readonly kind = 'bfifo' as const;
  readonly limitBytes: number;

  constructor(opts: BfifoOptions, drop: DropFn) {
    super(drop);
    this.limitBytes = opts.limitBytes ?? (opts.txqueuelen ?? DEFAULT_TX_QUEUE_LEN) * (opts.mtuBytes ?? 1514);
  }

  protected admits(skb: Skb): boolean {
    return this.bytes + skb.l2Bytes <= this.limitBytes;
  }
}
