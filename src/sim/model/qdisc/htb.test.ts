import { describe, expect, it } from 'vitest';
import type { Skb } from '../skb';
import { Htb, htbClassFromTc, HtbMode } from './htb';
import { createQdisc } from './index';
import type { Qdisc } from './qdisc';
import { drain, mkSkb } from './test-helpers';

const RATE = 2.5e6; // 20 Mbit/s
const L2T_1514 = 605_600;

/** `burst B cburst B` (cburst defaults to its own rate/HZ + mtu, so a burst alone is capped by it). */
function htb(burstBytes?: number, leafLimit = 1000): { q: Htb; dropped: Skb[] } {
  const dropped: Skb[] = [];
  const q = createQdisc(
    'htb',
    { htb: { rateBytesPerSec: RATE, burstBytes, cburstBytes: burstBytes }, limit: leafLimit },
    (s) => void dropped.push(s),
  ) as Htb;
  return { q, dropped };
}

function fill(q: Qdisc, n: number): void {
  for (let i = 0; i < n; i++) q.enqueue(mkSkb({ seq: i }), 0);
}

describe('htb: one class, tokens in ns (hand-computed from sch_htb.c)', () => {
  it('tc defaults at 20 Mbit/s: buffer = cbuffer = 640 000 ns (1600 bytes)', () => {
    const c = htbClassFromTc({ rateBytesPerSec: RATE });
    expect(c.bufferNs).toBe(640_000);
    expect(c.cbufferNs).toBe(640_000);
    expect(c.ceil.mult).toBe(c.rate.mult);
  });

  it('from a full 1600-byte bucket two 1514-byte frames pass back to back (htb charges after sending), the third at −tokens', () => {
    const { q } = htb();
    fill(q, 5);
    const out = drain(q, 0);
    expect(out.map((d) => d.tNs)).toEqual([0, 0, 571_200, 571_200 + L2T_1514, 571_200 + 2 * L2T_1514]);
    // 640 000 − 605 600 = 34 400 ≥ 0 lets the second go; −571 200 after it. Each later
    // frame ends in HTB_CANT_SEND again, and each such change is an overlimit.
    expect(q.stats.overlimits).toBe(4);
  });

  it('a 15140-byte burst lets 11 frames go at once: tokens reach exactly 0 after 10, which still is HTB_CAN_SEND', () => {
    const { q } = htb(15_140);
    // tc: 1e6 · 15140 / 2.5e6 = 6056 µs → 94 625 ticks → 6 056 000 ns = 10 frames.
    expect(q.cls.bufferNs).toBe(10 * L2T_1514);
    fill(q, 13);
    const out = drain(q, 0);
    expect(out.filter((d) => d.tNs === 0)).toHaveLength(11);
    expect(out[11].tNs).toBe(L2T_1514);
    expect(out[12].tNs).toBe(2 * L2T_1514);
  });

  it('burst without cburst: the ceil bucket keeps tc’s 1600-byte default and holds the class to two frames', () => {
    const q = createQdisc('htb', { htb: { rateBytesPerSec: RATE, burstBytes: 15_140 } }, () => {}) as Htb;
    fill(q, 5);
    expect(drain(q, 0).filter((d) => d.tNs === 0)).toHaveLength(2);
  });

  it('tokens refill while idle, capped at the bucket depth', () => {
    const { q } = htb();
    fill(q, 2);
    drain(q, 0);
    expect(q.tokens).toBe(640_000 - 2 * L2T_1514);
    // A second later the bucket is full again, not 1 s worth of tokens: again two frames.
    fill(q, 3);
    const t = 1e9;
    for (let i = 0; i < 3; i++) q.enqueue(mkSkb(), t);
    const out = drain(q, t).filter((d) => d.tNs === t);
    expect(out).toHaveLength(2);
  });

  it('waits in HTB_CANT_SEND and arms the watchdog for the time the ceil tokens are short', () => {
    const { q } = htb();
    fill(q, 3);
    q.dequeue(0);
    q.dequeue(0);
    expect(q.dequeue(0)).toBeNull();
    expect(q.mode).toBe(HtbMode.CANT_SEND);
    expect(q.nextWakeNs()).toBe(571_200);
    expect(q.dequeue(571_199)).toBeNull();
    expect(q.dequeue(571_200)).not.toBeNull();
  });

  it('the default leaf is pfifo with limit = txqueuelen; its drops count in htb’s dropped', () => {
    const dropped: Skb[] = [];
    const q = createQdisc(
      'htb',
      { htb: { rateBytesPerSec: RATE }, txqueuelen: 4 },
      (s) => void dropped.push(s),
    ) as Htb;
    expect(q.leaf.kind).toBe('pfifo');
    fill(q, 6);
    expect(dropped).toHaveLength(2);
    expect(q.stats.drops).toBe(2);
    expect(q.backlogPkts).toBe(4);
    expect(q.backlogBytes).toBe(4 * 1514);
  });

  it('a TSO skb is charged whole (qdisc_pkt_len of all its segments)', () => {
    const { q } = htb(64 * 1024);
    q.enqueue(mkSkb({ lenBytes: 44 * 1448, segs: 44 }), 0);
    q.enqueue(mkSkb({ lenBytes: 44 * 1448, segs: 44 }), 0);
    const out = drain(q, 0);
    // 44 · 1514 = 66 616 bytes → 26 646 400 ns; the bucket holds 65 536 bytes' worth
    // (26 214 µs → 409 593 ticks → 26 213 952 ns), so the second waits 432 448 ns.
    expect(q.cls.bufferNs).toBe(26_213_952);
    expect(out[0].tNs).toBe(0);
    expect(out[1].tNs).toBe(432_448);
  });

  it('sent bytes and packets as tc -s shows them', () => {
    const { q } = htb();
    fill(q, 4);
    drain(q, 0);
    expect(q.stats.sentPkts).toBe(4);
    expect(q.stats.sentBytes).toBe(4 * 1514);
  });
});
