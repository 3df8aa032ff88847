/**
 * The wired NIC: serialisation with Ethernet framing, ring stop/wake, BQL,
 * and the TX-completion models. Times by hand: a 1514-byte frame takes
 * (1514 + 24) · 8 = 12304 ns at 1 Gbit/s.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import { us, type Ns } from '../../engine/time';
import { Cpu } from '../cpu/cpu';
import { mkOwner, mkSkb } from '../qdisc/test-helpers';
import type { Skb } from '../skb';
import { WiredNic, type WiredNicConfig } from './wired-nic';

const FRAME_NS = 12_304;

interface Rig {
  sim: Sim;
  nic: WiredNic;
  arrivals: { t: Ns; skb: Skb }[];
  frees: { t: Ns; skb: Skb }[];
  wakes: Ns[];
}

function rig(over: Partial<WiredNicConfig> = {}, withCpu = false): Rig {
  const sim = new Sim(1);
  const arrivals: Rig['arrivals'] = [];
  const frees: Rig['frees'] = [];
  const wakes: Ns[] = [];
  const cfg: WiredNicConfig = {
    rateBps: 1e9,
    propagationNs: us(10),
    ringSlots: 256,
    bql: false,
    completion: { kind: 'immediate', delayNs: us(5) },
    deliverAs: 'train',
    cpu: withCpu ? new Cpu(sim) : null,
    perCompletionNs: 1000,
    ...over,
  };
  const nic = new WiredNic(
    sim,
    cfg,
    (skb, t) => arrivals.push({ t, skb }),
    (skb, t) => frees.push({ t, skb }),
  );
  nic.setWake((t) => wakes.push(t));
  return { sim, nic, arrivals, frees, wakes };
}

describe('WiredNic serialisation', () => {
  it('is (l2 + 24·segs)·8 / rate', () => {
    const { nic } = rig();
    expect(nic.wireTimeNs(mkSkb())).toBe(FRAME_NS);
    // 4 × 1448 payload + 4 × 66 headers + 4 × 24 framing = 6152 B
    expect(nic.wireTimeNs(mkSkb({ lenBytes: 4 * 1448, segs: 4 }))).toBe(49_216);
    const slow = rig({ rateBps: 100e6 }).nic;
    expect(slow.wireTimeNs(mkSkb())).toBe(123_040);
    // 1 byte payload + 66 + 24 = 91 B at 3 Mbit/s = 242666.7 ns, rounded up
    expect(rig({ rateBps: 3e6 }).nic.wireTimeNs(mkSkb({ lenBytes: 1 }))).toBe(242_667);
  });

  it('sends skbs back to back and delivers a train after propagation', () => {
    const { sim, nic, arrivals } = rig();
    const a = mkSkb();
    const b = mkSkb({ lenBytes: 4 * 1448, segs: 4 });
    nic.xmit(a, 0);
    nic.xmit(b, 0);
    sim.runUntil(us(1000));
    expect(arrivals.map((x) => [x.t, x.skb])).toEqual([
      [FRAME_NS + us(10), a],
      [FRAME_NS + 49_216 + us(10), b],
    ]);
    expect(nic.txSkbs).toBe(2);
    expect(nic.wireBytes).toBe(1514 + 6056);
    expect(nic.busyNs).toBe(FRAME_NS + 49_216);
  });

  it("'segments' delivers each segment at its own serialisation end + propagation", () => {
    const { sim, nic, arrivals } = rig({ deliverAs: 'segments', rateBps: 100e6 });
    const skb = mkSkb({ lenBytes: 2 * 1448 + 500, segs: 3, seq: 10_000, owner: mkOwner(1, 1e6) });
    nic.xmit(skb, 0);
    sim.runUntil(us(2000));
    // 1538 B → 123040 ns each, last (500 + 66 + 24 = 590 B) → 47200 ns
    expect(arrivals.map((x) => x.t)).toEqual([123_040 + us(10), 246_080 + us(10), 293_280 + us(10)]);
    expect(arrivals.map((x) => [x.skb.seq, x.skb.lenBytes, x.skb.segs])).toEqual([
      [10_000, 1448, 1],
      [11_448, 1448, 1],
      [12_896, 500, 1],
    ]);
    for (const x of arrivals) expect(x.skb).not.toBe(skb);
    // A forwarded single-segment packet travels on as itself.
    const fwd = mkSkb();
    nic.xmit(fwd, sim.nowNs);
    sim.runUntil(us(4000));
    expect(arrivals[3].skb).toBe(fwd);
  });

  it("'segments-together' delivers the same packets in one event, when the first one arrives", () => {
    const { sim, nic, arrivals } = rig({ deliverAs: 'segments-together', rateBps: 100e6 });
    const skb = mkSkb({ lenBytes: 2 * 1448 + 500, segs: 3, seq: 10_000, owner: mkOwner(1, 1e6) });
    nic.xmit(skb, 0);
    const events0 = sim.eventsRun;
    sim.runUntil(us(2000));
    expect(arrivals.map((x) => x.t)).toEqual([123_040 + us(10), 123_040 + us(10), 123_040 + us(10)]);
    expect(arrivals.map((x) => [x.skb.seq, x.skb.lenBytes, x.skb.segs])).toEqual([
      [10_000, 1448, 1],
      [11_448, 1448, 1],
      [12_896, 500, 1],
    ]);
    for (const x of arrivals) expect(x.skb).not.toBe(skb);
    // The wire's end, the arrival and the completion: no event per segment.
    expect(sim.eventsRun - events0).toBe(3);
    const fwd = mkSkb();
    nic.xmit(fwd, sim.nowNs);
    sim.runUntil(us(4000));
    expect(arrivals[3].skb).toBe(fwd);
  });
});

describe('WiredNic ring', () => {
  it('stops when the ring is full and wakes at the completion that frees a slot', () => {
    const { sim, nic, frees, wakes } = rig({ ringSlots: 2 });
    nic.xmit(mkSkb(), 0);
    expect(nic.queueStopped()).toBe(false);
    nic.xmit(mkSkb(), 0);
    expect(nic.queueStopped()).toBe(true);
    sim.runUntil(FRAME_NS + us(5) - 1);
    expect(nic.queueStopped()).toBe(true);
    sim.runUntil(FRAME_NS + us(5));
    expect(frees.map((f) => f.t)).toEqual([FRAME_NS + us(5)]);
    expect(wakes).toEqual([FRAME_NS + us(5)]);
    expect(nic.queueStopped()).toBe(false);
  });

  it('with BQL stops on the first skb (limit 0) and wakes when the limit has grown', () => {
    const { sim, nic, wakes } = rig({ bql: true });
    nic.xmit(mkSkb(), 0);
    expect(nic.queueStopped()).toBe(true);
    expect(nic.inflightBytes).toBe(1514);
    sim.runUntil(us(100));
    expect(wakes).toEqual([FRAME_NS + us(5)]);
    expect(nic.inflightBytes).toBe(0);
    // limit is now 1514: two more skbs fit before avail() < 0 stops the queue
    nic.xmit(mkSkb(), sim.nowNs);
    expect(nic.queueStopped()).toBe(false);
    nic.xmit(mkSkb(), sim.nowNs);
    expect(nic.queueStopped()).toBe(true);
  });
});

describe('WiredNic completion', () => {
  it("'immediate' frees delayNs after the last bit", () => {
    const { sim, nic, frees } = rig();
    const a = mkSkb();
    nic.xmit(a, 0);
    sim.runUntil(us(100));
    expect(frees).toEqual([{ t: FRAME_NS + us(5), skb: a }]);
    expect(nic.completions).toBe(1);
  });

  it("'immediate' with a CPU adds perCompletionNs of NAPI work", () => {
    const { sim, nic, frees } = rig({}, true);
    nic.xmit(mkSkb(), 0);
    sim.runUntil(us(100));
    expect(frees.map((f) => f.t)).toEqual([FRAME_NS + us(5) + 1000]);
  });

  it("'coalesced' cleans when tx-frames completions are pending", () => {
    const { sim, nic, frees } = rig({ completion: { kind: 'coalesced', usecs: 100, frames: 3 } });
    for (let i = 0; i < 5; i++) nic.xmit(mkSkb({ seq: i }), 0);
    sim.runUntil(us(1000));
    // 3rd frame ends at 36912: skbs 0-2 freed; 4th ends at 49216 and arms
    // the tx-usecs timer: skbs 3-4 freed at 49216 + 100 µs
    expect(frees.map((f) => [f.t, f.skb.seq])).toEqual([
      [36_912, 0],
      [36_912, 1],
      [36_912, 2],
      [149_216, 3],
      [149_216, 4],
    ]);
  });

  it("'coalesced' cleans tx-usecs after the first pending completion", () => {
    const { sim, nic, frees } = rig({ completion: { kind: 'coalesced', usecs: 50, frames: 64 } });
    nic.xmit(mkSkb(), 0);
    nic.xmit(mkSkb(), 0);
    sim.runUntil(us(1000));
    expect(frees.map((f) => f.t)).toEqual([FRAME_NS + us(50), FRAME_NS + us(50)]);
  });
});
