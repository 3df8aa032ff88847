import { describe, expect, it } from 'vitest';
import { pow2 } from './pow2';

describe('pow2', () => {
  it('equals 2 ** n for integer, fractional, negative and large exponents', () => {
    for (const n of [0, 1, 7, 10, 31, 32, 52, 63, 64, 80, -1, -3, 0.5, 2.25, -0.5]) {
      expect(Object.is(pow2(n), 2 ** n)).toBe(true);
    }
  });
});
