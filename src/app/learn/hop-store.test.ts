/** The hop store: one packet's path across its segments, where it is at a time, and the followed skb kept. */
import { describe, expect, it } from 'vitest';
import type { SkbHops } from '../../worker/protocol';
import { HopStore, MAX_SKBS } from './hop-store';

function hops(rows: [number, number, number, number, number][], skbs: number[] = []): SkbHops {
  const c = (i: number) => Float64Array.from(rows, (r) => r[i]);
  const s = (f: (id: number) => number) => Float64Array.from(skbs, f);
  return {
    id: c(0),
    seg: c(1),
    kind: c(2),
    site: c(3),
    tNs: c(4),
    skbId: s((id) => id),
    skbFlow: s(() => 0),
    skbSeq: s((id) => id * 1000),
    skbLen: s(() => 1448),
    skbSegs: s(() => 1),
    skbTruesize: s(() => 2344),
    skbTNs: s((id) => id),
  };
}

describe('HopStore', () => {
  it('follows a packet onto its first segment', () => {
    const h = new HopStore();
    h.clear([{ label: '', series: [] }]);
    h.push(
      hops(
        [
          [1, -1, 0, 0, 10],
          [1, -1, 6, 0, 20],
          [1, 0, 1, 0, 30],
          [1, 1, 1, 0, 31],
          [1, -1, 9, 0, 40],
        ],
        [1],
      ),
    );
    expect(h.pathOf(1).map((r) => [r.seg, r.tNs])).toEqual([
      [-1, 10],
      [-1, 20],
      [0, 30],
      [-1, 40],
    ]);
    // Once the segment is on its way, the packet is where the segment is.
    expect(h.hopAt(1, 45)?.seg).toBe(0);
    expect(h.hopAt(1, 25)?.kind).toBe(6);
    expect(h.hopAt(1, 5)).toBeNull();
  });

  it('keeps the last skbs, and the followed one however old', () => {
    const h = new HopStore();
    h.pin(1);
    for (let id = 1; id <= MAX_SKBS + 50; id++) h.push(hops([[id, -1, 0, 0, id]], [id]));
    expect(h.skbs()).toHaveLength(MAX_SKBS);
    expect(h.skb(1)).toBeDefined();
    expect(h.pathOf(1)).toHaveLength(1);
    expect(h.skb(2)).toBeUndefined();
  });
});
