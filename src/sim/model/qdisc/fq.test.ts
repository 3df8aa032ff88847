import { describe, expect, it } from 'vitest';
import { ms, sec } from '../../engine/time';
import { PacingStatus, SkbKind } from '../skb';
import { Fq } from './fq';
import { drain, mkOwner, mkSkb } from './test-helpers';

const PKT = 1514; // l2Bytes of the default test skb

describe('fq defaults', () => {
  it('follow fq_init()', () => {
    const q = new Fq({}, () => {});
    expect(q.limitPkts).toBe(10000);
    expect(q.flowLimit).toBe(100);
    expect(q.quantumBytes).toBe(3028);
    expect(q.initialQuantumBytes).toBe(15140);
    expect(q.lowRateThresholdBytesPerSec).toBe(68750);
    expect(q.horizonNs).toBe(sec(10));
    expect(q.rateEnable).toBe(true);
  });
});

describe.each([true, false])('fq DRR (edt=%s)', (edt) => {
  it('serves two backlogged flows with initial_quantum, then quantum, each', () => {
    const q = new Fq({ edt, fastpath: false }, () => {});
    for (let i = 0; i < 40; i++) {
      q.enqueue(mkSkb({ flowId: 1, seq: i }), 0);
      q.enqueue(mkSkb({ flowId: 2, seq: i }), 0);
    }
    const order = drain(q, 0).map((d) => d.skb.flowId);
    // 15140 credit = 10 packets each, then 3028 = 2 packets per round
    const expected = [...Array(10).fill(1), ...Array(10).fill(2)];
    while (expected.length < 80) expected.push(1, 1, 2, 2);
    expect(order).toEqual(expected);
    // byte fairness: at any prefix the two flows differ by at most one initial quantum
    let a = 0;
    let b = 0;
    for (const f of order) {
      if (f === 1) a += PKT;
      else b += PKT;
      expect(Math.abs(a - b)).toBeLessThanOrEqual(q.initialQuantumBytes);
    }
  });

  it('drops at flow_limit and counts it', () => {
    const dropped: number[] = [];
    const q = new Fq({ edt, fastpath: false }, (skb) => dropped.push(skb.seq));
    for (let i = 0; i < 150; i++) q.enqueue(mkSkb({ flowId: 7, seq: i }), 0);
    q.enqueue(mkSkb({ flowId: 8 }), 0);
    expect(q.backlogPkts).toBe(101);
    expect(q.stats.flowsPlimit).toBe(50);
    expect(q.stats.drops).toBe(50);
    expect(dropped[0]).toBe(100);
    expect(q.flow(7)?.drops).toBe(50);
  });

  it('tail-drops at the packet limit', () => {
    let drops = 0;
    const q = new Fq({ edt, fastpath: false, limit: 5 }, () => drops++);
    for (let i = 0; i < 8; i++) q.enqueue(mkSkb({ flowId: i }), 0);
    expect(drops).toBe(3);
    expect(q.flowCount).toBe(5);
  });

  it('marks the owning socket SK_PACING_FQ when rate pacing is on', () => {
    const sk = mkOwner(3, 1e6);
    const q = new Fq({ edt }, () => {});
    q.enqueue(mkSkb({ flowId: 3, owner: sk }), 0);
    expect(sk.sk_pacing_status).toBe(PacingStatus.FQ);
    const sk2 = mkOwner(4, 1e6);
    new Fq({ edt, rateEnable: false }, () => {}).enqueue(mkSkb({ flowId: 4, owner: sk2 }), 0);
    expect(sk2.sk_pacing_status).toBe(PacingStatus.NONE);
  });

  it('paces at the low-rate threshold every packet at len/rate', () => {
    const rate = 50_000; // below 68750 B/s
    const q = new Fq({ edt, fastpath: false }, () => {});
    const sk = mkOwner(1, rate);
    for (let i = 0; i < 5; i++) q.enqueue(mkSkb({ flowId: 1, owner: sk }), 0);
    const gap = Math.floor((PKT * 1e9) / rate); // 30.28 ms
    expect(drain(q, 0).map((d) => d.tNs)).toEqual([0, gap, 2 * gap, 3 * gap, 4 * gap]);
  });
});

describe('fq rate pacing without EDT stamps', () => {
  it('v4.16: sends initial_quantum unpaced, then max(len, quantum)/rate per credit-exhausting packet', () => {
    const rate = 1_514_000; // bytes/s: 3028 bytes take 2 ms
    const q = new Fq({ edt: false }, () => {});
    const sk = mkOwner(1, rate);
    for (let i = 0; i < 20; i++) q.enqueue(mkSkb({ flowId: 1, owner: sk }), 0);
    const times = drain(q, 0).map((d) => d.tNs / 1e6);
    // 10 packets burn the 15140 initial credit; then each 3028 refill lets two
    // packets out, the second of which (credit 0) arms time_next_packet = now + 2 ms.
    expect(times).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10]);
    expect(q.nextWakeNs()).toBe(-1);
    expect(q.stats.throttled).toBe(5);
  });

  it('v4.16: never throttles pure ACKs and sends TC_PRIO_CONTROL first', () => {
    const sk = mkOwner(1, 50_000);
    const q = new Fq({ edt: false }, () => {});
    q.enqueue(mkSkb({ flowId: 1, owner: sk, seq: 1 }), 0);
    q.enqueue(mkSkb({ flowId: 1, owner: sk, seq: 2, kind: SkbKind.ACK, lenBytes: 0 }), 0);
    q.enqueue(mkSkb({ flowId: 1, owner: sk, seq: 3 }), 0);
    q.enqueue(mkSkb({ flowId: 9, seq: 4, priority: 7 }), 0);
    const d = drain(q, 0);
    expect(d.map((x) => x.skb.seq)).toEqual([4, 1, 2, 3]);
    expect(d.map((x) => x.tNs)).toEqual([0, 0, 0, Math.floor((PKT * 1e9) / 50_000)]);
  });

  it('net-next: skbs without tstamp are paced the same way from sk_pacing_rate', () => {
    const q = new Fq({ edt: true, fastpath: false }, () => {});
    const sk = mkOwner(1, 1_514_000);
    for (let i = 0; i < 14; i++) q.enqueue(mkSkb({ flowId: 1, owner: sk }), 0);
    expect(drain(q, 0).map((d) => d.tNs / 1e6)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 4, 4]);
  });

  it('caps the delay at 1 s', () => {
    const q = new Fq({ edt: false, lowRateThresholdBytesPerSec: 0 }, () => {});
    const sk = mkOwner(1, 1000); // 3028 B at 1000 B/s would be 3 s
    for (let i = 0; i < 12; i++) q.enqueue(mkSkb({ flowId: 1, owner: sk }), 0);
    const times = drain(q, 0).map((d) => d.tNs);
    expect(times[10]).toBe(sec(1));
    expect(q.stats.pktsTooLong).toBeGreaterThan(0);
  });
});

describe('fq EDT (net-next)', () => {
  it('does not send before skb->tstamp and reports the wake time', () => {
    const q = new Fq({}, () => {});
    q.enqueue(mkSkb({ flowId: 1, tstampNs: ms(3), seq: 3 }), 0);
    q.enqueue(mkSkb({ flowId: 1, tstampNs: ms(1), seq: 1 }), 0); // out of order: sorted in
    q.enqueue(mkSkb({ flowId: 1, tstampNs: ms(2), seq: 2 }), 0);
    expect(q.dequeue(0)).toBeNull();
    expect(q.throttledFlows).toBe(1);
    expect(q.nextWakeNs()).toBe(ms(1));
    expect(q.dequeue(ms(1) - 1)).toBeNull();
    expect(q.dequeue(ms(1))?.seq).toBe(1);
    expect(q.dequeue(ms(1))).toBeNull();
    expect(q.nextWakeNs()).toBe(ms(2));
    const rest = drain(q, ms(1));
    expect(rest.map((d) => [d.tNs, d.skb.seq])).toEqual([
      [ms(2), 2],
      [ms(3), 3],
    ]);
    expect(q.nextWakeNs()).toBe(-1);
  });

  it('EDT flows are not paced again from sk_pacing_rate', () => {
    const q = new Fq({ fastpath: false }, () => {});
    const sk = mkOwner(1, 10_000); // very low rate: would space packets by 151 ms
    for (let i = 0; i < 30; i++) q.enqueue(mkSkb({ flowId: 1, owner: sk, tstampNs: 1 + i }), 0);
    const d = drain(q, 0);
    expect(d.map((x) => x.tNs)).toEqual(Array.from({ length: 30 }, (_, i) => 1 + i));
  });

  it('drops (or caps) packets beyond the horizon', () => {
    const q = new Fq({}, () => {});
    q.enqueue(mkSkb({ tstampNs: sec(10) + 1 }), 0);
    q.enqueue(mkSkb({ tstampNs: sec(10) }), 0);
    expect(q.stats.horizonDrops).toBe(1);
    expect(q.backlogPkts).toBe(1);
    const capped = new Fq({ horizonDrop: false }, () => {});
    const skb = mkSkb({ tstampNs: sec(20) });
    capped.enqueue(skb, ms(5));
    expect(skb.tstampNs).toBe(ms(5) + sec(10));
    expect(capped.stats.horizonCaps).toBe(1);
  });

  it('uses the fast path for up to 8 packets while no flow is eligible', () => {
    const q = new Fq({}, () => {});
    const sk = mkOwner(1, 1e9);
    for (let i = 0; i < 10; i++) q.enqueue(mkSkb({ flowId: 1, owner: sk, seq: i }), 0);
    expect(q.stats.internalPackets).toBe(8);
    expect(q.flowCount).toBe(1);
    expect(sk.sk_pacing_status).toBe(PacingStatus.FQ);
    expect(drain(q, 0).map((d) => d.skb.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('serves band 0 (prio 6/7) with 3x the weight of band 1', () => {
    const q = new Fq({ fastpath: false, flowLimit: 10000 }, () => {});
    for (let i = 0; i < 2000; i++) {
      q.enqueue(mkSkb({ flowId: 1, priority: 6 }), 0);
      q.enqueue(mkSkb({ flowId: 2, priority: 0 }), 0);
    }
    const d = drain(q, 0);
    // A new flow is first linked on band 0 (f->band is set after fq_flow_add_tail),
    // so both spend their initial quantum there: 10 packets each.
    expect(d.slice(0, 20).map((x) => x.skb.flowId)).toEqual([...Array(10).fill(1), ...Array(10).fill(2)]);
    // Then band 0 has 9·2^16 − 20·1514 bytes left → 370 packets of flow 1,
    // then band 1 gets 3·2^16 bytes → 130 packets of flow 2.
    const runs: number[] = [];
    let prev = 0;
    for (const x of d.slice(20)) {
      if (x.skb.flowId !== prev) runs.push(0);
      runs[runs.length - 1]++;
      prev = x.skb.flowId;
    }
    expect(runs.slice(0, 2)).toEqual([370, 130]);
    const first = d.slice(0, 1600);
    const band0 = first.filter((x) => x.skb.flowId === 1).length;
    const ratio = band0 / (first.length - band0);
    expect(ratio).toBeGreaterThan(2.6);
    expect(ratio).toBeLessThan(3.4);
  });
});
