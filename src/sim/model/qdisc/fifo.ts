/**
 * The tail-drop FIFO pfifo and bfifo share (net/sched/sch_fifo.c: both
 * enqueue with qdisc_enqueue_tail and dequeue with qdisc_dequeue_head); they
 * differ only in what their limit counts, packets or bytes.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';
import { SkbRing } from './skb-ring';

export abstract class TailDropFifo implements Qdisc {
  abstract readonly kind: 'pfifo' | 'bfifo';
  readonly stats: QdiscStats = emptyQdiscStats();
  protected readonly q = new SkbRing(64);
  protected bytes = 0;

  constructor(private readonly drop: DropFn) {}

  /** Whether the limit leaves room for skb (pfifo_enqueue, bfifo_enqueue). */
  protected abstract admits(skb: Skb): boolean;

  get backlogBytes(): number {
    return this.bytes;
  }

  get backlogPkts(): number {
    return this.q.length;
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    if (!this.admits(skb)) {
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
