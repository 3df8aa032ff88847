/**
 * Spare skbs for the packets a wired run makes most of: the segments a
 * router's ingress makes of each GSO skb (../nic/wired-nic.ts,
 * 'segments-together') and a wired receiver's ACKs (../tcp/receiver.ts). At
 * 10 Gbit/s the segments are three quarters of everything a run allocates,
 * and each packet lives for a queue and a propagation delay, long enough to
 * be copied by every young-generation collection on the way: reused instead,
 * they stay put. A pooled skb counts its holders (a segment: the router's
 * ring until its TX clean and the far end until its receiver has taken the
 * data in; an ACK: the sender until it has processed it) and returns here
 * when the last lets go. One lost on the way (a drop, a reply that keeps it)
 * is simply left to the garbage collector. The kernel frees and allocates
 * such skbs from its slab caches; what the model computes is the same
 * either way.
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

/** The pool, shared by every model in the process (an skb returns only when all its holders are done). */
export const SPARE_SKBS = new SkbPool();
