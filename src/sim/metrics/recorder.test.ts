import { describe, expect, it } from 'vitest';
import { Recorder } from './recorder';

describe('Recorder frames', () => {
  it('hands over exactly the samples taken since the last frame, after a large burst too', () => {
    const r = new Recorder(true);
    let v = 0;
    r.addProbe({ key: 'x', label: 'x', unit: '', panel: 'tcp' }, () => v);
    const sampleN = (n: number): number[] => {
      const want: number[] = [];
      for (let i = 0; i < n; i++) {
        v = want.length * 3 + i;
        want.push(v);
        r.sample(i);
      }
      return want;
    };
    // A host that fell behind: one big frame, then small ones while the buffers shrink back.
    for (const n of [30_000, 10, 0, 5, 2000, 1, 40_000, 3]) {
      const want = sampleN(n);
      const f = r.takeFrame(0);
      expect(f.tNs.length).toBe(n);
      expect(Array.from(f.cols.x)).toEqual(want);
    }
  });
});
