import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ms, type Ns } from '../../engine/time';
import { SkbKind, type SkbOwner } from '../skb';
import { Fq } from './fq';
import { FlowState } from './fq-flow';
import { createQdisc, type QdiscKind, type QdiscOptions } from './index';
import type { Qdisc } from './qdisc';
import { drain, mkOwner, mkSkb } from './test-helpers';

type Op =
  | { t: 'enq'; flow: number; segs: number; prio: number; ack: boolean; tsUs: number }
  | { t: 'deq' }
  | { t: 'adv'; us: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    t: fc.constant('enq' as const),
    flow: fc.integer({ min: 0, max: 5 }),
    segs: fc.integer({ min: 1, max: 44 }),
    prio: fc.integer({ min: 0, max: 15 }),
    ack: fc.boolean(),
    tsUs: fc.integer({ min: -1, max: 20_000 }),
  }),
  fc.constant({ t: 'deq' as const }),
  fc.record({ t: fc.constant('adv' as const), us: fc.integer({ min: 0, max: 30_000 }) }),
);

interface Case {
  kind: QdiscKind;
  opts: QdiscOptions;
}

const caseArb: fc.Arbitrary<Case> = fc.oneof(
  fc.record({
    kind: fc.constant('pfifo_fast' as const),
    opts: fc.record({ txqueuelen: fc.integer({ min: 1, max: 30 }), perBandLimit: fc.boolean() }),
  }),
  fc.record({
    kind: fc.constant('pfifo' as const),
    opts: fc.record({ limit: fc.integer({ min: 1, max: 30 }) }),
  }),
  fc.record({
    kind: fc.constant('fq' as const),
    opts: fc.record({
      edt: fc.boolean(),
      limit: fc.integer({ min: 1, max: 60 }),
      flowLimit: fc.integer({ min: 1, max: 20 }),
      rateEnable: fc.boolean(),
      fastpath: fc.boolean(),
      horizonNs: fc.constantFrom(ms(5), ms(10_000)),
      horizonDrop: fc.boolean(),
      maxRateBytesPerSec: fc.constantFrom(Infinity, 5e6),
    }),
  }),
  fc.record({
    kind: fc.constant('fq_codel' as const),
    opts: fc.record({
      limit: fc.integer({ min: 1, max: 60 }),
      flows: fc.constantFrom(4, 1024),
      memoryLimitBytes: fc.constantFrom(100_000, 32 << 20),
      dropBatch: fc.integer({ min: 1, max: 64 }),
      codelEcn: fc.boolean(),
    }),
  }),
);

interface Outcome {
  departures: string[];
  drops: string[];
}

/** Replays ops, asserting conservation after each step; returns what left the qdisc. */
function run(c: Case, ops: Op[], rates: number[]): Outcome {
  let enqPkts = 0;
  let enqBytes = 0;
  let dropPkts = 0;
  let dropBytes = 0;
  let deqPkts = 0;
  let deqBytes = 0;
  const drops: string[] = [];
  const departures: string[] = [];
  const q: Qdisc = createQdisc(c.kind, c.opts, (skb, t) => {
    dropPkts++;
    dropBytes += skb.l2Bytes;
    drops.push(`${t}:${skb.flowId}:${skb.seq}`);
  });
  const owners: SkbOwner[] = rates.map((r, i) => mkOwner(i, r));
  const check = (): void => {
    expect(q.backlogPkts).toBeGreaterThanOrEqual(0);
    expect(q.backlogBytes).toBeGreaterThanOrEqual(0);
    expect(enqPkts).toBe(deqPkts + dropPkts + q.backlogPkts);
    expect(enqBytes).toBe(deqBytes + dropBytes + q.backlogBytes);
    expect(q.stats.sentPkts).toBe(deqPkts);
    expect(q.stats.sentBytes).toBe(deqBytes);
    expect(q.stats.drops).toBe(dropPkts);
    expect(q.backlogPkts === 0).toBe(q.backlogBytes === 0);
    if (q instanceof Fq) {
      // q->inactive_flows: empty flows (net-next) or detached flows (4.16)
      let inactive = 0;
      let queued = 0;
      for (const f of q.flows()) {
        queued += f.qlen;
        if (q.edt ? f.qlen === 0 : f.state === FlowState.DETACHED) inactive++;
      }
      expect(q.inactiveFlows).toBe(inactive);
      expect(queued).toBeLessThanOrEqual(q.backlogPkts);
    }
  };
  let now: Ns = 0;
  let seq = 0;
  for (const op of ops) {
    if (op.t === 'adv') {
      now += op.us * 1000;
    } else if (op.t === 'deq') {
      const skb = q.dequeue(now);
      if (skb !== null) {
        deqPkts++;
        deqBytes += skb.l2Bytes;
        departures.push(`${now}:${skb.flowId}:${skb.seq}`);
      }
    } else {
      const skb = mkSkb({
        flowId: op.flow,
        seq: seq++,
        segs: op.ack ? 1 : op.segs,
        lenBytes: op.ack ? 0 : op.segs * 1448,
        priority: op.prio,
        kind: op.ack ? SkbKind.ACK : SkbKind.DATA,
        owner: op.flow < 4 ? owners[op.flow] : null,
        tstampNs: op.tsUs < 0 ? 0 : now + op.tsUs * 1000,
        truesizeBytes: 896 + op.segs * 1448,
      });
      enqPkts++;
      enqBytes += skb.l2Bytes;
      q.enqueue(skb, now);
    }
    check();
  }
  // Liveness: serving the qdisc (waking on nextWakeNs) empties it.
  for (const d of drain(q, now)) {
    deqPkts++;
    deqBytes += d.skb.l2Bytes;
    departures.push(`${d.tNs}:${d.skb.flowId}:${d.skb.seq}`);
  }
  check();
  expect(q.backlogPkts).toBe(0);
  expect(q.nextWakeNs()).toBe(-1);
  return { departures, drops };
}

describe('qdisc invariants (all kinds)', () => {
  it('conserve packets and bytes, never go negative, drain fully, and are deterministic', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.array(opArb, { minLength: 1, maxLength: 300 }),
        fc.array(fc.constantFrom(Infinity, 30_000, 1e6, 12.5e6), { minLength: 4, maxLength: 4 }),
        (c, ops, rates) => {
          const a = run(c, ops, rates);
          const b = run(c, ops, rates);
          expect(b).toEqual(a);
        },
      ),
      { numRuns: 400, seed: 20240601 },
    );
  });

  it('fq never sends an EDT packet before its timestamp', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 50_000 })), {
          maxLength: 200,
        }),
        (pkts) => {
          const q = createQdisc('fq', { flowLimit: 1000 }, () => {});
          const due = new Map<number, number>();
          pkts.forEach(([flow, tsUs], i) => {
            const skb = mkSkb({ flowId: flow, seq: i, tstampNs: tsUs * 1000 + 1 });
            due.set(i, skb.tstampNs);
            q.enqueue(skb, 0);
          });
          const out = drain(q, 0);
          expect(out.length).toBe(pkts.length);
          for (const d of out) expect(d.tNs).toBeGreaterThanOrEqual(due.get(d.skb.seq)!);
          // per flow, departures follow timestamp order
          const last = new Map<number, number>();
          for (const d of out) {
            expect(d.skb.tstampNs).toBeGreaterThanOrEqual(last.get(d.skb.flowId) ?? 0);
            last.set(d.skb.flowId, d.skb.tstampNs);
          }
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});
