/**
 * Xen netfront: an skb is freed (tcp_wfree) only after netback, dom0's wire
 * and completion, the dealloc kthread and the event channel; ring slots stop
 * and wake the queue as netfront_tx_slot_available() does.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/rng';
import { Sim } from '../../engine/sim';
import { ms, us, type Ns } from '../../engine/time';
import { Cpu } from '../cpu/cpu';
import { mkOwner, mkSkb } from '../qdisc/test-helpers';
import type { Skb } from '../skb';
import { XenNetfront, xenSlots, type XenConfig } from './xen-netfront';

const FRAME_NS = 12_304; // 1514 B + 24 B framing at 1 Gbit/s

function rig(over: Partial<XenConfig> = {}, seed = 1, withCpu = false) {
  const sim = new Sim(1);
  const frees: { t: Ns; skb: Skb }[] = [];
  const arrivals: { t: Ns; skb: Skb }[] = [];
  const wakes: Ns[] = [];
  const cfg: XenConfig = {
    ringSlots: 256,
    backendPerSkbNs: 2000,
    physRateBps: 1e9,
    physCompletion: { kind: 'immediate', delayNs: us(3) },
    propagationNs: us(10),
    deallocFixedNs: us(20),
    deallocMeanExtraNs: 0,
    deallocStallProb: 0,
    deallocStallMeanNs: 0,
    evtchnNs: us(5),
    deliverAs: 'train',
    cpu: withCpu ? new Cpu(sim) : null,
    perCompletionNs: 700,
    ...over,
  };
  const xen = new XenNetfront(
    sim,
    new Rng(seed),
    cfg,
    (skb, t) => arrivals.push({ t, skb }),
    (skb, t) => frees.push({ t, skb }),
  );
  xen.setWake((t) => wakes.push(t));
  return { sim, xen, frees, arrivals, wakes };
}

describe('xenSlots', () => {
  it('is one header slot plus one per 4 KB page', () => {
    expect(xenSlots(mkSkb())).toBe(2); // 1514 B
    expect(xenSlots(mkSkb({ lenBytes: 4096 - 66 }))).toBe(2);
    expect(xenSlots(mkSkb({ lenBytes: 4096 - 65 }))).toBe(3);
    expect(xenSlots(mkSkb({ lenBytes: 44 * 1448, segs: 44 }))).toBe(18); // 66616 B
  });
});

describe('XenNetfront completion path', () => {
  it('frees after backend + wire + phys completion + dealloc + evtchn', () => {
    const { sim, xen, frees, arrivals } = rig();
    const a = mkSkb();
    xen.xmit(a, 0);
    expect(xen.inFlightSkbs).toBe(1);
    sim.runUntil(ms(1));
    // 2000 + 12304 + 3000 + 20000 + 5000
    expect(frees).toEqual([{ t: 42_304, skb: a }]);
    // the frame itself reaches the peer after backend + wire + propagation
    expect(arrivals).toEqual([{ t: 2000 + FRAME_NS + us(10), skb: a }]);
    expect([xen.inFlightSkbs, xen.inFlightBytes, xen.backendQueued]).toEqual([0, 0, 0]);
  });

  it('hands a router packets of its own, and frees each guest skb once, after the wire', () => {
    const { sim, xen, frees, arrivals } = rig({ deliverAs: 'segments' });
    const owner = mkOwner(0, 1e6);
    const a = mkSkb({ owner, lenBytes: 2 * 1448, segs: 2 });
    a.gsoSizeBytes = 1448;
    xen.xmit(a, 0);
    sim.runUntil(ms(1));
    expect(arrivals.map((x) => x.skb.seq)).toEqual([0, 1448]);
    for (const x of arrivals) {
      expect(x.skb).not.toBe(a);
      expect(x.skb.owner).toBeNull();
    }
    expect(frees.map((f) => f.skb)).toEqual([a]);
  });

  it('batches the responses of one dealloc run, and charges the guest CPU for the GC', () => {
    const { sim, xen, frees } = rig({}, 1, true);
    xen.xmit(mkSkb({ seq: 0 }), 0);
    xen.xmit(mkSkb({ seq: 1 }), 0);
    sim.runUntil(ms(1));
    // phys completions at 17304 and 31608 (backend 2 µs each, then the wire);
    // the dealloc run armed at 17304 fires at 37304 with both pending,
    // the evtchn lands at 42304, the GC of 2 skbs costs 1400 ns.
    expect(frees.map((f) => [f.t, f.skb.seq])).toEqual([
      [43_704, 0],
      [43_704, 1],
    ]);
  });

  it('is deterministic for a seed, and never frees before phys completion + evtchn', () => {
    const run = (seed: number): Ns[] => {
      const r = rig({ deallocMeanExtraNs: us(50), deallocStallProb: 0.1, deallocStallMeanNs: ms(1) }, seed);
      for (let i = 0; i < 60; i++)
        r.sim.at(us(20 * i), { handleEvent: (_k, _a, t) => r.xen.xmit(mkSkb({ seq: i }), t) }, 0);
      r.sim.runUntil(ms(100));
      expect(r.frees.map((f) => f.skb.seq)).toEqual(Array.from({ length: 60 }, (_, i) => i));
      return r.frees.map((f) => f.t);
    };
    const a = run(42);
    expect(run(42)).toEqual(a);
    expect(run(43)).not.toEqual(a);
    // The dealloc delay is per batch: a later skb may join a run already armed.
    expect(a[0]).toBeGreaterThanOrEqual(2000 + FRAME_NS + us(3) + us(20) + us(5));
    for (let i = 0; i < a.length; i++)
      expect(a[i]).toBeGreaterThanOrEqual(us(20 * i) + 2000 + FRAME_NS + us(3) + us(5));
  });
});

describe('XenNetfront ring slots', () => {
  /** One 3-slot skb, then n 2-slot skbs, all at t = 0. */
  function fill(xen: XenNetfront, n: number): void {
    xen.xmit(mkSkb({ lenBytes: 3 * 1448, segs: 3 }), 0); // 4542 B → 3 slots
    for (let i = 0; i < n; i++) xen.xmit(mkSkb(), 0);
  }

  it('stops once NET_TX_RING_SIZE − MAX_SKB_FRAGS − 2 = 237 slots are in use', () => {
    const { xen } = rig();
    fill(xen, 116); // 3 + 232 = 235
    expect(xen.queueStopped()).toBe(false);
    xen.xmit(mkSkb(), 0); // 237
    expect(xen.queueStopped()).toBe(true);
  });

  it('wakes at the first GC that brings the count below 237', () => {
    const { sim, xen, wakes, frees } = rig();
    fill(xen, 117);
    expect(xen.queueStopped()).toBe(true);
    sim.runUntil(ms(100));
    expect(frees.length).toBe(118);
    expect(xen.queueStopped()).toBe(false);
    expect(wakes).toEqual([frees[0].t]);
  });

  it('does not wake while 237 slots are still in use', () => {
    // 1 ms of netback work per skb: each dealloc run carries one response
    const { sim, xen, wakes, frees } = rig({ backendPerSkbNs: ms(1) });
    for (let i = 0; i < 118; i++) xen.xmit(mkSkb({ seq: i }), 0); // 236
    xen.xmit(mkSkb({ lenBytes: 3 * 1448, segs: 3, seq: 118 }), 0); // 239
    expect(xen.queueStopped()).toBe(true);
    sim.runUntil(ms(1.5));
    expect(frees.length).toBe(1); // 237 in use
    expect(wakes).toEqual([]);
    sim.runUntil(ms(2.5));
    expect(frees.length).toBe(2); // 235
    expect(wakes).toEqual([frees[1].t]);
  });
});
