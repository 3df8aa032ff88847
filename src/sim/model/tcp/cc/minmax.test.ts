import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinmaxMax } from './minmax';

describe('win_minmax running max', () => {
  it('returns a sample from inside the filter span, at least the newest one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.record({ dt: fc.integer({ min: 0, max: 6 }), v: fc.integer({ min: 0, max: 1000 }) }), {
          minLength: 1,
          maxLength: 200,
        }),
        (win, steps) => {
          const m = new MinmaxMax();
          m.reset(0, 0);
          const seen: { t: number; v: number }[] = [{ t: 0, v: 0 }];
          let t = 0;
          for (const s of steps) {
            t += s.dt;
            seen.push({ t, v: s.v });
            const got = m.runningMax(win, t, s.v);
            const inWindow = seen.filter((x) => t - x.t <= win);
            const trueMax = Math.max(...inWindow.map((x) => x.v));
            if (got < s.v || got > trueMax) return false;
            if (!inWindow.some((x) => x.v === got)) return false;
          }
          return true;
        },
      ),
    );
  });

  it('forgets a max once it is older than the filter span (BBR: 10 rounds)', () => {
    const m = new MinmaxMax();
    m.reset(0, 0);
    m.runningMax(10, 1, 100);
    for (let r = 2; r <= 11; r++) expect(m.runningMax(10, r, 50)).toBe(100);
    expect(m.runningMax(10, 12, 50)).toBe(50);
  });
});
