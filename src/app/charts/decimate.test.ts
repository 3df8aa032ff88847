import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ColumnRing } from './column-ring';
import { m4Rows } from './decimate';

/** A ring of `values` at t = 0, 1, 2…, one column. */
function ringOf(values: number[]): ColumnRing {
  const n = Math.max(1, 2 ** Math.ceil(Math.log2(Math.max(1, values.length))));
  const r = new ColumnRing(['t', 'v'], n);
  r.pushRows([Float64Array.from(values, (_, i) => i), Float64Array.from(values)], values.length);
  return r;
}

describe('M4 decimation', () => {
  it('keeps the first, min, max and last sample of each pixel column, in row order', () => {
    const r = ringOf([5, 1, 9, 4, 7, 2, 8, 3]);
    // Two pixel columns of four rows each.
    const rows = m4Rows(r, 1, 0, 8, (t) => (t < 4 ? 0 : 1));
    expect(rows).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const wide = ringOf([3, 3, 0, 3, 3, 10, 3, 3]);
    expect(m4Rows(wide, 1, 0, 8, () => 0)).toEqual([0, 2, 5, 7]);
  });

  it('breaks the line at a missing sample', () => {
    const r = ringOf([1, 2, NaN, 4, 5]);
    expect(m4Rows(r, 1, 0, 5, () => 0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps every column’s extremes and at most four vertices a column (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 50 }),
        (values, cols) => {
          const r = ringOf(values);
          const x = (t: number) => (t / values.length) * cols;
          const rows = m4Rows(r, 1, 0, values.length, x);
          const byCol = new Map<number, number[]>();
          values.forEach((v, i) => {
            const c = Math.round(x(i));
            byCol.set(c, [...(byCol.get(c) ?? []), v]);
          });
          expect(rows.length).toBeLessThanOrEqual(4 * byCol.size);
          expect([...rows].sort((a, b) => a - b)).toEqual(rows);
          for (const [c, vs] of byCol) {
            const kept = rows.filter((i) => Math.round(x(i)) === c).map((i) => values[i]);
            expect(Math.min(...kept)).toBe(Math.min(...vs));
            expect(Math.max(...kept)).toBe(Math.max(...vs));
            expect(kept[0]).toBe(vs[0]);
            expect(kept[kept.length - 1]).toBe(vs[vs.length - 1]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
