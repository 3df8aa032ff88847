/**
 * The decimating reservoir: below its capacity it keeps every sample; at the
 * capacity it keeps every other one and samples half as often from then on,
 * so what it holds is every k-th sample of the whole run, whatever the run's
 * length. Its buffer grows on demand and never past the capacity.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Reservoir } from './reservoir';

/** Every k-th of 0, 1, …, n − 1, where k is the smallest power of two that fits them in `cap`. */
function everyKth(n: number, cap: number): number[] {
  let k = 1;
  while (Math.ceil(n / k) > cap) k *= 2;
  const out: number[] = [];
  for (let i = 0; i < n; i += k) out.push(i);
  return out;
}

/** The q-quantile of xs, interpolated as the reservoir does. */
const quantileOf = (xs: number[], q: number): number => {
  const a = [...xs].sort((x, y) => x - y);
  const pos = q * (a.length - 1);
  const lo = Math.floor(pos);
  return a[lo] + (a[Math.min(a.length - 1, lo + 1)] - a[lo]) * (pos - lo);
};
const median = (xs: number[]): number => quantileOf(xs, 0.5);

describe('Reservoir', () => {
  it.each([10, 256, 257, 1000, 4096, 4097, 10_000, 50_001])(
    'after %i samples it holds every k-th one, k a power of two, within its capacity',
    (n) => {
      const cap = 4096;
      const r = new Reservoir(cap);
      for (let i = 0; i < n; i++) r.add(i);
      const want = everyKth(n, cap);
      expect(r.size).toBe(want.length);
      expect(r.size).toBeLessThanOrEqual(cap);
      expect(r.median()).toBe(median(want));
      expect(r.count).toBe(n);
      expect(r.mean()).toBeCloseTo((n - 1) / 2, 9);
    },
  );

  it('starts over when cleared', () => {
    const r = new Reservoir(64);
    for (let i = 0; i < 1000; i++) r.add(i);
    r.clear();
    for (let i = 0; i < 10; i++) r.add(100 + i);
    expect(r.size).toBe(10);
    expect(r.median()).toBe(104.5);
  });

  it('answers quantiles from the samples it holds now, whichever reservoir was asked last', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            which: fc.integer({ min: 0, max: 1 }),
            op: fc.constantFrom('add', 'ask', 'clear'),
            v: fc.double({ min: -1e9, max: 1e9, noNaN: true }),
            q: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { maxLength: 200 },
        ),
        (ops) => {
          const rs = [new Reservoir(1 << 20), new Reservoir(1 << 20)];
          const model: number[][] = [[], []];
          for (const o of ops) {
            if (o.op === 'add') {
              rs[o.which].add(o.v);
              model[o.which].push(o.v);
            } else if (o.op === 'clear') {
              rs[o.which].clear();
              model[o.which] = [];
            } else if (model[o.which].length) {
              expect(rs[o.which].quantile(o.q)).toBe(quantileOf(model[o.which], o.q));
            } else expect(rs[o.which].quantile(o.q)).toBeNaN();
          }
        },
      ),
    );
    // A clear and as many new samples as before: the same count, other values.
    const r = new Reservoir(64);
    r.add(1);
    r.add(2);
    expect(r.median()).toBe(1.5);
    r.clear();
    r.add(5);
    r.add(7);
    expect(r.median()).toBe(6);
  });

  it('names its bound for the bounded-buffer checks', () => {
    expect(new Reservoir(16384).boundSlots).toBe(16384);
  });
});
