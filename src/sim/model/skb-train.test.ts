import { describe, expect, it } from 'vitest';
import { Skb, SkbKind } from './skb';
import { SEGMENT_HOLDERS } from './skb-pool';
import {
  extendsPiece,
  isPiece,
  mergeInto,
  moveHead,
  segmentOf,
  splitHead,
  splitTail,
  trainOf,
} from './skb-train';

/** A sender's GSO skb of `segs` segments of 1448 bytes, the last of `lastBytes`. */
function gso(segs: number, lastBytes = 1448, seq = 10_000): Skb {
  const s = new Skb();
  s.kind = SkbKind.DATA;
  s.flowId = 3;
  s.seq = seq;
  s.segs = segs;
  s.lenBytes = (segs - 1) * 1448 + lastBytes;
  s.xmitNs = 5_000;
  s.owner = { flowId: 3 } as Skb['owner'];
  return s;
}

/** The segments a train or piece stands for, as [seq, payload bytes]. */
const segsOf = (s: Skb): [number, number][] =>
  Array.from({ length: s.segs }, (_, i) => [s.seq + i * s.gsoSizeBytes, s.segL2Bytes(i) - s.hdrBytes]);

const perSegment = (g: Skb): [number, number][] =>
  Array.from({ length: g.segs }, (_, i) => segmentOf(g, i)).map((s) => [s.seq, s.lenBytes]);

describe('trains and pieces', () => {
  it('a train stands for exactly the segments the per-segment path makes, truesize and all', () => {
    const g = gso(5, 700);
    const t = trainOf(g);
    expect(segsOf(t)).toEqual(perSegment(g));
    const parts = Array.from({ length: 5 }, (_, i) => segmentOf(g, i));
    expect(t.truesizeBytes).toBe(parts.reduce((a, s) => a + s.truesizeBytes, 0));
    expect(t.l2Bytes).toBe(parts.reduce((a, s) => a + s.l2Bytes, 0));
    expect([t.holds, t.owner, isPiece(t)]).toEqual([SEGMENT_HOLDERS, null, true]);
  });

  it('splitting the head, moving segments to a piece and splitting its tail conserve every segment', () => {
    const g = gso(6, 100);
    const t = trainOf(g);
    const first = splitHead(t);
    expect(segsOf(first)).toEqual(perSegment(g).slice(0, 1));
    moveHead(first, t);
    moveHead(first, t);
    expect(segsOf(first)).toEqual(perSegment(g).slice(0, 3));
    expect(segsOf(t)).toEqual(perSegment(g).slice(3));
    const rest = splitTail(first, 1);
    expect([segsOf(first), segsOf(rest)]).toEqual([perSegment(g).slice(0, 1), perSegment(g).slice(1, 3)]);
    const total = (xs: Skb[]) => xs.reduce((a, s) => a + s.truesizeBytes, 0);
    expect(total([first, rest, t])).toBe(trainOf(g).truesizeBytes);
  });

  it('a piece takes in what continues it only while its segments are all full', () => {
    const a = trainOf(gso(2, 1448, 0));
    const b = trainOf(gso(2, 1448, 2 * 1448));
    expect(extendsPiece(a, b)).toBe(true);
    mergeInto(a, b);
    expect(segsOf(a)).toEqual(perSegment(gso(4, 1448, 0)));
    const short = trainOf(gso(1, 500, 4 * 1448));
    expect(extendsPiece(a, short)).toBe(true);
    mergeInto(a, short);
    // Its last segment is short now: nothing may follow it in one skb.
    expect(extendsPiece(a, trainOf(gso(1, 1448, 4 * 1448 + 500)))).toBe(false);
  });
});
