/**
 * The coarse path of a forwarding NIC (WiredNic burstBytes, DevQueue
 * unitBytes): consecutive segments of one GSO skb leave as one event and are
 * cleaned together, and each still reaches the far end at its own last bit.
 * By hand: at 10 Gbit/s a 1514-byte frame takes (1514 + 24) · 8 / 1e10 s = 1230.4 ns,
 * rounded up to 1231 ns.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import { ZERO_COSTS } from '../cpu/cpu';
import { Pfifo } from '../qdisc/pfifo';
import { mkSkb } from '../qdisc/test-helpers';
import { continuesSegment, type Skb, SkbKind } from '../skb';
import { DevQueue } from './dev-queue';
import { WiredNic } from './wired-nic';

const FRAME_NS = 1231;
const PROP_NS = 10_000;

/** Segment i of a GSO skb of flow `flowId` sent at `xmitNs` (1448 bytes of payload, 66 of headers). */
function seg(flowId: number, i: number, xmitNs = 100): Skb {
  const s = mkSkb({ flowId, seq: i * 1448 });
  s.hdrBytes = 66;
  s.xmitNs = xmitNs;
  return s;
}

function rig(burstBytes: number, burstArrivals = false) {
  const sim = new Sim(1);
  const arrivals: { t: Ns; skb: Skb }[] = [];
  const frees: Ns[] = [];
  const nic = new WiredNic(
    sim,
    {
      rateBps: 10e9,
      propagationNs: PROP_NS,
      ringSlots: 256,
      bql: true,
      completion: { kind: 'immediate', delayNs: 0 },
      deliverAs: 'train',
      cpu: null,
      perCompletionNs: 0,
      burstBytes,
      burstArrivals,
    },
    (skb, t) => arrivals.push({ t, skb }),
    (_skb, t) => frees.push(t),
  );
  const qdisc = new Pfifo({ limit: 1000 }, () => {});
  const dev = new DevQueue(sim, qdisc, nic, {
    softwareGso: false,
    sg: true,
    cpu: null,
    costs: ZERO_COSTS,
    unitBytes: burstBytes,
  });
  return { sim, nic, dev, arrivals, frees };
}

describe('continuesSegment', () => {
  it('holds for the next segment of one GSO skb only', () => {
    expect(continuesSegment(seg(1, 0), seg(1, 1))).toBe(true);
    expect(continuesSegment(seg(1, 0), seg(1, 2))).toBe(false); // a gap
    expect(continuesSegment(seg(1, 0), seg(2, 1))).toBe(false); // another flow
    expect(continuesSegment(seg(1, 0), seg(1, 1, 200))).toBe(false); // another transmit
    const ping = seg(1, 1);
    ping.kind = SkbKind.PING_REQ;
    expect(continuesSegment(seg(1, 0), ping)).toBe(false);
  });
});

describe("a forwarding NIC's bursts", () => {
  it('sends the segments of one skb as one event; each arrives at its own last bit, all are freed at the last', () => {
    const { sim, dev, arrivals, frees } = rig(4 * 1538);
    // The qdisc holds eight segments of one skb; the first goes out alone (the NIC was idle,
    // BQL stops the queue), the wake at its end hands over the next four, then the last three.
    for (let i = 0; i < 8; i++) dev.xmit(seg(1, i), 0);
    sim.runUntil(1_000_000);
    expect(arrivals.map((a) => a.t)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((k) => k * FRAME_NS + PROP_NS));
    expect(arrivals.map((a) => a.skb.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * 1448));
    expect(frees).toEqual([
      FRAME_NS,
      5 * FRAME_NS,
      5 * FRAME_NS,
      5 * FRAME_NS,
      5 * FRAME_NS,
      8 * FRAME_NS,
      8 * FRAME_NS,
      8 * FRAME_NS,
    ]);
    // Three bursts and eight arrivals.
    expect(sim.eventsRun).toBe(3 + 8);
  });

  it('ends a burst where the next packet is of another skb, and without burstBytes sends each alone', () => {
    const order = (burstBytes: number) => {
      const { sim, dev, frees } = rig(burstBytes);
      dev.xmit(seg(1, 0), 0);
      dev.xmit(seg(1, 1), 0);
      dev.xmit(seg(2, 0), 0);
      dev.xmit(seg(2, 1), 0);
      sim.runUntil(1_000_000);
      return { frees, events: sim.eventsRun };
    };
    // The first alone; then flow 1's second segment, cut where flow 2's skb begins; then flow 2's pair.
    expect(order(8 * 1538).frees).toEqual([FRAME_NS, 2 * FRAME_NS, 4 * FRAME_NS, 4 * FRAME_NS]);
    const fine = order(0);
    expect(fine.frees).toEqual([1, 2, 3, 4].map((k) => k * FRAME_NS));
    expect(fine.events).toBe(4 + 4);
  });

  it('with burstArrivals hands a burst over when its first arrives, each stamped with its own arrival', () => {
    const { sim, dev, arrivals } = rig(4 * 1538, true);
    for (let i = 0; i < 8; i++) dev.xmit(seg(1, i), 0);
    sim.runUntil(1_000_000);
    const firsts = [1, 2, 2, 2, 2, 6, 6, 6].map((k) => k * FRAME_NS + PROP_NS);
    expect(arrivals.map((a) => a.t)).toEqual(firsts);
    // The first of each burst arrives as it is handed over (0: on arrival); the rest carry their own time.
    expect(arrivals.map((a) => a.skb.arriveNs)).toEqual(
      [0, 0, 3, 4, 5, 0, 7, 8].map((k) => (k ? k * FRAME_NS + PROP_NS : 0)),
    );
    // Three bursts, three hand-overs.
    expect(sim.eventsRun).toBe(3 + 3);
  });
});
