import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ColumnRing } from './column-ring';
import { drawLine, drawStack } from './draw';
import { drawPoints } from './draw-points';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
}

/** The part of a 2D context the primitives use, recording filled rectangles. */
function recorder() {
  const rects: Rect[] = [];
  const strokes: number[] = [];
  let fillStyle = '';
  let segments = 0;
  const ctx = {
    get fillStyle() {
      return fillStyle;
    },
    set fillStyle(v: string) {
      fillStyle = v;
    },
    strokeStyle: '',
    lineWidth: 1,
    fillRect: (x: number, y: number, w: number, h: number) => rects.push({ x, y, w, h, color: fillStyle }),
    beginPath: () => void (segments = 0),
    moveTo: () => undefined,
    lineTo: () => void segments++,
    closePath: () => undefined,
    stroke: () => void strokes.push(segments),
    fill: () => undefined,
    setLineDash: () => undefined,
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rects, strokes };
}

function ringOf(values: number[][], dtNs: number): ColumnRing {
  const r = new ColumnRing(['t', ...values.map((_, i) => `s${i}`)], 1 << 12);
  const n = values[0].length;
  r.pushRows(
    [Float64Array.from({ length: n }, (_, i) => i * dtNs), ...values.map((v) => Float64Array.from(v))],
    n,
  );
  return r;
}

const x = (t: number) => t / 1000; // 1 px per 1000 ns
const y = (v: number) => 100 - v;

describe('drawLine on dense data', () => {
  it('fills one rectangle per pixel column covering its min and max', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 90 }), { minLength: 400, maxLength: 800 }), (vals) => {
        const ring = ringOf([vals], 250); // 4 rows per pixel
        const { ctx, rects } = recorder();
        drawLine(ctx, ring, 1, 0, ring.length, x, y, ring.length / 4, { color: 'c', width: 1 });
        const cols = new Map<number, number[]>();
        vals.forEach((v, i) => {
          const px = Math.round(x(i * 250));
          cols.set(px, [...(cols.get(px) ?? []), v]);
        });
        expect(rects.length).toBe(cols.size);
        for (const r of rects) {
          const vs = cols.get(r.x)!;
          expect(r.y).toBeLessThanOrEqual(y(Math.max(...vs)));
          expect(r.y + r.h).toBeGreaterThanOrEqual(y(Math.min(...vs)));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('drawing from a later row repeats the full drawing right of that row (what a scrolled redraw relies on)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 90 }), { minLength: 400, maxLength: 800 }),
        fc.integer({ min: 8, max: 390 }),
        (vals, from) => {
          const ring = ringOf([vals], 250);
          const full = recorder();
          const part = recorder();
          const w = ring.length / 4;
          drawLine(full.ctx, ring, 1, 0, ring.length, x, y, w, { color: 'c' });
          drawLine(part.ctx, ring, 1, 0, ring.length, x, y, w, { color: 'c' }, from);
          // The first column drawn may hold only part of its rows; it is left of the clip.
          const seam = Math.round(x(from * 250)) + 1;
          const right = (rs: Rect[]) => rs.filter((r) => r.x > seam);
          expect(right(part.rects)).toEqual(right(full.rects));
          // ...and nothing well left of it.
          expect(part.rects.every((r) => r.x >= seam - 2)).toBe(true);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('keeps sparse data a polyline', () => {
    const ring = ringOf([[1, 5, 2, 8, 3]], 10_000);
    const { ctx, rects, strokes } = recorder();
    drawLine(ctx, ring, 1, 0, ring.length, x, y, 100, { color: 'c' });
    expect(rects).toHaveLength(0);
    expect(strokes).toEqual([4]);
  });
});

describe('drawStack on dense data', () => {
  it('stacks each column band on the one below, from the axis up, without gaps', () => {
    const a = Array.from({ length: 800 }, (_, i) => 10 + (i % 7));
    const b = Array.from({ length: 800 }, (_, i) => 20 + (i % 5));
    const ring = ringOf([a, b], 250);
    const { ctx, rects } = recorder();
    drawStack(ctx, ring, [1, 2], ['A', 'B'], 0, ring.length, x, y, 200);
    const byCol = new Map<number, Rect[]>();
    for (const r of rects) byCol.set(r.x, [...(byCol.get(r.x) ?? []), r]);
    expect(byCol.size).toBe(new Set(a.map((_, i) => Math.round(x(i * 250)))).size);
    for (const [, [ra, rb]] of byCol) {
      expect(ra.color).toBe('A');
      expect(rb.color).toBe('B');
      expect(ra.y + ra.h).toBe(Math.round(y(0)));
      expect(rb.y + rb.h).toBe(ra.y);
    }
  });
});

describe('drawPoints', () => {
  const cloud = () => {
    // t, y, category: three points on one pixel in category 0, one of category 1 on the same pixel, one elsewhere.
    const r = new ColumnRing(['t', 'y', 'c'], 16);
    r.pushRows(
      [
        Float64Array.from([10, 10.2, 10.4, 10.4, 50]),
        Float64Array.from([5, 5, 5, 5, 20]),
        Float64Array.from([0, 0, 0, 1, 0]),
      ],
      5,
    );
    return r;
  };
  const draw = (ctx: CanvasRenderingContext2D) =>
    drawPoints(
      ctx,
      cloud(),
      1,
      2,
      0,
      5,
      (t) => t,
      (v) => v,
      (c) => (c === 0 ? 'red' : 'blue'),
      100,
      40,
    );

  it('fills each pixel once per colour, and a second draw fills them again', () => {
    const a = recorder();
    draw(a.ctx);
    expect(a.rects.map((r) => `${r.color}@${r.x},${r.y}`).sort()).toEqual([
      'blue@9,4',
      'red@49,19',
      'red@9,4',
    ]);
    const b = recorder();
    draw(b.ctx);
    expect(b.rects).toHaveLength(3);
  });
});
