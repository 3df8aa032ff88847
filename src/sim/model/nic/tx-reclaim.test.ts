/**
 * The TX completion models of ./tx-reclaim.ts on a WiredNic, by hand: at
 * 100 Mbit/s a 1514-byte frame takes (1514 + 24) · 8 / 1e8 = 123040 ns, so
 * a 20-segment TSO skb is 20 frames and 2460800 ns on the wire.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import { us, type Ns } from '../../engine/time';
import { mkSkb } from '../qdisc/test-helpers';
import type { Skb } from '../skb';
import type { CompletionModel } from './tx-reclaim';
import { WiredNic } from './wired-nic';

const FRAME_NS = 123_040;

function rig(completion: CompletionModel, ringSlots = 256) {
  const sim = new Sim(1);
  const frees: { t: Ns; skb: Skb }[] = [];
  const wakes: Ns[] = [];
  const nic = new WiredNic(
    sim,
    {
      rateBps: 100e6,
      propagationNs: us(5),
      ringSlots,
      bql: false,
      completion,
      deliverAs: 'train',
      cpu: null,
      perCompletionNs: 0,
    },
    () => {},
    (skb, t) => frees.push({ t, skb }),
  );
  nic.setWake((t) => wakes.push(t));
  return { sim, nic, frees, wakes };
}

describe("fec's interrupt coalescing counts wire frames (coalesced-frames)", () => {
  it('frees a 20-frame TSO skb at the timer started by frame 17, after two frame-count interrupts that found nothing done', () => {
    const { sim, nic, frees } = rig({ kind: 'coalesced-frames', usecs: 1000, frames: 8 });
    const tso = mkSkb({ lenBytes: 20 * 1448, segs: 20 });
    nic.xmit(tso, 0);
    sim.runUntil(us(10_000));
    // Frames 8 and 16 fire interrupts (nothing complete yet); frame 17 (at 17 × 123040)
    // arms the 1000 µs timer; the skb's last frame ends at 20 × 123040.
    expect(frees).toEqual([{ t: 17 * FRAME_NS + us(1000), skb: tso }]);
  });

  it('the mlx4 model counts the same skb as one completion and frees it 1000 µs after its last frame', () => {
    const { sim, nic, frees } = rig({ kind: 'coalesced', usecs: 1000, frames: 8 });
    nic.xmit(mkSkb({ lenBytes: 20 * 1448, segs: 20 }), 0);
    sim.runUntil(us(10_000));
    expect(frees.map((f) => f.t)).toEqual([20 * FRAME_NS + us(1000)]);
  });

  it('eight single-frame skbs fire at the eighth frame, before the timer', () => {
    const { sim, nic, frees } = rig({ kind: 'coalesced-frames', usecs: 1000, frames: 8 });
    for (let i = 0; i < 9; i++) nic.xmit(mkSkb(), 0);
    sim.runUntil(us(10_000));
    const t = frees.map((f) => f.t);
    expect(t.slice(0, 8)).toEqual(Array(8).fill(8 * FRAME_NS));
    // The ninth starts a new count: its timer runs out 1000 µs after it.
    expect(t[8]).toBe(9 * FRAME_NS + us(1000));
  });
});

describe('sis900 before 5.3: freed only when the ring goes idle (idle)', () => {
  it('frees nothing while frames are queued behind, then everything sent; a ring that idles frees at once', () => {
    const { sim, nic, frees } = rig({ kind: 'idle', delayNs: us(10) });
    const a = mkSkb();
    const b = mkSkb();
    const c = mkSkb();
    nic.xmit(a, 0);
    nic.xmit(b, 0);
    sim.runUntil(FRAME_NS + 1000); // a sent, b on the wire: c queues behind it
    nic.xmit(c, sim.nowNs);
    sim.runUntil(us(10_000));
    // The ring idles only after c: TxIDLE, the handler 10 µs later, frees all three.
    const idle = 3 * FRAME_NS + us(10);
    expect(frees).toEqual([
      { t: idle, skb: a },
      { t: idle, skb: b },
      { t: idle, skb: c },
    ]);
    // Two skbs and nothing behind them: the ring idles after the second.
    const r = rig({ kind: 'idle', delayNs: us(10) });
    r.nic.xmit(mkSkb(), 0);
    r.nic.xmit(mkSkb(), 0);
    r.sim.runUntil(us(10_000));
    expect(r.frees.map((f) => f.t)).toEqual([2 * FRAME_NS + us(10), 2 * FRAME_NS + us(10)]);
  });

  it('stops the queue when every descriptor is held and wakes it below NUM_TX_DESC − 4', () => {
    const { sim, nic, wakes } = rig({ kind: 'idle', delayNs: us(10) }, 16);
    for (let i = 0; i < 16; i++) nic.xmit(mkSkb(), 0);
    expect(nic.queueStopped()).toBe(true);
    expect(nic.descsInUse).toBe(16);
    sim.runUntil(16 * FRAME_NS - 1);
    // Fifteen sent, none freed: the descriptors are still in use.
    expect([nic.ringSkbs, nic.descsInUse, nic.queueStopped()]).toEqual([1, 16, true]);
    sim.runUntil(us(10_000));
    expect(wakes).toEqual([16 * FRAME_NS + us(10)]);
    expect(nic.descsInUse).toBe(0);
  });

  it('wakes a ring of the immediate model as soon as a descriptor is free', () => {
    const { sim, nic, wakes } = rig({ kind: 'immediate', delayNs: us(5) }, 4);
    for (let i = 0; i < 4; i++) nic.xmit(mkSkb(), 0);
    expect(nic.queueStopped()).toBe(true);
    sim.runUntil(us(10_000));
    expect(wakes[0]).toBe(FRAME_NS + us(5));
  });
});

describe('an immediate completion without latency', () => {
  it('frees each skb at its last bit inside the TX-end handler: one event per skb, none for the clean', () => {
    const { sim, nic, frees } = rig({ kind: 'immediate', delayNs: 0 });
    for (let i = 0; i < 3; i++) nic.xmit(mkSkb(), 0);
    sim.runUntil(us(10_000));
    expect(frees.map((f) => f.t)).toEqual([1, 2, 3].map((k) => k * FRAME_NS));
    // Three TX ends and three arrivals at the far end; with a latency each clean would be a fourth kind.
    expect(sim.eventsRun).toBe(6);
  });

  it('with a latency the clean is an event of its own, that latency after the last bit', () => {
    const { sim, nic, frees } = rig({ kind: 'immediate', delayNs: 5000 });
    for (let i = 0; i < 3; i++) nic.xmit(mkSkb(), 0);
    sim.runUntil(us(10_000));
    expect(frees.map((f) => f.t)).toEqual([1, 2, 3].map((k) => k * FRAME_NS + 5000));
    expect(sim.eventsRun).toBe(9);
  });
});
