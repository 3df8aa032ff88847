import { describe, expect, it } from 'vitest';
import { Skb } from '../skb';
import { createQdisc } from './index';
import { Tbf, tbfFromTc } from './tbf';
import { drain, mkOwner, mkSkb } from './test-helpers';

const RATE = 2.5e6;
const L2T_1514 = 605_600;

function tbf(o: Partial<Parameters<typeof tbfFromTc>[0]> = {}): { q: Tbf; dropped: Skb[] } {
  const dropped: Skb[] = [];
  const q = createQdisc(
    'tbf',
    { tbf: { rateBytesPerSec: RATE, burstBytes: 15_140, limitBytes: 100_000, ...o } },
    (s) => void dropped.push(s),
  ) as Tbf;
  return { q, dropped };
}

describe('tbf (hand-computed from sch_tbf.c)', () => {
  it('TCA_TBF_BURST: buffer = psched_l2t_ns(rate, burst), max_size = burst', () => {
    const p = tbfFromTc({ rateBytesPerSec: RATE, burstBytes: 15_140, limitBytes: 1 });
    expect(p.bufferNs).toBe(10 * L2T_1514);
    expect(p.maxSizeBytes).toBe(15_140);
  });

  it('a full 15140-byte bucket sends exactly 10 frames back to back (tokens must stay ≥ 0), the 11th one frame later', () => {
    const { q } = tbf();
    for (let i = 0; i < 12; i++) q.enqueue(mkSkb(), 0);
    const out = drain(q, 0);
    expect(out.filter((d) => d.tNs === 0)).toHaveLength(10);
    expect(out[10].tNs).toBe(L2T_1514);
    expect(out[11].tNs).toBe(2 * L2T_1514);
    expect(q.stats.overlimits).toBe(2);
  });

  it('the watchdog is armed for now + (−toks)', () => {
    const { q } = tbf({ burstBytes: 1514 });
    q.enqueue(mkSkb(), 0);
    q.enqueue(mkSkb(), 0);
    expect(q.dequeue(0)).not.toBeNull();
    expect(q.dequeue(100_000)).toBeNull();
    expect(q.nextWakeNs()).toBe(100_000 + (L2T_1514 - 100_000));
  });

  it('the default child is a bfifo of tbf’s byte limit', () => {
    const { q, dropped } = tbf({ limitBytes: 3 * 1514 });
    expect(q.child.kind).toBe('bfifo');
    for (let i = 0; i < 5; i++) q.enqueue(mkSkb(), 0);
    expect(q.backlogPkts).toBe(3);
    expect(dropped).toHaveLength(2);
    expect(q.stats.drops).toBe(2);
  });

  it('a peak rate spaces frames by psched_l2t_ns(peak) inside the burst', () => {
    const { q } = tbf({ peakBytesPerSec: 5e6, mtuBytes: 1514 });
    for (let i = 0; i < 3; i++) q.enqueue(mkSkb(), 0);
    const out = drain(q, 0);
    expect(out.map((d) => d.tNs)).toEqual([0, 302_800, 605_600]);
  });

  it('tbf_segment: a GSO skb above max_size is split and its segments keep the socket', () => {
    const charged: number[] = [];
    const owner = { ...mkOwner(0, 1e9), chargeWmem: (d: number) => void charged.push(d) };
    const { q } = tbf();
    const big = mkSkb({ lenBytes: 20 * 1448, segs: 20, owner, truesizeBytes: 896 + 20 * 1448 });
    q.enqueue(big, 0);
    expect(q.backlogPkts).toBe(20);
    const out = drain(q, 0);
    expect(out).toHaveLength(20);
    expect(out.every((d) => d.skb.owner === owner && d.skb.segs === 1)).toBe(true);
    // tcp_gso_segment: sk_wmem_alloc moves to the segments' truesize (896 + 1448 each).
    expect(charged).toEqual([20 * (896 + 1448) - (896 + 20 * 1448)]);
  });

  it('a packet above max_size that cannot be segmented is dropped', () => {
    const { q, dropped } = tbf({ burstBytes: 1000 });
    q.enqueue(mkSkb(), 0);
    expect(dropped).toHaveLength(1);
    expect(q.stats.drops).toBe(1);
    expect(q.backlogPkts).toBe(0);
  });

  it('a paced fq child: tbf waits for the child’s own watchdog when it has nothing to peek', () => {
    const dropped: Skb[] = [];
    const q = createQdisc(
      'tbf',
      { tbf: { rateBytesPerSec: RATE, burstBytes: 15_140, limitBytes: 1e6 }, leafKind: 'fq' },
      (s) => void dropped.push(s),
    ) as Tbf;
    const skb = mkSkb({ tstampNs: 1_000_000 });
    q.enqueue(skb, 0);
    expect(q.dequeue(0)).toBeNull();
    expect(q.nextWakeNs()).toBe(1_000_000);
    expect(q.dequeue(1_000_000)).toBe(skb);
    expect(new Skb().segs).toBe(1);
  });
});
