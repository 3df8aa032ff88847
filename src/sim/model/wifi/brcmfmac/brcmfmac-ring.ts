/**
 * Allocation-free queues for the brcmfmac model: the driver's pktq /
 * sk_buff_head lists (fwsignal.c psq, sdio.c txq, the dongle's TX queue)
 * carrying each skb with its htod-style tag, and the dongle's list of TX
 * statuses waiting to be read by the host. Both grow by doubling only.
 */
import { ringCapacity, unwrapInto } from '../../../engine/ring-column';
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';

/** Deque of (skb, tag) pairs: push at the tail, unshift for requeue at the head. */
export class SkbTagDeque {
  private skbs: (Skb | null)[];
  private tags: Int32Array;
  private head = 0;
  private len = 0;
  /** Tag of the skb the last shift() returned. */
  lastTag = -1;
  /** L2 bytes of the skbs held, and of those among them that carry a PKTTAG (tag ≥ 0: the hanger holds them too). */
  l2Bytes = 0;
  taggedBytes = 0;

  constructor(initialCapacity = 16) {
    const cap = ringCapacity(initialCapacity);
    this.skbs = new Array<Skb | null>(cap).fill(null);
    this.tags = new Int32Array(cap);
  }

  get length(): number {
    return this.len;
  }

  at(i: number): Skb {
    return this.skbs[(this.head + i) & (this.skbs.length - 1)]!;
  }

  tagAt(i: number): number {
    return this.tags[(this.head + i) & (this.skbs.length - 1)];
  }

  push(skb: Skb, tag: number): void {
    if (this.len === this.skbs.length) this.grow();
    const i = (this.head + this.len) & (this.skbs.length - 1);
    this.skbs[i] = skb;
    this.tags[i] = tag;
    this.len++;
    this.count(skb.l2Bytes, tag);
  }

  unshift(skb: Skb, tag: number): void {
    if (this.len === this.skbs.length) this.grow();
    this.head = (this.head - 1) & (this.skbs.length - 1);
    this.skbs[this.head] = skb;
    this.tags[this.head] = tag;
    this.len++;
    this.count(skb.l2Bytes, tag);
  }

  shift(): Skb | null {
    if (this.len === 0) return null;
    const skb = this.skbs[this.head];
    this.lastTag = this.tags[this.head];
    this.skbs[this.head] = null;
    this.head = (this.head + 1) & (this.skbs.length - 1);
    this.len--;
    this.count(-skb!.l2Bytes, this.lastTag);
    return skb;
  }

  private count(bytes: number, tag: number): void {
    this.l2Bytes += bytes;
    if (tag >= 0) this.taggedBytes += bytes;
  }

  private grow(): void {
    const cap = this.skbs.length * 2;
    const { head, len } = this;
    this.skbs = unwrapInto(this.skbs, head, len, new Array<Skb | null>(cap).fill(null));
    this.tags = unwrapInto(this.tags, head, len, new Int32Array(cap));
    this.head = 0;
  }
}

/**
 * FIFO of (readyNs, value) pairs in nondecreasing readyNs (entries are pushed
 * with a constant latency from nondecreasing times).
 */
export class TimedIntRing {
  private ready: Float64Array;
  private vals: Int32Array;
  private head = 0;
  private len = 0;

  constructor(initialCapacity = 64) {
    const cap = ringCapacity(initialCapacity);
    this.ready = new Float64Array(cap);
    this.vals = new Int32Array(cap);
  }

  get length(): number {
    return this.len;
  }

  push(readyNs: Ns, value: number): void {
    if (this.len === this.vals.length) this.grow();
    const i = (this.head + this.len) & (this.vals.length - 1);
    this.ready[i] = readyNs;
    this.vals[i] = value;
    this.len++;
  }

  /** Ready time of the head, or Infinity when empty. */
  headReadyNs(): Ns {
    return this.len === 0 ? Infinity : this.ready[this.head];
  }

  /** Entries at the head with readyNs ≤ nowNs, counting at most `max`. */
  countReady(nowNs: Ns, max: number): number {
    const mask = this.vals.length - 1;
    let n = 0;
    while (n < this.len && n < max && this.ready[(this.head + n) & mask] <= nowNs) n++;
    return n;
  }

  shift(): number {
    const v = this.vals[this.head];
    this.head = (this.head + 1) & (this.vals.length - 1);
    this.len--;
    return v;
  }

  private grow(): void {
    const cap = this.vals.length * 2;
    const { head, len } = this;
    this.ready = unwrapInto(this.ready, head, len, new Float64Array(cap));
    this.vals = unwrapInto(this.vals, head, len, new Int32Array(cap));
    this.head = 0;
  }
}
