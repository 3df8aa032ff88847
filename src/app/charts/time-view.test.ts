import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIN_SPAN_NS, panBy, transformWindow, windowOf, zoomBy, zoomView } from './time-view';

const S = 1e9;

describe('time view', () => {
  it('follows from [0, span] and then slides with the clock', () => {
    const v = { follow: true, spanNs: 2 * S, endNs: 0 };
    expect(windowOf(v, 0.5 * S)).toEqual({ t0Ns: 0, t1Ns: 2 * S });
    expect(windowOf(v, 5 * S)).toEqual({ t0Ns: 3 * S, t1Ns: 5 * S });
    expect(windowOf({ follow: false, spanNs: S, endNs: 4 * S }, 9 * S)).toEqual({ t0Ns: 3 * S, t1Ns: 4 * S });
  });

  it('keeps the time under the pointer fixed when zooming (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 800, noNaN: true }),
        (ratio, anchor) => {
          const w = { t0Ns: 10 * S, t1Ns: 18 * S };
          const at = w.t0Ns + (anchor / 800) * (w.t1Ns - w.t0Ns);
          const n = transformWindow(w, 800, ratio, anchor * (1 - ratio));
          const atNew = n.t0Ns + (anchor / 800) * (n.t1Ns - n.t0Ns);
          expect(atNew).toBeCloseTo(at, -1);
          expect(n.t1Ns - n.t0Ns).toBeCloseTo((w.t1Ns - w.t0Ns) / ratio, -1);
        },
      ),
    );
  });

  it('a pure zoom while following keeps follow and divides the span', () => {
    const v = zoomBy({ follow: true, spanNs: 2 * S, endNs: 0 }, 10 * S, 2, 0.3);
    expect(v).toEqual({ follow: true, spanNs: S, endNs: 0 });
  });

  it('dragging back in time leaves follow; panning forward to the clock follows again', () => {
    const v0 = { follow: true, spanNs: 2 * S, endNs: 0 };
    const v1 = zoomView(v0, 10 * S, 1000, 1, 250, 0); // drag right by a quarter of the width
    expect(v1.follow).toBe(false);
    expect(v1.endNs).toBeCloseTo(9.5 * S, -2);
    expect(windowOf(v1, 12 * S).t1Ns).toBeCloseTo(9.5 * S, -2);
    const v2 = panBy(v1, 10 * S, 0.5);
    expect(v2.follow).toBe(true);
  });

  it('never zooms below the minimum span', () => {
    let v = { follow: false, spanNs: S, endNs: 5 * S };
    for (let i = 0; i < 40; i++) v = zoomBy(v, 10 * S, 4, 0.5);
    expect(v.spanNs).toBe(MIN_SPAN_NS);
    expect(windowOf(v, 10 * S).t0Ns).toBeGreaterThan(4 * S);
  });
});
