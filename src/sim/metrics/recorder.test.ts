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
      // One buffer per frame, exactly covered by its arrays (the frame's only transferable).
      expect(f.cols.x.buffer).toBe(f.tNs.buffer);
      expect(f.pingT.buffer).toBe(f.tNs.buffer);
      expect(f.tNs.buffer.byteLength).toBe(2 * n * 8);
    }
  });
});

describe('Recorder: minstrel avg_ampdu_len readings', () => {
  const MS = 1_000_000;

  it('reads each station once per step while measuring, the value before the status at that time', () => {
    const r = new Recorder(false, 200 * MS);
    // Station 0 sends 10-frame aggregates, station 1 lone frames, every 5 ms for 2 s; measuring from 1 s.
    for (let t = 5 * MS; t <= 2000 * MS; t += 5 * MS) {
      const measuring = t > 1000 * MS;
      r.aggregate(t, 10, 0, measuring);
      r.aggregate(t, 1, 1, measuring);
    }
    expect(r.avgAmpduLen[0].count).toBe(5);
    expect(r.avgAmpduLen[1].count).toBe(5);
    // After a second of 50 ms updates the EWMA has converged to within the integer dead band.
    expect(r.avgAmpduLen[0].median()).toBeGreaterThanOrEqual(9.9);
    expect(r.avgAmpduLen[0].median()).toBeLessThanOrEqual(10);
    expect(r.avgAmpduLen[1].median()).toBe(1);
  });

  it('starts over at the end of warm-up', () => {
    const r = new Recorder(false, 200 * MS);
    for (let t = 5 * MS; t <= 1000 * MS; t += 5 * MS) r.aggregate(t, 4, 0, true);
    expect(r.avgAmpduLen[0].count).toBeGreaterThan(0);
    r.resetSummaries();
    expect(r.avgAmpduLen[0].count).toBe(0);
  });
});
