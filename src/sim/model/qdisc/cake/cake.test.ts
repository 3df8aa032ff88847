import { describe, expect, it } from 'vitest';
import { Rng } from '../../../engine/rng';
import { Skb, SkbKind } from '../../skb';
import { drain, mkSkb } from '../test-helpers';
import { Cake, type CakeOptions } from './cake';
import { cakeAckFilter, sackCompare } from './cake-ack-filter';
import { SkbRing } from '../skb-ring';

function cake(o: Partial<CakeOptions> = {}): { q: Cake; dropped: Skb[] } {
  const dropped: Skb[] = [];
  const rng = new Rng(1);
  const q = new Cake({ rateBytesPerSec: 2.5e6, rand32: () => rng.u32(), ...o }, (s) => void dropped.push(s));
  return { q, dropped };
}

const pkt = (flowId: number, src = 0, dst = 1): Skb => {
  const s = mkSkb({ flowId });
  s.src = src;
  s.dst = dst;
  return s;
};

describe('cake: the shaper', () => {
  it('spaces packets by their adjusted length at the rate, with no burst: 1514 bytes every 605 600 ns', () => {
    const { q } = cake();
    for (let i = 0; i < 4; i++) q.enqueue(pkt(0), 0);
    expect(drain(q, 0).map((d) => d.tNs)).toEqual([0, 605_600, 1_211_200, 1_816_800]);
    expect(q.stats.overlimits).toBeGreaterThan(0);
  });

  it('`ethernet` overhead charges 1538 bytes per full frame (1514 − 14 + 38)', () => {
    const { q } = cake({ overhead: { overheadSet: true, overheadBytes: 38, mpuBytes: 84, atm: 'none' } });
    for (let i = 0; i < 2; i++) q.enqueue(pkt(0), 0);
    expect(drain(q, 0).map((d) => d.tNs)).toEqual([0, 1538 * 400]);
  });

  it('an idle cake restarts its clock at now: no credit for the idle time', () => {
    const { q } = cake();
    q.enqueue(pkt(0), 0);
    drain(q, 0);
    const t = 1e9;
    for (let i = 0; i < 2; i++) q.enqueue(pkt(0), t);
    expect(drain(q, t).map((d) => d.tNs)).toEqual([t, t + 605_600]);
  });

  it('split-gso: a TSO skb is queued as its segments, each shaped on its own', () => {
    const { q } = cake();
    q.enqueue(mkSkb({ lenBytes: 4 * 1448, segs: 4 }), 0);
    expect(q.backlogPkts).toBe(4);
    const out = drain(q, 0);
    expect(out.map((d) => d.skb.segs)).toEqual([1, 1, 1, 1]);
    expect(out[3].tNs).toBe(3 * 605_600);
  });
});

describe('cake: flow and host isolation', () => {
  function share(mode: CakeOptions['flowMode'], flows: { id: number; src: number; dst: number }[]): number[] {
    const { q } = cake({ flowMode: mode, rateBytesPerSec: 0 });
    for (let i = 0; i < 300; i++) for (const f of flows) q.enqueue(pkt(f.id, f.src, f.dst), 0);
    const sent = flows.map(() => 0);
    for (let i = 0; i < 400; i++) {
      const s = q.dequeue(0)!;
      sent[flows.findIndex((f) => f.id === s.flowId)]++;
    }
    return sent;
  }

  it('flows: two bulk flows share by DRR, about equally', () => {
    const [a, b] = share('flows', [
      { id: 0, src: 0, dst: 1 },
      { id: 1, src: 0, dst: 1 },
    ]);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(2);
  });

  it('dual-dsthost: a destination host with three flows gets the same share as one with a single flow', () => {
    const s = share('dual-dsthost', [
      { id: 0, src: 0, dst: 1 },
      { id: 1, src: 0, dst: 1 },
      { id: 2, src: 0, dst: 1 },
      { id: 3, src: 0, dst: 2 },
    ]);
    expect(Math.abs(s[0] + s[1] + s[2] - s[3]) / 400).toBeLessThan(0.05);
  });

  it('triple-isolate: the larger host load scales each quantum; one source host with four flows makes them equal', () => {
    const sameSrc = share('triple-isolate', [
      { id: 0, src: 0, dst: 1 },
      { id: 1, src: 0, dst: 1 },
      { id: 2, src: 0, dst: 1 },
      { id: 3, src: 0, dst: 2 },
    ]);
    for (const n of sameSrc) expect(Math.abs(n - 100)).toBeLessThanOrEqual(3);
    const ownSrc = share('triple-isolate', [
      { id: 0, src: 10, dst: 1 },
      { id: 1, src: 11, dst: 1 },
      { id: 2, src: 12, dst: 1 },
      { id: 3, src: 13, dst: 2 },
    ]);
    expect(Math.abs(ownSrc[0] + ownSrc[1] + ownSrc[2] - ownSrc[3]) / 400).toBeLessThan(0.05);
  });

  it('flows mode gives the same four flows a quarter each', () => {
    const s = share('flows', [
      { id: 0, src: 0, dst: 1 },
      { id: 1, src: 0, dst: 1 },
      { id: 2, src: 0, dst: 1 },
      { id: 3, src: 0, dst: 2 },
    ]);
    for (const n of s) expect(Math.abs(n - 100)).toBeLessThanOrEqual(3);
  });

  it('flowblind: one queue, first in first out', () => {
    const s = share('flowblind', [
      { id: 0, src: 0, dst: 1 },
      { id: 1, src: 0, dst: 2 },
    ]);
    expect(s).toEqual([200, 200]);
  });

  it('a sparse flow (a ping) overtakes a bulk flow’s backlog', () => {
    const { q } = cake();
    for (let i = 0; i < 50; i++) q.enqueue(pkt(0), 0);
    drain(q, 0).slice(0, 0);
    for (let i = 0; i < 50; i++) q.enqueue(pkt(0), 0);
    q.dequeue(0);
    const ping = pkt(1000);
    q.enqueue(ping, 0);
    const out = drain(q, 0);
    expect(out.findIndex((d) => d.skb === ping)).toBeLessThanOrEqual(1);
  });
});

describe('cake: drops', () => {
  it('over the memory limit the head of the longest queue goes and BLUE starts', () => {
    const { q, dropped } = cake({ memlimitBytes: 10 * 2048 });
    // BLUE moves at most once per target since its timer (0): enqueue 10 ms in.
    for (let i = 0; i < 8; i++) q.enqueue(pkt(0), 10e6);
    for (let i = 0; i < 4; i++) q.enqueue(pkt(1), 10e6);
    expect(q.bufferUsedBytes).toBeLessThanOrEqual(10 * 2048);
    expect(dropped).toHaveLength(2);
    expect(dropped.every((s) => s.flowId === 0)).toBe(true);
    expect(q.stats.overflowDrops).toBe(2);
    expect(q.table.flows[0].cvars.pDrop).toBe(1 << 24);
  });

  it('COBALT drops from a standing queue at dequeue, never a flow’s last packet', () => {
    const { q, dropped } = cake({ rateBytesPerSec: 0 });
    for (let i = 0; i < 3; i++) q.enqueue(pkt(0), 0);
    // 10 ms later the sojourn is over the 5 ms target: the first passes (drop_next = now), the second is dropped.
    const a = q.dequeue(10e6);
    const b = q.dequeue(11e6);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(dropped).toHaveLength(1);
    expect(q.backlogPkts).toBe(0);
  });
});

function ack(ackSeq: number, sack: number[] = [], tsEcrNs = 0): Skb {
  const s = new Skb();
  s.kind = SkbKind.ACK;
  s.lenBytes = 0;
  s.ackSeq = ackSeq;
  s.sack = sack;
  s.tsEcrNs = tsEcrNs;
  return s;
}

describe('cake: ACK filter (cake_ack_filter)', () => {
  const ring = (...s: Skb[]): SkbRing => {
    const r = new SkbRing();
    for (const x of s) r.push(x);
    return r;
  };

  it('drops the older of two redundant ACKs once a third arrives (not aggressive)', () => {
    const a1 = ack(1000);
    const a2 = ack(2000);
    const q1 = ring(a1, ack(1500));
    expect(cakeAckFilter(q1, false)).toBeNull();
    const q2 = ring(a1, ack(1500), a2);
    expect(cakeAckFilter(q2, false)).toBe(a1);
    expect(q2.length).toBe(2);
  });

  it('aggressive: one eligible ACK right before the new one is enough', () => {
    const a1 = ack(1000);
    expect(cakeAckFilter(ring(a1, ack(2000)), true)).toBe(a1);
  });

  it('keeps an ACK whose SACK blocks the new one does not cover, or one with the same ACK and SACK', () => {
    expect(cakeAckFilter(ring(ack(1000, [3000, 4000]), ack(1000, [5000, 6000])), true)).toBeNull();
    expect(cakeAckFilter(ring(ack(1000, [3000, 4000]), ack(1000, [3000, 4000])), true)).toBeNull();
    const old = ack(1000, [3000, 4000]);
    expect(cakeAckFilter(ring(old, ack(1000, [3000, 5000])), true)).toBe(old);
  });

  it('sack_compare: D-SACK in the old ACK is never dropped; more SACKed bytes in the new one is greater', () => {
    expect(sackCompare(ack(5000, [1000, 2000]), ack(5000, [1000, 2000]))).toBe(-1);
    expect(sackCompare(ack(1000, [3000, 4000]), ack(1000, [3000, 4000, 5000, 6000]))).toBe(1);
    expect(sackCompare(ack(1000), ack(2000))).toBe(0);
  });

  it('in cake, a filtered ACK counts as a drop (ack_drops) and leaves the backlog', () => {
    const { q, dropped } = cake({ ackFilter: 'aggressive' });
    q.enqueue(ack(1000), 0);
    q.enqueue(ack(2000), 0);
    expect(dropped).toHaveLength(1);
    expect(q.stats.ackDrops).toBe(1);
    expect(q.backlogPkts).toBe(1);
  });
});
