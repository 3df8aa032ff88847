import { describe, expect, it } from 'vitest';
import { SharedExtents } from './shared-extents';

describe('A/B shared extents', () => {
  it('gives both sides the larger extent, and tells the side that drew first to draw again', () => {
    let changes = 0;
    const s = new SharedExtents(() => changes++);
    const a = s.source(0, 'throughput');
    const b = s.source(1, 'throughput');
    expect(a.hold('y', 100e6)).toBe(100e6);
    const v = a.version();
    // B's data reach twice as high: B draws to it, A's extent moved with it.
    const hb = b.hold('y', 200e6);
    expect(hb).toBeGreaterThanOrEqual(200e6);
    expect(a.version()).toBeGreaterThan(v);
    expect(changes).toBe(1);
    expect(a.hold('y', 100e6)).toBe(hb);
    expect(b.hold('y', 200e6)).toBe(hb);
    // Panels and bands are apart.
    expect(s.source(0, 'occupancy').hold('y', 5)).toBe(5);
    expect(a.hold('unit:ms', 3)).toBe(3);
  });

  it('starts a side over from its data on clear, still sharing the other side’s', () => {
    const s = new SharedExtents(() => {});
    const a = s.source(0, 'p');
    const b = s.source(1, 'p');
    a.hold('y', 10);
    b.hold('y', 40);
    a.clear();
    expect(a.hold('y', 5)).toBe(40);
    s.reset();
    expect(a.hold('y', 5)).toBe(5);
  });
});
