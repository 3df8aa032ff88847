import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundFrame, frameTransferables, packFrame } from './frame-bound';
import { testFrame as frame } from './frame.fixture';

const LIM = { maxSamples: 64, maxPoints: 100, maxIntervals: 10 };

describe('boundFrame', () => {
  it('returns the same frame when within limits', () => {
    const f = frame([1, 2, 3], { a: [1, 2, 3] });
    expect(boundFrame(f, LIM)).toBe(f);
  });

  it('keeps size, order, span and the min/max of every column (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 65, maxLength: 2000 }),
        (vals) => {
          const t = vals.map((_, i) => i * 1000);
          const b = boundFrame(frame(t, { a: vals, b: vals.map((v) => -v) }), LIM);
          expect(b.tNs.length).toBeLessThanOrEqual(LIM.maxSamples);
          expect(b.tNs[0]).toBe(0);
          expect(b.tNs[b.tNs.length - 1]).toBe(t[t.length - 1]);
          for (let i = 1; i < b.tNs.length; i++) expect(b.tNs[i]).toBeGreaterThanOrEqual(b.tNs[i - 1]);
          expect(Math.max(...b.cols.a)).toBe(Math.max(...vals));
          expect(Math.min(...b.cols.a)).toBe(Math.min(...vals));
          expect(Math.max(...b.cols.b)).toBe(-Math.min(...vals));
        },
      ),
    );
  });

  it('puts the min and max of a bucket in time order', () => {
    // 128 rows into 32 buckets of 4: bucket 0 is [5, 9, 1, 7]: max (9) comes before min (1).
    const vals = Array.from({ length: 128 }, (_, i) => [5, 9, 1, 7][i % 4]);
    const b = boundFrame(
      frame(
        vals.map((_, i) => i),
        { a: vals },
      ),
      LIM,
    );
    expect(Array.from(b.tNs.slice(0, 2))).toEqual([0, 3]);
    expect(Array.from(b.cols.a.slice(0, 2))).toEqual([9, 1]);
  });

  it('thins point clouds by a stride and merges throttled intervals into their span', () => {
    const n = 250;
    const aggT = Float64Array.from({ length: n }, (_, i) => i);
    const iv = Float64Array.from({ length: 50 }, (_, i) => i * 10 + (i % 2 ? 5 : 0)); // 25 pairs
    const b = boundFrame(
      frame([], {}, { aggT, aggN: aggT.map((x) => x * 2), aggNode: aggT.map(() => 1), throttled: iv }),
      LIM,
    );
    expect(b.aggT.length).toBe(84); // stride 3
    expect(b.aggT[1]).toBe(3);
    expect(b.aggN[1]).toBe(6);
    expect(b.throttled.length / 2).toBeLessThanOrEqual(LIM.maxIntervals);
    expect(b.throttled[0]).toBe(iv[0]);
    expect(b.throttled[b.throttled.length - 1]).toBe(iv[iv.length - 1]);
  });
});

describe('packFrame / frameTransferables', () => {
  it('copies every array, views included, into one buffer that is the only transferable', () => {
    const big = new Float64Array(10).map((_, i) => i);
    const view = big.subarray(2, 5);
    const whole = Float64Array.from([1, 2, 3]);
    const f = frame([], {}, { tNs: view, cols: { a: whole, b: Float64Array.from([7, 8, 9]) } });
    f.pingT = Float64Array.from([5]);
    const o = packFrame(f);
    expect(Array.from(o.tNs)).toEqual([2, 3, 4]);
    expect(Array.from(o.cols.a)).toEqual([1, 2, 3]);
    expect(Array.from(o.cols.b)).toEqual([7, 8, 9]);
    expect(Array.from(o.pingT)).toEqual([5]);
    expect(o.aggT.length).toBe(0);
    const bufs = frameTransferables(o);
    expect(bufs).toHaveLength(1);
    expect(bufs[0]).not.toBe(big.buffer);
    expect(bufs[0]).not.toBe(whole.buffer);
    expect(bufs[0].byteLength).toBe((3 + 3 + 3 + 1) * 8);
    // The core's arrays are untouched and still its own.
    expect(Array.from(whole)).toEqual([1, 2, 3]);
  });

  it('passes a frame that already is one buffer through without copying', () => {
    const once = packFrame(frame([1, 2], { a: [3, 4] }));
    expect(packFrame(once)).toBe(once);
  });

  it('survives a transfer: the views read the moved buffer', () => {
    const f = packFrame(
      frame([], {}, { tNs: Float64Array.from([1, 2]), cols: { a: Float64Array.from([3, 4]) } }),
    );
    const moved = structuredClone(f, { transfer: frameTransferables(f) });
    expect(Array.from(moved.cols.a)).toEqual([3, 4]);
    expect(moved.tNs.buffer).toBe(moved.cols.a.buffer);
    expect(f.tNs.buffer.byteLength).toBe(0);
  });
});
