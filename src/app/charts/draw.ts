/**
 * Canvas primitives for dense columnar data (in the manner of uPlot): lines
 * reduced to a min/max run per pixel column, stacked areas averaged per
 * pixel column, point clouds in one path per colour, shaded intervals.
 */
import type { ColumnRing } from './column-ring';
import { m4Rows } from './decimate';

export type Scale = (v: number) => number;

/**
 * Draws column `c` of `ring` over rows [i0, i1) as a polyline, broken at NaN.
 * Only rows from `from` on are drawn (a redraw of the newest part); [i0, i1)
 * still decides how the line is drawn, so both parts look the same. In
 * `vector` mode (SVG figures) a dense line stays one polyline, through the
 * first, min, max and last sample of each pixel column (./decimate.ts).
 */
export function drawLine(
  ctx: CanvasRenderingContext2D,
  ring: ColumnRing,
  c: number,
  i0: number,
  i1: number,
  x: Scale,
  y: Scale,
  widthPx: number,
  style: { color: string; width?: number; dash?: number[] },
  from = i0,
  vector = false,
): void {
  if (c < 0 || i1 <= i0) return;
  ctx.beginPath();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width ?? 1.25;
  ctx.setLineDash(style.dash ?? []);
  if (vector) ctx.lineJoin = 'round';
  // More rows than pixel columns: a polyline would pile sub-pixel segments on
  // each other, which software rasterisers pay for dearly.
  const dense = i1 - i0 > widthPx;
  let pen = false;
  if (!dense || vector) {
    const rows = dense ? m4Rows(ring, c, Math.max(i0, from), i1, x) : null;
    const n = rows ? rows.length : i1 - Math.max(i0, from);
    for (let k = 0; k < n; k++) {
      const i = rows ? rows[k] : Math.max(i0, from) + k;
      const v = ring.get(c, i);
      if (!Number.isFinite(v)) {
        pen = false;
        continue;
      }
      const px = x(ring.t(i));
      const py = y(v);
      if (pen) ctx.lineTo(px, py);
      else ctx.moveTo(px, py);
      pen = true;
    }
    ctx.stroke();
  } else {
    drawColumns(ctx, ring, c, Math.max(i0, from), i1, x, y, style);
  }
  ctx.setLineDash([]);
}

/**
 * A dense line as one filled rectangle per pixel column, spanning the
 * column's min and max and the step from the previous column's last value.
 * Software canvases rasterise axis-aligned rectangles far faster than a
 * stroked polyline of thousands of vertices; the picture is the same. A dash
 * pattern is kept by leaving out whole columns.
 */
function drawColumns(
  ctx: CanvasRenderingContext2D,
  ring: ColumnRing,
  c: number,
  i0: number,
  i1: number,
  x: Scale,
  y: Scale,
  style: { color: string; width?: number; dash?: number[] },
): void {
  const lw = style.width ?? 1.25;
  const colW = Math.max(1, Math.round(lw));
  const dash = style.dash ?? [];
  const period = dash.length >= 2 ? dash[0] + dash[1] : 0;
  ctx.fillStyle = style.color;
  // Columns without samples between two with samples are bridged by a stroked segment.
  const gaps: number[] = [];
  let prevCol = NaN;
  let prevY = NaN;
  let col = NaN;
  let first = NaN;
  let last = NaN;
  let lo = Infinity;
  let hi = -Infinity;
  const flush = () => {
    if (first !== first) {
      prevY = NaN;
      return;
    }
    let top = Math.min(y(hi), y(lo));
    let bot = Math.max(y(hi), y(lo));
    if (prevY === prevY) {
      if (col - prevCol > 1) gaps.push(prevCol, prevY, col, y(first));
      else {
        top = Math.min(top, prevY);
        bot = Math.max(bot, prevY);
      }
    }
    // Whole pixels: software rasterisers fill aligned rectangles without coverage arithmetic.
    if (!period || ((col % period) + period) % period < dash[0]) {
      const y0 = Math.floor(top - lw / 2);
      ctx.fillRect(col, y0, colW, Math.ceil(bot + lw / 2) - y0);
    }
    prevCol = col;
    prevY = y(last);
  };
  for (let i = i0; i < i1; i++) {
    const px = Math.round(x(ring.t(i)));
    if (px !== col) {
      if (col === col) flush();
      col = px;
      first = NaN;
      lo = Infinity;
      hi = -Infinity;
    }
    const v = ring.get(c, i);
    if (!Number.isFinite(v)) continue;
    if (first !== first) first = v;
    last = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (col === col) flush();
  if (!gaps.length) return;
  ctx.beginPath();
  for (let k = 0; k < gaps.length; k += 4) {
    ctx.moveTo(gaps[k], gaps[k + 1]);
    ctx.lineTo(gaps[k + 2], gaps[k + 3]);
  }
  ctx.stroke();
}

/** Largest value of columns `cs` (summed when `stacked`) over rows [i0, i1); 0 if none. */
export function maxOver(ring: ColumnRing, cs: number[], i0: number, i1: number, stacked: boolean): number {
  let m = 0;
  for (let i = i0; i < i1; i++) {
    let sum = 0;
    for (const c of cs) {
      const v = ring.get(c, i);
      if (!Number.isFinite(v)) continue;
      if (stacked) sum += v;
      else if (v > m) m = v;
    }
    if (stacked && sum > m) m = sum;
  }
  return m;
}

/**
 * Stacked areas of columns `cs` (bottom first), averaged per pixel column when
 * dense. Each band is filled between the band below it and its own top, never
 * over another band, so a translucent band (the socket's unsent data) lets
 * nothing show through but the background. Dense: one rectangle per band and
 * pixel column; otherwise (and always in `vector` mode, for SVG) one polygon
 * per band.
 */
export function drawStack(
  ctx: CanvasRenderingContext2D,
  ring: ColumnRing,
  cs: number[],
  colors: string[],
  i0: number,
  i1: number,
  x: Scale,
  y: Scale,
  widthPx: number,
  from = i0,
  vector = false,
): void {
  if (!cs.length || i1 <= i0) return;
  const dense = i1 - i0 > 2 * widthPx;
  const { xs, acc } = stackColumns(ring, cs, Math.max(i0, from), i1, x, dense);
  if (!xs.length) return;
  const y0 = y(0);
  if (dense && !vector) {
    // One rectangle per band and pixel column, on whole pixels so bands meet without seams.
    const yb = Math.round(y0);
    for (let k = 0; k < cs.length; k++) {
      ctx.fillStyle = colors[k];
      const below = k > 0 ? acc[k - 1] : null;
      const a = acc[k];
      for (let j = 0; j < xs.length; j++) {
        const bot = below ? Math.round(y(below[j])) : yb;
        const top = Math.round(y(a[j]));
        if (bot > top) ctx.fillRect(xs[j], top, 1, bot - top);
      }
    }
    return;
  }
  for (let k = 0; k < cs.length; k++) {
    ctx.beginPath();
    const a = acc[k];
    const below = k > 0 ? acc[k - 1] : null;
    for (let j = 0; j < xs.length; j++) {
      if (j === 0) ctx.moveTo(xs[j], y(a[j]));
      else ctx.lineTo(xs[j], y(a[j]));
    }
    for (let j = xs.length - 1; j >= 0; j--) ctx.lineTo(xs[j], below ? y(below[j]) : y0);
    ctx.closePath();
    ctx.fillStyle = colors[k];
    ctx.fill();
  }
}

/** Per pixel column (dense) or per row: x and the cumulative value at each band's top. */
function stackColumns(
  ring: ColumnRing,
  cs: number[],
  i0: number,
  i1: number,
  x: Scale,
  dense: boolean,
): { xs: number[]; acc: number[][] } {
  const xs: number[] = [];
  const acc: number[][] = cs.map(() => []);
  let col = NaN;
  let n = 0;
  const sums = new Float64Array(cs.length);
  const flush = () => {
    if (!n) return;
    xs.push(col);
    let cum = 0;
    for (let k = 0; k < cs.length; k++) {
      cum += sums[k] / n;
      acc[k].push(cum);
    }
  };
  for (let i = i0; i < i1; i++) {
    const px = dense ? Math.round(x(ring.t(i))) : x(ring.t(i));
    if (px !== col) {
      flush();
      col = px;
      n = 0;
      sums.fill(0);
    }
    for (let k = 0; k < cs.length; k++) {
      const v = ring.get(cs[k], i);
      if (Number.isFinite(v)) sums[k] += v;
    }
    n++;
  }
  flush();
  return { xs, acc };
}

/** Shades [start, end) intervals (ring columns 't' and 'end') that overlap [t0, t1], over the rows band.top … +height. */
export function shadeIntervals(
  ctx: CanvasRenderingContext2D,
  ring: ColumnRing,
  t0Ns: number,
  t1Ns: number,
  x: Scale,
  color: string,
  band: { top: number; height: number },
): void {
  if (!ring.length) return;
  ctx.fillStyle = color;
  // Intervals are sorted by start; the one before t0 may still reach into the window.
  // Runs that touch in pixel space are merged, so translucent shading never stacks up.
  const i0 = Math.max(0, ring.lowerBound(t0Ns) - 1);
  let a = NaN;
  let b = NaN;
  for (let i = i0; i < ring.length; i++) {
    const s = ring.t(i);
    if (s > t1Ns) break;
    const e = ring.get(1, i);
    if (e < t0Ns) continue;
    const xa = x(s);
    const xb = Math.max(xa + 1, x(e));
    if (xa <= b + 1) {
      if (xb > b) b = xb;
      continue;
    }
    if (b === b) ctx.fillRect(a, band.top, b - a, band.height);
    a = xa;
    b = xb;
  }
  if (b === b) ctx.fillRect(a, band.top, b - a, band.height);
}

/** Dashed vertical lines at the given times. */
export function drawVLines(
  ctx: CanvasRenderingContext2D,
  xs: number[],
  heightPx: number,
  color: string,
  dash: number[],
): void {
  if (!xs.length) return;
  ctx.beginPath();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash(dash);
  for (const px of xs) {
    const p = Math.round(px) + 0.5;
    ctx.moveTo(p, 0);
    ctx.lineTo(p, heightPx);
  }
  ctx.stroke();
  ctx.setLineDash([]);
}
