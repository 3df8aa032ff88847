/**
 * The retransmit queue / SACK scoreboard: splits at segment boundaries, the
 * struct tcp_sock counters, tcp_packets_in_flight() and the list of
 * retransmitted records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RtxQueue } from './rtx-queue';
import type { TxRecord } from './tx-record';

const MSS = 1000;

function add(q: RtxQueue, seq: number, segs: number): TxRecord {
  const r = q.alloc();
  r.seq = seq;
  r.end = seq + segs * MSS;
  r.segs = segs;
  q.push(r);
  return r;
}

/** Three skbs of 4 segments: [0,4) [4,8) [8,12) in MSS units. */
function threeByFour(): RtxQueue {
  const q = new RtxQueue();
  for (let i = 0; i < 3; i++) add(q, i * 4 * MSS, 4);
  return q;
}

function records(q: RtxQueue): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i < q.skbs; i++) out.push([q.at(i).seq / MSS, q.at(i).end / MSS, q.at(i).segs]);
  return out;
}

function counters(q: RtxQueue): number[] {
  return [q.packetsOut, q.sackedOut, q.lostOut, q.retransOut, q.inFlight()];
}

describe('RtxQueue.ackUpTo', () => {
  it('removes whole records and splits a partly acked one at a segment boundary', () => {
    const q = threeByFour();
    const got: [number, number][] = [];
    q.ackUpTo(6 * MSS, MSS, (r, n) => got.push([r.seq / MSS, n]));
    expect(got).toEqual([
      [0, 4],
      [4, 2],
    ]);
    expect(records(q)).toEqual([
      [6, 8, 2],
      [8, 12, 4],
    ]);
    expect(counters(q)).toEqual([6, 0, 0, 0, 6]);
  });
  it('does not count a segment that is only partly acked', () => {
    const q = threeByFour();
    const got: number[] = [];
    q.ackUpTo(4 * MSS + 100, MSS, (_r, n) => got.push(n));
    expect(got).toEqual([4]);
    expect(q.packetsOut).toBe(8);
    expect(q.first()!.seq).toBe(4 * MSS);
  });
  it('does not deliver sacked pieces twice', () => {
    const q = threeByFour();
    let sacked = 0;
    q.sack(1 * MSS, 3 * MSS, MSS, (_r, n) => (sacked += n));
    let acked = 0;
    q.ackUpTo(8 * MSS, MSS, (_r, n) => (acked += n));
    expect([sacked, acked]).toEqual([2, 6]);
    expect(counters(q)).toEqual([4, 0, 0, 0, 4]);
  });
});

describe('RtxQueue.sack', () => {
  it('cuts a record at both block edges', () => {
    const q = threeByFour();
    const got: [number, number][] = [];
    q.sack(5 * MSS, 7 * MSS, MSS, (r, n) => got.push([r.seq / MSS, n]));
    expect(got).toEqual([[5, 2]]);
    expect(records(q)).toEqual([
      [0, 4, 4],
      [4, 5, 1],
      [5, 7, 2],
      [7, 8, 1],
      [8, 12, 4],
    ]);
    expect(counters(q)).toEqual([12, 2, 0, 0, 10]);
    expect(q.at(2).sacked).toBe(true);
  });
  it('spans records, and a repeated block is not counted again', () => {
    const q = threeByFour();
    let n = 0;
    q.sack(2 * MSS, 10 * MSS, MSS, (_r, k) => (n += k));
    q.sack(2 * MSS, 10 * MSS, MSS, (_r, k) => (n += k));
    expect(n).toBe(8);
    expect(counters(q)).toEqual([12, 8, 0, 0, 4]);
  });
  it('clears lost and retrans on the sacked record', () => {
    const q = threeByFour();
    q.sack(4 * MSS, 8 * MSS, MSS, () => {});
    // mark [0,4) lost, retransmit it, then SACK it (the retransmission arrived)
    q.markLost(q.at(0));
    expect(counters(q)).toEqual([12, 4, 4, 0, 4]);
    q.markRetransmitted(q.at(0), 1000);
    expect(counters(q)).toEqual([12, 4, 4, 4, 8]);
    expect(q.at(0).xmitNs).toBe(1000);
    q.sack(0, 4 * MSS, MSS, () => {});
    expect(counters(q)).toEqual([12, 8, 0, 0, 4]);
    expect(q.at(0).everRetrans).toBe(true);
  });
});

describe('RtxQueue.markLost / markRetransmitted', () => {
  it('counts in-flight as packets_out − (sacked + lost) + retrans', () => {
    const q = threeByFour();
    q.markLost(q.at(1));
    q.markLost(q.at(2));
    expect(counters(q)).toEqual([12, 0, 8, 0, 4]);
    q.markRetransmitted(q.at(1), 5);
    expect(counters(q)).toEqual([12, 0, 8, 4, 8]);
    expect(q.nextLost()).toBe(2);
    expect(q.nextLost(3)).toBe(-1);
  });
  it('ignores a sacked record and a lost one not yet retransmitted', () => {
    const q = threeByFour();
    q.sack(0, 4 * MSS, MSS, () => {});
    q.markLost(q.at(0));
    q.markLost(q.at(1));
    q.markLost(q.at(1));
    expect(counters(q)).toEqual([12, 4, 4, 0, 4]);
  });
  it('a lost retransmission drops retrans_out and stays lost', () => {
    const q = threeByFour();
    q.markLost(q.at(0));
    q.markRetransmitted(q.at(0), 1);
    q.markLost(q.at(0));
    expect(counters(q)).toEqual([12, 0, 4, 0, 8]);
    expect(q.nextLost()).toBe(0);
  });
  it('retransmitting twice counts once', () => {
    const q = threeByFour();
    q.markLost(q.at(2));
    q.markRetransmitted(q.at(2), 1);
    q.markRetransmitted(q.at(2), 2);
    expect(q.retransOut).toBe(4);
  });
});

type Op =
  | { k: 'ack'; at: number }
  | { k: 'sack'; a: number; b: number }
  | { k: 'lost'; i: number }
  | { k: 'rtx'; i: number }
  | { k: 'push'; segs: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('ack' as const), at: fc.integer({ min: 0, max: 200_000 }) }),
  fc.record({
    k: fc.constant('sack' as const),
    a: fc.integer({ min: 0, max: 200_000 }),
    b: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ k: fc.constant('lost' as const), i: fc.nat() }),
  fc.record({ k: fc.constant('rtx' as const), i: fc.nat() }),
  fc.record({ k: fc.constant('push' as const), segs: fc.integer({ min: 1, max: 8 }) }),
);

describe('RtxQueue.retransmitted', () => {
  it('lists the remainder of a retransmitted record that an ACK or a SACK cut', () => {
    const q = threeByFour();
    for (const i of [0, 1]) {
      q.markLost(q.at(i));
      q.markRetransmitted(q.at(i), 0);
    }
    q.ackUpTo(2 * MSS, MSS, () => {});
    q.sack(4 * MSS, 6 * MSS, MSS, () => {});
    const list = q.retransmitted();
    // Each record once.
    expect(new Set(list).size).toBe(list.length);
    const listed = list.map((r) => [r.seq / MSS, r.end / MSS]);
    expect(listed.sort((a, b) => a[0] - b[0])).toEqual([
      [2, 4],
      [6, 8],
    ]);
  });
});

describe('RtxQueue retransmission list', () => {
  it('stays bounded when nothing reads it (a record retransmitted again and again)', () => {
    const q = threeByFour();
    const r = q.at(0);
    for (let i = 0; i < 10_000; i++) {
      q.markLost(r);
      q.markRetransmitted(r, i);
    }
    expect((q as unknown as { retransRecs: unknown[] }).retransRecs.length).toBeLessThanOrEqual(130);
    expect(q.retransmitted()).toEqual([r]);
  });
});

describe('RtxQueue property', () => {
  it('counters equal a recount, stay ≥ 0, and each segment is delivered at most once', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), fc.boolean(), (ops, aligned) => {
        const q = new RtxQueue();
        let sndNxt = 0;
        let una = 0;
        const delivered = new Map<number, number>();
        const onDelivered = (r: TxRecord, n: number): void => {
          expect(n).toBe(r.segs);
          for (let s = 0; s < n; s++) {
            const seg = r.seq / MSS + s;
            delivered.set(seg, (delivered.get(seg) ?? 0) + 1);
          }
        };
        const snap = (v: number): number => (aligned ? Math.round(v / MSS) * MSS : v);
        for (const op of [{ k: 'push', segs: 4 } as Op, ...ops]) {
          if (op.k === 'push') {
            add(q, sndNxt, op.segs);
            sndNxt += op.segs * MSS;
          } else if (op.k === 'ack') {
            const at = Math.min(snap(op.at), sndNxt);
            if (at > una) {
              q.ackUpTo(at, MSS, onDelivered);
              una = at;
            }
          } else if (op.k === 'sack') {
            const a = snap(op.a);
            q.sack(a, Math.min(a + Math.max(MSS, snap(op.b)), sndNxt), MSS, onDelivered);
          } else if (q.skbs > 0) {
            const r = q.at(op.i % q.skbs);
            if (op.k === 'lost') q.markLost(r);
            else if (r.lost && !r.retrans && !r.sacked) q.markRetransmitted(r, 0);
          }
          // Recount from the records.
          let po = 0;
          let sk = 0;
          let lo = 0;
          let rt = 0;
          let prevEnd = -1;
          for (let i = 0; i < q.skbs; i++) {
            const r = q.at(i);
            expect(r.end - r.seq).toBe(r.segs * MSS);
            expect(r.segs).toBeGreaterThan(0);
            if (prevEnd >= 0) expect(r.seq).toBe(prevEnd);
            prevEnd = r.end;
            po += r.segs;
            if (r.sacked) sk += r.segs;
            if (r.lost) lo += r.segs;
            if (r.retrans) rt += r.segs;
            expect(r.sacked && r.lost).toBe(false);
          }
          expect([q.packetsOut, q.sackedOut, q.lostOut, q.retransOut]).toEqual([po, sk, lo, rt]);
          for (const v of counters(q)) expect(v).toBeGreaterThanOrEqual(0);
          expect(q.inFlight()).toBe(po - (sk + lo) + rt);
          for (const c of delivered.values()) expect(c).toBe(1);
          // retransmitted() lists exactly the queued records with `retrans` set.
          const queued = new Set<TxRecord>();
          for (let i = 0; i < q.skbs; i++) queued.add(q.at(i));
          const list = q.retransmitted();
          const listed = new Set(list);
          expect(listed.size).toBe(list.length);
          for (const r of listed) expect(queued.has(r) && r.retrans).toBe(true);
          for (const r of queued) expect(listed.has(r)).toBe(r.retrans);
        }
        // Ack everything: every segment sent is delivered exactly once.
        q.ackUpTo(sndNxt, MSS, onDelivered);
        expect(counters(q)).toEqual([0, 0, 0, 0, 0]);
        expect(delivered.size).toBe(sndNxt / MSS);
        for (const c of delivered.values()) expect(c).toBe(1);
      }),
      { numRuns: 400 },
    );
  });
});
