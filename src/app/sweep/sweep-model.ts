/**
 * A sweep of one numeric knob from the explorer's configuration: the values
 * to try, the jobs, the metrics a run yields, and CSV / JSON exports.
 */
import type { ParamSpec, ParamValue, Summary, SweepJobResult } from '../../worker/protocol';
import { parseField } from '../controls/param-field';
import { metricLabel, metricsFor, SUMMARY_METRICS, type SummaryMetric } from '../summary-metrics';
import type { BatchItem } from './batch-store';

export type Metric = Pick<SummaryMetric, 'key' | 'label' | 'unit' | 'get'>;

/** The metrics every run has (a WiFi radio's own figures come on top, see metricsFor). */
export const METRICS: readonly Metric[] = SUMMARY_METRICS.filter((m) => !m.only);

/**
 * A sweep's metrics: the summary's (labelled for what the runs are: pooled
 * medians, a wired sender at an AP), then, when the runs have several
 * stations, each station's goodput, median ping and airtime share.
 */
export function sweepMetrics(rows: readonly SweepRow[]): Metric[] {
  const first = rows[0]?.summary;
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
        get: (s) => at(s, i)?.goodputBps ?? NaN,
      },
      {
        key: `station.${name}.median_ping_ms`,
        label: `${name}: median ping`,
        unit: 'ms',
        get: (s) => at(s, i)?.medianPingMs ?? NaN,
      },
      {
        key: `station.${name}.airtime_share`,
        label: `${name}: airtime`,
        unit: 'fraction',
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

export interface SweepSetup {
  presetId: string;
  /** The explorer's values the sweep starts from. */
  base: Record<string, ParamValue>;
  key: string;
  label: string;
  unit: string;
  values: number[];
  seed: number;
  durationMs: number;
}

export function sweepItems(s: SweepSetup): BatchItem[] {
  return s.values.map((v) => ({
    key: String(v),
    spec: {
      presetId: s.presetId,
      overrides: { ...s.base, [s.key]: v },
      seed: s.seed,
      durationMs: s.durationMs,
    },
  }));
}

export interface SweepRow {
  value: number;
  summary: Summary;
}

export function sweepRows(s: SweepSetup, results: Record<string, SweepJobResult>): SweepRow[] {
  return s.values
    .map((value) => ({ value, r: results[String(value)] }))
    .filter(
      (x): x is { value: number; r: Extract<SweepJobResult, { status: 'done' }> } => x.r?.status === 'done',
    )
    .map(({ value, r }) => ({ value, summary: r.summary }));
}

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function toCsv(s: SweepSetup, rows: SweepRow[]): string {
  const metrics = sweepMetrics(rows);
  const head = [s.key, ...metrics.map((m) => m.key), 'bound'];
  const lines = rows.map((r) =>
    [r.value, ...metrics.map((m) => m.get(r.summary)), r.summary.bound].map(csvField).join(','),
  );
  return [head.join(','), ...lines].join('\n') + '\n';
}

export function toJson(s: SweepSetup, rows: SweepRow[]): string {
  return (
    JSON.stringify(
      {
        preset: s.presetId,
        param: s.key,
        seed: s.seed,
        durationMs: s.durationMs,
        base: s.base,
        rows: rows.map((r) => ({ value: r.value, summary: r.summary })),
      },
      (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v),
      2,
    ) + '\n'
  );
}
