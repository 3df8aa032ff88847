import { preferDoubleFields, preferMutableFields } from '../../engine/double-fields';

/**
 * The receiver's out-of-order queue (tp->out_of_order_queue in
 * net/ipv4/tcp_input.c, tcp_data_queue_ofo): the byte ranges held above
 * rcv_nxt with the truesize they charge to sk_rmem_alloc, and the SACK
 * blocks that describe them (tcp_sack_new_ofo_skb: the block holding the
 * newest segment first, RFC 2018). Adjacent or overlapping ranges merge, as
 * tcp_try_coalesce merges their skbs.
 */
export class OooQueue {
  /** Intervals [start, end) sorted by start, flattened. */
  private iv: number[] = [];
  /** Truesize held by each interval. */
  private ts: number[] = [];
  /** Bytes of truesize held (what the queue adds to sk_rmem_alloc). */
  truesizeBytes = 0;
  private lastStart = -1;

  get empty(): boolean {
    return this.iv.length === 0;
  }

  /** Number of ranges held. */
  get ranges(): number {
    return this.iv.length / 2;
  }

  /** The highest byte held (ooo_last_skb's end_seq), or -1. */
  get highestEnd(): number {
    return this.iv.length > 0 ? this.iv[this.iv.length - 1] : -1;
  }

  /**
   * Queues [start, end); a range already held whole is a duplicate and charges
   * nothing. Inserted and merged in place: a queue after a loss takes one per
   * segment, and new arrays each time were most of what a receiver allocated.
   */
  add(start: number, end: number, truesize: number): void {
    this.lastStart = start;
    const o = this.iv;
    const ts = this.ts;
    for (let k = 0; k < o.length; k += 2) if (o[k] <= start && end <= o[k + 1]) return;
    let i = 0;
    while (i < o.length && o[i] < start) i += 2;
    o.push(0, 0);
    ts.push(0);
    for (let k = o.length - 2; k > i; k -= 2) {
      o[k] = o[k - 2];
      o[k + 1] = o[k - 1];
      ts[k / 2] = ts[k / 2 - 1];
    }
    o[i] = start;
    o[i + 1] = end;
    ts[i / 2] = truesize;
    this.truesizeBytes += truesize;
    this.mergeOverlaps();
  }

  /** Merges each range into the one before it where they touch or overlap (in place; w never passes k). */
  private mergeOverlaps(): void {
    const o = this.iv;
    const ts = this.ts;
    let w = 0;
    for (let k = 0; k < o.length; k += 2) {
      if (w > 0 && o[k] <= o[w - 1]) {
        o[w - 1] = Math.max(o[w - 1], o[k + 1]);
        ts[w / 2 - 1] += ts[k / 2];
      } else {
        o[w] = o[k];
        o[w + 1] = o[k + 1];
        ts[w / 2] = ts[k / 2];
        w += 2;
      }
    }
    o.length = w;
    ts.length = w / 2;
  }

  /** Removes the ranges rcv_nxt has reached; returns the new rcv_nxt (tcp_ofo_queue). */
  drain(rcvNxt: number): number {
    const o = this.iv;
    let k = 0;
    while (k < o.length && o[k] <= rcvNxt) {
      if (o[k + 1] > rcvNxt) rcvNxt = o[k + 1];
      this.truesizeBytes -= this.ts[k / 2];
      k += 2;
    }
    if (k > 0) {
      o.copyWithin(0, k);
      o.length -= k;
      this.ts.copyWithin(0, k / 2);
      this.ts.length -= k / 2;
    }
    return rcvNxt;
  }

  /** Up to 3 SACK blocks, the one holding the latest out-of-order segment first (RFC 2018). */
  sackBlocks(): number[] {
    const o = this.iv;
    const out: number[] = [];
    let first = -1;
    for (let k = 0; k < o.length; k += 2) {
      if (this.lastStart >= o[k] && this.lastStart < o[k + 1]) first = k;
    }
    if (first >= 0) out.push(o[first], o[first + 1]);
    for (let k = o.length - 2; k >= 0 && out.length < 6; k -= 2) {
      if (k !== first) out.push(o[k], o[k + 1]);
    }
    return out;
  }
}

// lastStart holds sequence numbers, which the receiver keeps as doubles (see double-fields.ts).
preferDoubleFields(new OooQueue(), ['lastStart']);
// Held truesize first changes at the first segment out of order, mid-run.
preferMutableFields(new OooQueue(), ['truesizeBytes']);
