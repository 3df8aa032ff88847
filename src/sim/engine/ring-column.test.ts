import { describe, expect, it } from 'vitest';
import { ringCapacity, unwrapInto } from './ring-column';

describe('unwrapInto', () => {
  it('copies a wrapped ring to the start of the new column, in ring order', () => {
    // Capacity 4, head at 3: live entries sit at 3, 0, 1.
    const src = new Float64Array([20, 30, -1, 10]);
    const dst = unwrapInto(src, 3, 3, new Float64Array(8));
    expect(Array.from(dst)).toEqual([10, 20, 30, 0, 0, 0, 0, 0]);
  });

  it('works on reference columns and copies nothing from an empty ring', () => {
    const a = {};
    expect(unwrapInto<unknown, unknown[]>([null, a], 1, 2, [null, null, null, null])).toEqual([
      a,
      null,
      null,
      null,
    ]);
    expect(unwrapInto(new Int32Array(0), 0, 0, new Int32Array(8))).toEqual(new Int32Array(8));
  });
});

describe('ringCapacity', () => {
  it('is the least power of two at or above the request, and at least 4', () => {
    expect([0, 1, 4, 5, 16, 17, 1000].map(ringCapacity)).toEqual([4, 4, 4, 8, 16, 32, 1024]);
  });
});
