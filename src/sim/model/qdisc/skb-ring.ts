/**
 * A growable circular queue of skbs: the model's stand-in for the kernel's
 * per-queue skb lists (sk_buff_head, fq's flow->head/tail, skb_array).
 * Grows by doubling, so steady-state enqueue/dequeue never allocates.
 */
import { ringCapacity, unwrapInto } from '../../engine/ring-column';
import type { Skb } from '../skb';

export class SkbRing {
  private buf: (Skb | null)[];
  private head = 0;
  private len = 0;

  constructor(initialCapacity = 16) {
    this.buf = new Array<Skb | null>(ringCapacity(initialCapacity)).fill(null);
  }

  get length(): number {
    return this.len;
  }

  /** i-th skb from the head (0 = head); caller keeps i < length. */
  at(i: number): Skb {
    return this.buf[(this.head + i) & (this.buf.length - 1)]!;
  }

  peek(): Skb | null {
    return this.len === 0 ? null : this.buf[this.head];
  }

  peekTail(): Skb | null {
    return this.len === 0 ? null : this.at(this.len - 1);
  }

  push(skb: Skb): void {
    if (this.len === this.buf.length) this.grow();
    this.buf[(this.head + this.len) & (this.buf.length - 1)] = skb;
    this.len++;
  }

  /** Puts skb at the head (skb_queue_head): a frame returned to the front of its queue. */
  unshift(skb: Skb): void {
    if (this.len === this.buf.length) this.grow();
    this.head = (this.head - 1) & (this.buf.length - 1);
    this.buf[this.head] = skb;
    this.len++;
  }

  shift(): Skb | null {
    if (this.len === 0) return null;
    const skb = this.buf[this.head];
    this.buf[this.head] = null;
    this.head = (this.head + 1) & (this.buf.length - 1);
    this.len--;
    return skb;
  }

  /** Inserts before position i (0 = new head), shifting the tail part back. */
  insertAt(i: number, skb: Skb): void {
    if (this.len === this.buf.length) this.grow();
    const mask = this.buf.length - 1;
    for (let j = this.len; j > i; j--) {
      this.buf[(this.head + j) & mask] = this.buf[(this.head + j - 1) & mask];
    }
    this.buf[(this.head + i) & mask] = skb;
    this.len++;
  }

  private grow(): void {
    const cap = this.buf.length * 2;
    this.buf = unwrapInto(this.buf, this.head, this.len, new Array<Skb | null>(cap).fill(null));
    this.head = 0;
  }
}
