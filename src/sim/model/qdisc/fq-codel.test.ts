import { describe, expect, it } from 'vitest';
import { ms } from '../../engine/time';
import { SkbKind, type Skb } from '../skb';
import { FqCodel, fqCodelHash } from './fq-codel';
import { mkSkb } from './test-helpers';

// Buckets of the flow ids used below (fmix32 scaled to 1024): all distinct.
const F1 = 1;
const F2 = 2;
const B1 = fqCodelHash(F1, 1024);
const B2 = fqCodelHash(F2, 1024);

describe('fq_codel', () => {
  it('hashes deterministically into 1024 buckets', () => {
    expect([0, 1, 2, 3].map((i) => fqCodelHash(i, 1024))).toEqual([0, 325, 195, 535]);
    expect(B1).not.toBe(B2);
    const q = new FqCodel({}, () => {});
    expect(q.flowsCnt).toBe(1024);
    expect(q.limitPkts).toBe(10240);
    expect(q.memoryLimitBytes).toBe(32 * 1024 * 1024);
    expect(q.quantumBytes).toBe(1514);
    expect(q.dropBatch).toBe(64);
    expect(q.params.ecn).toBe(true);
    expect(q.params.targetNs).toBe(ms(5));
    expect(q.params.intervalNs).toBe(ms(100));
  });

  it('CoDel drops start after target is exceeded for an interval, then at interval/sqrt(count)', () => {
    const dropsAt: number[] = [];
    const q = new FqCodel({ ecn: false }, (_s, t) => dropsAt.push(t / 1e6));
    for (let i = 0; i < 1000; i++) q.enqueue(mkSkb({ flowId: F1, seq: i }), 0);
    for (let t = 0; t <= 440; t++) q.dequeue(ms(t));
    // 106 = first above at 5 ms + 100 ms, strictly after; 206 = +100;
    // 276.71 → 277 (100/√2); 334.45 → 335 (+100/√3); 384.45 → 385 (+50); 429.17 → 430 (+100/√5)
    expect(dropsAt).toEqual([106, 206, 277, 335, 385, 430]);
    expect(q.stats.drops).toBe(6);
    expect(q.flowVars(B1).count).toBe(6);
  });

  it('ECN (the default) marks the same packets instead of dropping', () => {
    const q = new FqCodel({}, () => {
      throw new Error('no drop expected');
    });
    for (let i = 0; i < 1000; i++) q.enqueue(mkSkb({ flowId: F1, ect: true }), 0);
    const marks: number[] = [];
    for (let t = 0; t <= 300; t++) if (q.dequeue(ms(t))?.ecnCE) marks.push(t);
    expect(marks).toEqual([106, 206, 277]);
    expect(q.stats.ecnMarks).toBe(3);
  });

  it('on overflow drops half of the fattest flow from its head', () => {
    const dropped: Skb[] = [];
    const q = new FqCodel({ limit: 100 }, (s) => dropped.push(s));
    for (let i = 0; i < 80; i++) q.enqueue(mkSkb({ flowId: F1, seq: i }), 0);
    for (let i = 0; i < 20; i++) q.enqueue(mkSkb({ flowId: F2, seq: i }), 0);
    expect(dropped.length).toBe(0);
    q.enqueue(mkSkb({ flowId: F2, seq: 20 }), 1);
    // threshold = 80·1514/2 → exactly 40 packets
    expect(dropped.map((s) => s.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(dropped.every((s) => s.flowId === F1)).toBe(true);
    expect(q.flowBacklogPkts(B1)).toBe(40);
    expect(q.flowBacklogPkts(B2)).toBe(21);
    expect(q.backlogPkts).toBe(61);
    expect(q.backlogBytes).toBe(61 * 1514);
    expect(q.flowVars(B1).count).toBe(40);
    expect(q.dropOverlimit).toBe(40);
    expect(q.stats.drops).toBe(40);
  });

  it('drops at most drop_batch_size packets per overflow', () => {
    let drops = 0;
    const q = new FqCodel({ limit: 200 }, () => drops++);
    for (let i = 0; i < 200; i++) q.enqueue(mkSkb({ flowId: F1 }), 0);
    q.enqueue(mkSkb({ flowId: F2 }), 0);
    expect(drops).toBe(64);
    expect(q.backlogPkts).toBe(137);
  });

  it('enforces memory_limit on truesize', () => {
    let drops = 0;
    const q = new FqCodel({ memoryLimitBytes: 10 * 2048 }, () => drops++);
    for (let i = 0; i < 11; i++) q.enqueue(mkSkb({ flowId: F1, truesizeBytes: 2048 }), 0);
    // 11·1514/2 = 8327 bytes → 6 packets
    expect(drops).toBe(6);
    expect(q.dropOvermemory).toBe(6);
    expect(q.memoryUsageBytes).toBe(5 * 2048);
  });

  it('alternates quantum-sized turns between backlogged flows', () => {
    const q = new FqCodel({}, () => {});
    for (let i = 0; i < 6; i++) {
      q.enqueue(mkSkb({ flowId: F1 }), 0);
      q.enqueue(mkSkb({ flowId: F2 }), 0);
    }
    const order: number[] = [];
    for (let s = q.dequeue(0); s !== null; s = q.dequeue(0)) order.push(s.flowId);
    expect(order).toEqual([F1, F2, F1, F2, F1, F2, F1, F2, F1, F2, F1, F2]);
    expect(q.activeFlows).toBe(0);
  });

  it('a new flow that empties goes to old_flows, so its next packet waits its turn', () => {
    const q = new FqCodel({}, () => {});
    for (let i = 0; i < 20; i++) q.enqueue(mkSkb({ flowId: F1, lenBytes: 434 }), 0); // 500 B
    for (let i = 0; i < 5; i++) expect(q.dequeue(0)?.flowId).toBe(F1); // F1 now on old_flows, deficit 528
    const ack = (): Skb => mkSkb({ flowId: F2, kind: SkbKind.ACK, lenBytes: 0 });
    q.enqueue(ack(), 0);
    expect(q.newFlowCount).toBe(2);
    expect(q.dequeue(0)?.flowId).toBe(F2); // new flows first
    expect(q.dequeue(0)?.flowId).toBe(F1); // F2 emptied: moved behind F1 on old_flows
    q.enqueue(ack(), 0);
    expect(q.newFlowCount).toBe(2); // not a new flow again
    expect(q.dequeue(0)?.flowId).toBe(F1); // F1 still has deficit
    expect(q.dequeue(0)?.flowId).toBe(F2);
  });
});
