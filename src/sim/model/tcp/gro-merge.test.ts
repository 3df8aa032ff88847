import { describe, expect, it } from 'vitest';
import { Skb, SkbKind } from '../skb';
import { trainOf } from '../skb-train';
import { GroRun, mergeGroRun } from './gro-merge';

function data(seq: number, segs: number, pooled: boolean): Skb {
  const s = new Skb();
  s.kind = SkbKind.DATA;
  s.seq = seq;
  s.segs = segs;
  s.lenBytes = segs * 1448;
  if (!pooled) return s;
  s.owner = { flowId: 0 } as Skb['owner'];
  return trainOf(s);
}

/** The merged skbs of a list, as [start, end, segs]. */
function runs(list: Skb[], maxBytes: number): number[][] {
  const out: number[][] = [];
  const run = new GroRun();
  for (let i = 0; i < list.length;) {
    i = mergeGroRun(list, i, list.length, maxBytes, run);
    out.push([run.start, run.end, run.segs]);
  }
  return out;
}

describe('GRO merge', () => {
  it('fills a merged skb with a piece’s first segments, as it would with them one by one', () => {
    const single = Array.from({ length: 60 }, (_, i) => data(i * 1448, 1, true));
    const pieces = [0, 20, 40].map((k) => data(k * 1448, 20, true));
    expect(runs(pieces, 65536)).toEqual(runs(single, 65536));
    expect(runs(single, 65536).map((r) => r[2])).toEqual([45, 15]);
  });

  it('leaves a sender’s TSO skb whole, as a GRO receiver of the model always has', () => {
    const tso = [0, 30].map((k) => data(k * 1448, 30, false));
    expect(runs(tso, 65536)).toEqual([
      [0, 30 * 1448, 30],
      [30 * 1448, 60 * 1448, 30],
    ]);
  });
});
