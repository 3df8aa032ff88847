/**
 * The numbers behind the compare page's plots, as Flent draws them
 * (plotters.py: box plots are matplotlib's — quartiles, whiskers to the last
 * sample within 1.5 × IQR; CDF plots the empirical distribution of a
 * series' samples). Pure.
 */
import { percentile, seriesData, type FlentRun, type FlentSeries } from '../../flent/index';
import { pairSeries } from '../../flent/pair';

export interface BoxStats {
  q1: number;
  median: number;
  q3: number;
  whiskerLo: number;
  whiskerHi: number;
  n: number;
}

export function boxStats(values: readonly number[]): BoxStats | null {
  if (!values.length) return null;
  const q1 = percentile(values, 25);
  const q3 = percentile(values, 75);
  const iqr = q3 - q1;
  const inLo = values.filter((v) => v >= q1 - 1.5 * iqr);
  const inHi = values.filter((v) => v <= q3 + 1.5 * iqr);
  return {
    q1,
    median: percentile(values, 50),
    q3,
    whiskerLo: Math.min(...inLo),
    whiskerHi: Math.max(...inHi),
    n: values.length,
  };
}

/** The empirical CDF as (value, fraction ≤ value) steps, thinned to at most `maxPoints`. */
export function cdfPoints(values: readonly number[], maxPoints = 400): [number, number][] {
  const a = Float64Array.from(values).sort();
  const n = a.length;
  if (!n) return [];
  const stride = Math.max(1, Math.ceil(n / maxPoints));
  const out: [number, number][] = [];
  for (let i = 0; i < n; i += stride) out.push([a[i], (i + 1) / n]);
  if (out[out.length - 1][1] !== 1) out.push([a[n - 1], 1]);
  return out;
}

export interface ComparedSeries {
  title: string;
  units: string;
  measured: { name: string; values: number[] };
  simulated: { name: string; values: number[] };
}

/** Every series both runs have (paired as the summaries pair them), with its samples. */
export function comparedSeries(measured: FlentRun, simulated: FlentRun): ComparedSeries[] {
  return pairSeries(measured.series, simulated.series)
    .filter((p): p is { measured: FlentSeries; simulated: FlentSeries } => p.simulated !== null)
    .map((p) => ({
      title:
        p.measured.name === p.simulated.name ? p.measured.name : `${p.measured.name} / ${p.simulated.name}`,
      units: p.measured.units,
      measured: { name: p.measured.name, values: seriesData(p.measured) },
      simulated: { name: p.simulated.name, values: seriesData(p.simulated) },
    }))
    .filter((c) => c.measured.values.length > 0 && c.simulated.values.length > 0);
}
