/**
 * Point clouds on canvas (A-MPDU sizes, ping RTTs): thousands of points per
 * frame land on a few hundred pixels, so each pixel is filled once per colour.
 */
import type { ColumnRing } from './column-ring';
import type { Scale } from './draw';

// Pixels already inked by the current pass of drawPoints: one buffer for every call, a new mark per
// pass instead of clearing it (the point tracks redraw 30 times a second).
let seenBuf = new Uint32Array(0);
let seenMark = 0;
function seenPixels(n: number): Uint32Array {
  if (seenBuf.length < n) {
    seenBuf = new Uint32Array(n);
    seenMark = 0;
  }
  return seenBuf;
}
function nextMark(): number {
  if (++seenMark === 0xffffffff) {
    seenBuf.fill(0);
    seenMark = 1;
  }
  return seenMark;
}

/**
 * 2×2 px points of (t, column cy) coloured by column cc, one rectangle per
 * distinct pixel position and colour (thousands of points land on the same
 * few pixels; drawing each again would only cost time). Categories `skip`
 * accepts (switched off in the legend) are not drawn.
 */
export function drawPoints(
  ctx: CanvasRenderingContext2D,
  ring: ColumnRing,
  cy: number,
  cc: number,
  i0: number,
  i1: number,
  x: Scale,
  y: Scale,
  colorOf: (category: number) => string,
  widthPx: number,
  heightPx: number,
  from = i0,
  skip: (category: number) => boolean = () => false,
): void {
  i0 = Math.max(i0, from);
  const w = Math.max(1, Math.ceil(widthPx) + 2);
  const h = Math.max(1, Math.ceil(heightPx) + 2);
  const seen = seenPixels(w * h);
  const cats = new Set<number>();
  for (let i = i0; i < i1; i++) cats.add(ring.get(cc, i));
  for (const cat of cats) {
    if (skip(cat)) continue;
    const mark = nextMark();
    ctx.fillStyle = colorOf(cat);
    for (let i = i0; i < i1; i++) {
      if (ring.get(cc, i) !== cat) continue;
      const v = ring.get(cy, i);
      if (!Number.isFinite(v)) continue;
      const px = Math.round(x(ring.t(i)));
      const py = Math.round(y(v));
      if (px < -1 || py < -1 || px > w - 2 || py > h - 2) continue;
      const k = (py + 1) * w + px + 1;
      if (seen[k] === mark) continue;
      seen[k] = mark;
      ctx.fillRect(px - 1, py - 1, 2, 2);
    }
  }
}
