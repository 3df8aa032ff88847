/**
 * Decimation of a dense series for vector output (M4, after Jugel et al.,
 * "M4: a visualization-oriented time series data aggregation", VLDB 2014):
 * per pixel column the first, smallest, largest and last sample, in the
 * order they occur. A polyline through them draws the same picture at that
 * width as one through every sample (every column spans the same min..max
 * and joins its neighbours at the same values), with at most four vertices
 * a column however many samples fall into it.
 */
import type { ColumnRing } from './column-ring';

export type Scale = (v: number) => number;

/**
 * Rows of column `c` over [i0, i1) reduced to at most four per pixel column
 * of `x` (rounded): the indices of the first, min, max and last finite
 * sample, in row order. A non-finite sample breaks the line: it is kept as
 * its own index so the caller can lift the pen there.
 */
export function m4Rows(ring: ColumnRing, c: number, i0: number, i1: number, x: Scale): number[] {
  const out: number[] = [];
  let col = NaN;
  let first = -1;
  let last = -1;
  let lo = -1;
  let hi = -1;
  const flush = () => {
    if (first < 0) return;
    const picks = [first, lo, hi, last].sort((a, b) => a - b);
    for (let k = 0; k < picks.length; k++) if (k === 0 || picks[k] !== picks[k - 1]) out.push(picks[k]);
    first = last = lo = hi = -1;
  };
  for (let i = i0; i < i1; i++) {
    const v = ring.get(c, i);
    if (!Number.isFinite(v)) {
      flush();
      out.push(i);
      col = NaN;
      continue;
    }
    const px = Math.round(x(ring.t(i)));
    if (px !== col) {
      flush();
      col = px;
    }
    if (first < 0) first = lo = hi = i;
    if (v < ring.get(c, lo)) lo = i;
    if (v > ring.get(c, hi)) hi = i;
    last = i;
  }
  flush();
  return out;
}
