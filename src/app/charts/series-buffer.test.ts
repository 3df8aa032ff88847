import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ColumnRing } from './column-ring';
import { SeriesBuffers } from './series-buffer';
import { testFrame as frame } from '../../worker/frame.fixture';

const f64 = (a: number[]) => Float64Array.from(a);

describe('ColumnRing', () => {
  it('keeps the newest rows in order across wrap-around (property against an array model)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }), (chunks) => {
        const ring = new ColumnRing(['t', 'v'], 16);
        const model: number[] = [];
        let t = 0;
        for (const n of chunks) {
          const ts = Array.from({ length: n }, () => ++t);
          ring.pushRows([f64(ts), f64(ts.map((x) => x * 10))], n);
          model.push(...ts);
        }
        const kept = model.slice(-16);
        expect(ring.length).toBe(kept.length);
        kept.forEach((x, i) => {
          expect(ring.t(i)).toBe(x);
          expect(ring.get(1, i)).toBe(x * 10);
        });
        if (kept.length) {
          const probe = kept[Math.floor(kept.length / 2)];
          expect(ring.t(ring.lowerBound(probe))).toBe(probe);
          expect(ring.lowerBound(probe + 0.5)).toBe(kept.indexOf(probe) + 1);
        }
      }),
    );
  });

  it('finds the nearest row and a range with one row of margin', () => {
    const ring = new ColumnRing(['t'], 8);
    ring.pushRows([f64([10, 20, 30, 40])], 4);
    expect(ring.nearest(24)).toBe(1);
    expect(ring.nearest(26)).toBe(2);
    expect(ring.nearest(99)).toBe(3);
    expect(ring.range(20, 30)).toEqual([0, 3]);
    expect(ring.range(0, 5)).toEqual([0, 1]);
  });

  it('rejects a capacity that is not a power of two', () => {
    expect(() => new ColumnRing(['t'], 12)).toThrow();
  });
});

describe('SeriesBuffers', () => {
  const cap = { samples: 8, points: 4, intervals: 4, changes: 2 };

  it('stores columns by key, fills a missing column with NaN and bounds every ring', () => {
    const b = new SeriesBuffers(cap);
    b.push(frame([1, 2, 3], { a: [1, 2, 3], b: [4, 5, 6] }), 1);
    b.push(frame([4, 5, 6, 7, 8, 9, 10], { a: [4, 5, 6, 7, 8, 9, 10] }), 1);
    expect(b.samples.length).toBe(8);
    expect(b.samples.firstT()).toBe(3);
    expect(b.latest('a')).toBe(10);
    expect(Number.isNaN(b.latest('b'))).toBe(true);
    expect(b.samples.get(b.samples.col('b'), 0)).toBe(6);
    expect(b.recentMax('a', 3)).toBe(10);
  });

  it('splits throttled pairs, keeps points and the last changes only', () => {
    const b = new SeriesBuffers(cap);
    const ch = (k: string) => ({ tNs: 1, key: k, from: 1, to: 2 });
    b.push(
      frame(
        [1],
        { a: [1] },
        {
          throttled: f64([5, 7, 9, 12]),
          aggT: f64([1, 2]),
          aggN: f64([10, 20]),
          aggNode: f64([0, 1]),
          changes: [ch('x'), ch('y'), ch('z')],
        },
      ),
      1,
    );
    expect(b.throttled.length).toBe(2);
    expect(b.throttled.get(1, 1)).toBe(12);
    expect(b.agg.get(1, 1)).toBe(20);
    expect(b.changes.map((c) => c.key)).toEqual(['y', 'z']);
    expect(b.startNs()).toBe(1);
  });

  it('resets on a new run, ignores frames of older runs and notifies subscribers', () => {
    const b = new SeriesBuffers(cap);
    let calls = 0;
    const off = b.subscribe(() => calls++);
    b.push(frame([1, 2], { a: [1, 2] }), 1);
    b.push(frame([1], { c: [7] }), 2);
    expect(b.samples.names).toEqual(['t', 'c']);
    expect(b.samples.length).toBe(1);
    b.push(frame([5], { a: [1] }), 1);
    expect(b.samples.length).toBe(1);
    expect(b.runId).toBe(2);
    off();
    b.push(frame([2], { c: [8] }), 2);
    expect(calls).toBe(4); // (reset + push) for run 1, then for run 2
  });
});

describe('SeriesBuffers.changesVersion', () => {
  it('is the version of the push that brought the newest change', () => {
    const b = new SeriesBuffers();
    b.push(frame([1, 2], { a: [1, 2] }), 1);
    expect(b.changesVersion).toBe(-1);
    const change = { tNs: 3, key: 'a', from: 1, to: 2 };
    b.push(frame([3], { a: [3] }, { changes: [change] }), 1);
    const v = b.version;
    b.push(frame([4], { a: [4] }), 1);
    expect(b.changesVersion).toBe(v);
    expect(b.version).toBeGreaterThan(v);
    b.push(frame([1], { a: [1] }), 2);
    expect(b.changesVersion).toBe(-1);
  });
});

describe('SeriesBuffers: the run before a restart', () => {
  it('keeps the run a restarting knob ended, with the change at t = 0 of the new run; any other new run drops it', () => {
    const b = new SeriesBuffers();
    b.push(frame([1, 2, 3], { q: [10, 20, 30] }), 1);
    b.expectRestart({ key: 'link.sg', from: true, to: false });
    b.push(frame([1], { q: [5] }), 2);
    expect(b.before?.samples.length).toBe(3);
    expect(b.before?.nowNs).toBe(3);
    expect(b.samples.length).toBe(1);
    expect(b.changes).toEqual([{ tNs: 0, key: 'link.sg', from: true, to: false }]);
    // A load or a reset (no restart announced) starts without it.
    b.push(frame([1], { q: [7] }), 3);
    expect(b.before).toBeNull();
    expect(b.changes).toEqual([]);
  });

  it('a refused restart leaves nothing behind', () => {
    const b = new SeriesBuffers();
    b.push(frame([1, 2], { q: [1, 2] }), 1);
    b.expectRestart({ key: 'qdisc.kind', from: 'fq', to: 'bogus' });
    b.expectRestart(null);
    b.push(frame([1], { q: [3] }), 2);
    expect(b.before).toBeNull();
  });
});
