/**
 * A sweep from the explorer's configuration over one numeric knob or two
 * (a grid), with one run per seed at each point: the values to try, the
 * jobs, the metrics a run yields, and each point's median and spread over
 * its seeds. CSV and JSON are in ./sweep-export.ts.
 */
import type { ParamSpec, ParamValue, Summary, SweepJobResult } from '../../worker/protocol';
import { parseField } from '../controls/param-field';
import { metricLabel, metricsFor, SUMMARY_METRICS, type SummaryMetric } from '../summary-metrics';
import type { BatchItem } from './batch-store';

export type Metric = Pick<SummaryMetric, 'key' | 'label' | 'unit' | 'get' | 'digits'>;

/** The metrics every run has (a WiFi radio's own figures come on top, see metricsFor). */
export const METRICS: readonly Metric[] = SUMMARY_METRICS.filter((m) => !m.only);

/**
 * A sweep's metrics: the summary's (labelled for what the runs are: pooled
 * medians, a wired sender at an AP), then, when the runs have several
 * stations, each station's goodput, median ping and airtime share.
 */
export function sweepMetrics(points: readonly SweepPoint[]): Metric[] {
  const first = points[0]?.runs[0]?.summary;
  const names = first?.stations.map((st) => st.name) ?? [];
  const base = metricsFor(first).map((m) => ({ ...m, label: metricLabel(m, first) }));
  if (names.length < 2) return base;
  const at = (s: Summary, i: number) => s.stations[i];
  return [
    ...base,
    ...names.flatMap((name, i): Metric[] => [
      {
        key: `station.${name}.goodput_bps`,
        label: `${name}: goodput`,
        unit: 'bit/s',
        digits: 0,
        get: (s) => at(s, i)?.goodputBps ?? NaN,
      },
      {
        key: `station.${name}.median_ping_ms`,
        label: `${name}: median ping`,
        unit: 'ms',
        digits: 3,
        get: (s) => at(s, i)?.medianPingMs ?? NaN,
      },
      {
        key: `station.${name}.airtime_share`,
        label: `${name}: airtime`,
        unit: 'fraction',
        digits: 4,
        get: (s) => at(s, i)?.airtimeShare ?? NaN,
      },
    ]),
  ];
}

export const isNumericParam = (p: ParamSpec): boolean =>
  (p.kind === 'int' || p.kind === 'float') && p.key !== 'era';

const round = (v: number, p: ParamSpec) => (p.kind === 'int' ? Math.round(v) : Number(v.toPrecision(3)));

/** The slider's marked values if it has some, else five values spread over its range (log or linear). */
export function defaultValues(p: ParamSpec): number[] {
  const lo = p.min;
  const hi = p.max;
  if (p.ticks && p.ticks.length >= 2) return [...p.ticks];
  if (lo === undefined || hi === undefined || !(hi > lo)) {
    const v = typeof p.kernelDefault === 'number' ? p.kernelDefault : 1;
    return [v / 2, v, v * 2].map((x) => round(x, p));
  }
  const n = p.kind === 'int' ? Math.min(5, hi - lo + 1) : 5;
  const log = p.scale === 'log' && lo > 0;
  const out = Array.from({ length: n }, (_, i) => {
    const f = n === 1 ? 0 : i / (n - 1);
    return round(log ? lo * (hi / lo) ** f : lo + (hi - lo) * f, p);
  });
  return [...new Set(out)];
}

/** "10, 9, 8" or "128K 256K 1M": each value as --set and the knob's field read it (K/M/G binary for bytes, decimal otherwise). */
export function parseValues(text: string, p: ParamSpec): { values: number[]; error: string | null } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const values: number[] = [];
  for (const raw of parts) {
    const v = parseField(p.key, raw);
    if (v === null) return { values: [], error: `${JSON.stringify(raw)} is not a number` };
    if (p.kind === 'int' && !Number.isInteger(v))
      return { values: [], error: `${raw}: ${p.label} takes whole numbers` };
    if (p.min !== undefined && v < p.min)
      return { values: [], error: `${raw} is below the minimum ${p.min}` };
    if (p.max !== undefined && v > p.max)
      return { values: [], error: `${raw} is above the maximum ${p.max}` };
    if (!values.includes(v)) values.push(v);
  }
  if (!values.length) return { values, error: 'enter at least one value' };
  if (values.length > 32) return { values: [], error: 'at most 32 values' };
  return { values, error: null };
}

/** One swept knob and its values. */
export interface SweepAxis {
  key: string;
  label: string;
  unit: string;
  values: number[];
  log: boolean;
}

export interface SweepSetup {
  presetId: string;
  /** The explorer's values the sweep starts from. */
  base: Record<string, ParamValue>;
  /** The first knob (the x axis). */
  x: SweepAxis;
  /** A second knob (rows of the heatmap, one small chart each), or none. */
  y: SweepAxis | null;
  /** One run per seed at each point; the median is reported, the spread drawn. */
  seeds: number[];
  durationMs: number;
  /** The preset's own (published) length: shorter runs are not comparable with its table. */
  fullMs: number;
}

/** Seeds `first`, `first + 1`, … (`count` of them). */
export const seedsFrom = (first: number, count: number): number[] =>
  Array.from({ length: Math.max(1, Math.min(16, count)) }, (_, i) => (first + i) >>> 0);

const itemKey = (x: number, y: number | null, seed: number) => `${x}|${y ?? ''}|${seed}`;

/** One job per point and seed, on top of the base values. */
export function sweepItems(s: SweepSetup): BatchItem[] {
  const ys = s.y ? s.y.values : [null];
  return s.x.values.flatMap((x) =>
    ys.flatMap((y) =>
      s.seeds.map((seed) => ({
        key: itemKey(x, y, seed),
        spec: {
          presetId: s.presetId,
          overrides: { ...s.base, [s.x.key]: x, ...(s.y && y !== null ? { [s.y.key]: y } : {}) },
          seed,
          durationMs: s.durationMs,
        },
      })),
    ),
  );
}

/** A point of the sweep: its knob values and the summaries of the seeds that are done. */
export interface SweepPoint {
  x: number;
  y: number | null;
  runs: { seed: number; summary: Summary }[];
}

export function sweepPoints(s: SweepSetup, results: Record<string, SweepJobResult>): SweepPoint[] {
  const ys = s.y ? s.y.values : [null];
  return s.x.values
    .flatMap((x) => ys.map((y) => ({ x, y })))
    .map(({ x, y }) => ({
      x,
      y,
      runs: s.seeds.flatMap((seed) => {
        const r = results[itemKey(x, y, seed)];
        return r?.status === 'done' ? [{ seed, summary: r.summary }] : [];
      }),
    }))
    .filter((p) => p.runs.length > 0);
}

/** The median, the extremes and the number of finite values of a metric over a point's seeds. */
export interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function statOf(m: Metric, p: SweepPoint): Stat {
  const v = p.runs
    .map((r) => m.get(r.summary))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (!v.length) return { median: NaN, min: NaN, max: NaN, n: 0 };
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

/** The summary of the first seed's run, for what a point's table row reads (its bound). */
export const firstSummary = (p: SweepPoint): Summary => p.runs[0].summary;
