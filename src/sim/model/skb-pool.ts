/**
 * Spare skbs for the segments a router's ingress makes of each GSO skb
 * (../nic/wired-nic.ts, 'segments-together'). At 10 Gbit/s these are three
 * quarters of everything a run allocates, and each lives for the bottleneck's
 * queue and propagation delay, long enough to be copied by every young-
 * generation collection on the way: reused instead, they stay put. A pooled
 * skb has two holders, the router's ring until its TX clean and the far end
 * until its receiver has taken the data in; it returns here when both have
 * let go. One lost on the way (a drop, a reply that keeps it) is simply left
 * to the garbage collector. The kernel frees and allocates such skbs from
 * its slab caches; what the model computes is the same either way.
 */
import { Skb } from './skb';

/** Holders of a forwarded segment: the egress ring and the receiving host. */
export const SEGMENT_HOLDERS = 2;

export class SkbPool {
  private readonly spare: Skb[] = [];

  /** A new skb, or a spare one reset to a new skb's state. */
  take(): Skb {
    const s = this.spare.pop();
    if (s === undefined) return new Skb();
    s.reset();
    return s;
  }

  /** One holder lets go of `skb`; the last one returns it. An skb not from a pool is left alone. */
  release(skb: Skb): void {
    if (skb.holds > 0 && --skb.holds === 0) this.spare.push(skb);
  }
}

/** The pool of forwarded segments, shared by every model in the process (an skb returns only when done). */
export const FORWARDED_SEGMENTS = new SkbPool();
