/**
 * The statistics Flent's summary prints (formatters.py SummaryFormatter with
 * combiners.py's reducers, numpy's definitions): per series the mean (the
 * runner's MEAN_VALUE when it recorded one), the median and the 99th
 * percentile of its raw samples, or of its interpolated values when it has
 * no raw samples; no median or percentile for a series computed late.
 */
import type { FlentRun, FlentSeries } from './types';

/** numpy.percentile's default (linear between closest ranks); NaN for no data. */
export function percentile(values: readonly number[], q: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const a = Float64Array.from(values).sort();
  const pos = (q / 100) * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  return a[lo] + (a[hi] - a[lo]) * (pos - lo);
}

/** numpy.median: the middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return NaN;
  const a = Float64Array.from(values).sort();
  return n % 2 ? a[(n - 1) / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** The samples Flent's reducers read: raw when there are any, else the non-null interpolated values. */
export function seriesData(s: FlentSeries): number[] {
  if (s.raw.length) return s.raw.map((p) => p.value);
  return s.values.filter((v): v is number => v !== null);
}

export interface SeriesStats {
  name: string;
  units: string;
  mean: number;
  /** NaN where Flent prints N/A. */
  median: number;
  pct99: number;
  n: number;
}

/**
 * Flent's reducers try the runner's value, then the raw samples, then the
 * interpolated values, taking the first that is truthy (combiners.py
 * TryReducer: `if res:`), so a raw median of exactly 0 falls through to the
 * interpolated values' median. The same order here gives the same numbers.
 */
function tryReduce(s: FlentSeries, f: (d: number[]) => number): number {
  const interpolated = s.values.filter((v): v is number => v !== null);
  if (s.raw.length) {
    const r = f(s.raw.map((p) => p.value));
    if (r) return r;
  }
  return f(interpolated);
}

export function seriesStats(s: FlentSeries): SeriesStats {
  return {
    name: s.name,
    units: s.units,
    mean: s.meanValue ? s.meanValue : tryReduce(s, mean),
    median: s.computedLate ? NaN : tryReduce(s, median),
    pct99: s.computedLate ? NaN : tryReduce(s, (d) => percentile(d, 99)),
    n: seriesData(s).length,
  };
}

/** Every series' statistics in Flent's summary order (sorted by name). */
export function flentSummary(run: FlentRun): SeriesStats[] {
  return [...run.series].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(seriesStats);
}
