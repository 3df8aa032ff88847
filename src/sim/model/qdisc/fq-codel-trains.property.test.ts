/**
 * fq_codel holding trains (../skb-train.ts) is fq_codel holding the same
 * segments one by one: for any sequence of GSO skbs arriving, of pieces
 * taken (each under some wire budget and driver room) and of time passing,
 * the segments leave in the same order at the same instants, the same ones
 * are dropped, and every counter and backlog agrees, while CoDel drops
 * (short target) and the packet and memory limits overflow (small limits).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Ns, us } from '../../engine/time';
import { ETH_WIRE_OVERHEAD_BYTES, Skb, SkbKind } from '../skb';
import { segmentOf, trainOf } from '../skb-train';
import { FqCodel, type FqCodelOptions } from './fq-codel';
import { FqCodelTrains } from './fq-codel-trains';

type Op =
  | { t: 'gso'; flow: number; segs: number; lastBytes: number }
  | { t: 'through'; flow: number; segs: number; lastBytes: number; roomBytes: number; roomPkts: number }
  | { t: 'ping'; flow: number }
  | { t: 'take'; maxWireBytes: number; roomBytes: number; roomPkts: number }
  | { t: 'adv'; us: number };

/** A GSO skb of one of four flows: its segments, the last one's payload. */
const gsoFields = {
  flow: fc.integer({ min: 0, max: 3 }),
  lastBytes: fc.integer({ min: 1, max: 1448 }),
};
/** What the driver would still take: BQL's bytes and the ring's slots. */
const roomFields = {
  roomBytes: fc.integer({ min: 0, max: 30_000 }),
  roomPkts: fc.integer({ min: 1, max: 40 }),
};

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('gso' as const),
      ...gsoFields,
      segs: fc.integer({ min: 1, max: 44 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('through' as const),
      ...gsoFields,
      segs: fc.integer({ min: 2, max: 44 }),
      ...roomFields,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('ping' as const), flow: gsoFields.flow }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('take' as const),
      maxWireBytes: fc.integer({ min: 0, max: 40_000 }),
      ...roomFields,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('adv' as const), us: fc.integer({ min: 0, max: 3000 }) }),
  },
);

const optsArb: fc.Arbitrary<FqCodelOptions> = fc.record({
  flows: fc.constantFrom(1, 2, 1024),
  limit: fc.integer({ min: 20, max: 400 }),
  memoryLimitBytes: fc.integer({ min: 60_000, max: 600_000 }),
  quantumBytes: fc.constantFrom(300, 1514, 3028),
  targetNs: fc.integer({ min: 100_000, max: 2_000_000 }),
  intervalNs: fc.integer({ min: 1_000_000, max: 20_000_000 }),
  ecn: fc.boolean(),
});

/** A sender's GSO skb of `segs` segments, the last of `lastBytes`. */
function gsoSkb(flow: number, seq: number, segs: number, lastBytes: number, xmitNs: Ns): Skb {
  const s = new Skb();
  s.kind = SkbKind.DATA;
  s.flowId = flow;
  s.seq = seq;
  s.gsoSizeBytes = 1448;
  s.segs = segs;
  s.lenBytes = (segs - 1) * 1448 + lastBytes;
  s.xmitNs = xmitNs;
  s.owner = { flowId: flow } as Skb['owner'];
  return s;
}

/** Its segments as the per-segment path makes them (wired-nic's segmentsOf). */
const segmentsOf = (g: Skb): Skb[] => Array.from({ length: g.segs }, (_, i) => segmentOf(g, i));

const key = (s: Skb, i: number): string => `${s.kind}:${s.flowId}:${s.seq + i * s.gsoSizeBytes}`;

function counters(q: FqCodel): unknown {
  return {
    stats: { ...q.stats },
    backlog: [q.backlogBytes, q.backlogPkts, q.memoryUsageBytes],
    flows: [0, 1, 2, 3].map((f) => [
      q.flowBacklogBytes(q.classify({ flowId: f } as Skb)),
      q.flowBacklogPkts(q.classify({ flowId: f } as Skb)),
    ]),
    limits: [q.newFlowCount, q.dropOverlimit, q.dropOvermemory],
  };
}

describe('fq_codel with trains', () => {
  it('hands over, drops and counts every segment as fq_codel of single segments does', () => {
    fc.assert(
      fc.property(optsArb, fc.array(opArb, { maxLength: 300 }), (opts, ops) => {
        const droppedA: string[] = [];
        const droppedB: string[] = [];
        const a = new FqCodel(opts, (s) => droppedA.push(key(s, 0)));
        const b = new FqCodelTrains(opts, (s) => {
          for (let i = 0; i < s.segs; i++) droppedB.push(key(s, i));
        });
        let now = 0;
        const nextSeq = [0, 0, 0, 0];
        for (const op of ops) {
          if (op.t === 'adv') now += us(op.us);
          else if (op.t === 'gso') {
            const g = gsoSkb(op.flow, nextSeq[op.flow], op.segs, op.lastBytes, now);
            nextSeq[op.flow] += g.lenBytes;
            for (const s of segmentsOf(g)) a.enqueue(s, now);
            b.enqueue(trainOf(g), now);
          } else if (op.t === 'through') {
            // A train at a qdisc whose driver takes packets: segment by segment, each
            // enqueued and dequeued at once while the driver takes one more (DevQueue.xmit).
            const g = gsoSkb(op.flow, nextSeq[op.flow], op.segs, op.lastBytes, now);
            nextSeq[op.flow] += g.lenBytes;
            const segs = segmentsOf(g);
            const train = trainOf(g);
            const piece = b.passThrough(train, now, op.roomBytes, op.roomPkts);
            let k = 0;
            if (piece !== null) {
              const left = train.segs;
              let l2 = 0;
              for (; k < piece.segs; k++) {
                a.enqueue(segs[k], now);
                const s1 = a.dequeue(now);
                expect(s1 === null ? null : key(s1, 0)).toBe(key(piece, k));
                l2 += s1!.l2Bytes;
                if (l2 <= op.roomBytes && k + 1 < op.roomPkts) expect(a.dequeue(now)).toBeNull();
              }
              // The driver stopped where the piece ends, or the train is all through.
              expect(left === 0 || !(l2 <= op.roomBytes && k < op.roomPkts)).toBe(true);
              if (left > 0) b.enqueue(train, now);
            } else b.enqueue(train, now);
            for (; k < segs.length; k++) a.enqueue(segs[k], now);
          } else if (op.t === 'ping') {
            const p = new Skb();
            p.kind = SkbKind.PING_REQ;
            p.flowId = 100 + op.flow;
            p.lenBytes = 98;
            p.hdrBytes = 0;
            a.enqueue(p, now);
            const p2 = new Skb();
            Object.assign(p2, { ...p, id: p2.id });
            b.enqueue(p2, now);
          } else {
            const piece = b.dequeueRun(now, op.maxWireBytes, op.roomBytes, op.roomPkts);
            if (piece === null) {
              expect(a.dequeue(now)).toBeNull();
              continue;
            }
            // Every segment but the last joined while the piece was under its budget and the driver's room.
            const before = piece.segs - 1;
            const beforeL2 = before * (piece.gsoSizeBytes + piece.hdrBytes);
            if (before > 0) {
              expect(beforeL2 + before * ETH_WIRE_OVERHEAD_BYTES).toBeLessThan(op.maxWireBytes);
              expect(beforeL2).toBeLessThanOrEqual(op.roomBytes);
              expect(before).toBeLessThan(op.roomPkts);
            }
            for (let i = 0; i < piece.segs; i++) {
              const s = a.dequeue(now);
              expect(s === null ? null : [key(s, 0), s.ecnCE]).toEqual([key(piece, i), piece.ecnCE]);
            }
          }
          expect(droppedB).toEqual(droppedA);
          expect(counters(b)).toEqual(counters(a));
        }
      }),
      { numRuns: 300 },
    );
  });
});
