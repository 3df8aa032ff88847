/**
 * The current run as data: sampled series as CSV, the summary as CSV, and
 * everything (series, point clouds, throttled intervals, parameter changes,
 * summary and the scenario that produced them) as one JSON document. Reads
 * the chart buffers directly; the rows are those the buffers still hold.
 */
import type { ParamValue, SeriesSpec, Summary } from '../../worker/protocol';
import type { ColumnRing } from '../charts/column-ring';
import type { SeriesBuffers } from '../charts/series-buffer';

export interface RunMeta {
  presetId: string;
  seed: number;
  /** Overrides on top of the preset. */
  set: Record<string, ParamValue>;
}

const cell = (v: number) => (Number.isFinite(v) ? String(v) : '');

/** Quotes a CSV field when it holds a separator, a quote or a line break. */
export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per sample: t_ns, then one column per series key (empty where a series has no value). */
export function seriesCsv(buf: SeriesBuffers, series: readonly SeriesSpec[]): string {
  const ring = buf.samples;
  const keys = series.map((s) => s.key).filter((k) => ring.col(k) > 0);
  const cols = keys.map((k) => ring.col(k));
  const lines = [['t_ns', ...keys].map(csvField).join(',')];
  for (let i = 0; i < ring.length; i++) {
    const row = [cell(ring.t(i))];
    for (const c of cols) row.push(cell(ring.get(c, i)));
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}

interface Metric {
  name: string;
  unit: string;
  value(s: Summary): number | string;
}

const METRICS: Metric[] = [
  { name: 'simulated', unit: 'ns', value: (s) => s.simulatedNs },
  { name: 'goodput', unit: 'bit/s', value: (s) => s.goodputBps },
  { name: 'median_latency', unit: 'ms', value: (s) => s.medianLatencyMs },
  { name: 'median_aggregate', unit: 'frames', value: (s) => s.medianAggregate },
  { name: 'tsq_limit', unit: 'bytes', value: (s) => s.tsqLimitBytes },
  // At an AP the TSQ rows are the wired sender's (true), not the AP's.
  { name: 'forwarded', unit: '', value: (s) => String(s.forwarded) },
  { name: 'cpu_busy', unit: 'fraction', value: (s) => s.cpuBusy },
  { name: 'median_completion', unit: 'us', value: (s) => s.medianCompletionUs },
  { name: 'throttled', unit: 'fraction', value: (s) => s.throttledFraction },
  { name: 'drops', unit: 'packets', value: (s) => s.drops },
  { name: 'events', unit: 'events', value: (s) => s.events },
  { name: 'bound', unit: '', value: (s) => s.bound },
];

/** metric,unit,value rows; stations as station.<name>.<metric>, flows (when several) as flow.<n>.<metric>. */
export function summaryCsv(s: Summary): string {
  const rows: string[][] = [['metric', 'unit', 'value']];
  for (const m of METRICS) {
    const v = m.value(s);
    rows.push([m.name, m.unit, typeof v === 'number' ? cell(v) : v]);
  }
  if (s.wifi) {
    rows.push(['wifi.driver', '', s.wifi.driver]);
    rows.push(['wifi.median_aggregate', 'bytes', cell(s.wifi.medianAggregateBytes)]);
    rows.push(['wifi.median_driver_status', 'us', cell(s.wifi.medianDriverStatusUs)]);
    rows.push(['wifi.mean_firmware_queue', 'bytes', cell(s.wifi.meanFirmwareBytes)]);
  }
  for (const st of s.stations) {
    rows.push([`station.${st.name}.goodput`, 'bit/s', cell(st.goodputBps)]);
    rows.push([`station.${st.name}.median_ping`, 'ms', cell(st.medianPingMs)]);
    rows.push([`station.${st.name}.median_aggregate`, 'frames', cell(st.medianAggregate)]);
    rows.push([`station.${st.name}.median_minstrel_avg_ampdu_len`, 'frames', cell(st.medianAvgAmpduLen)]);
    rows.push([`station.${st.name}.airtime_share`, 'fraction', cell(st.airtimeShare)]);
  }
  if (s.flowShares.length > 1)
    s.flowShares.forEach((f, i) => {
      const k = `flow.${i + 1}`;
      rows.push([`${k}.name`, '', f.name]);
      if (f.direction) rows.push([`${k}.direction`, '', f.direction]);
      rows.push([`${k}.goodput`, 'bit/s', cell(f.goodputBps)]);
      rows.push([`${k}.mean_srtt`, 'ms', cell(f.meanSrttMs)]);
      rows.push([`${k}.base_rtt`, 'ms', cell(f.baseRttMs)]);
      rows.push([`${k}.start`, 'ms', cell(f.startMs)]);
      rows.push([`${k}.stop`, 'ms', f.stopMs === null ? '' : cell(f.stopMs)]);
    });
  return rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}

/** Columns of a ring as plain arrays (NaN written as null, which JSON can hold). */
function columns(ring: ColumnRing, names: string[]): Record<string, (number | null)[]> {
  const out: Record<string, (number | null)[]> = {};
  names.forEach((name, c) => {
    const a: (number | null)[] = new Array(ring.length);
    for (let i = 0; i < ring.length; i++) {
      const v = ring.get(c, i);
      a[i] = Number.isFinite(v) ? v : null;
    }
    out[name] = a;
  });
  return out;
}

export function runJson(
  buf: SeriesBuffers,
  series: readonly SeriesSpec[],
  summary: Summary | null,
  meta: RunMeta,
): string {
  const sampleNames = ['t_ns', ...buf.samples.names.slice(1)];
  const doc = {
    format: 'tsq-lab/run',
    version: 1,
    preset: meta.presetId,
    seed: meta.seed,
    set: meta.set,
    nowNs: buf.nowNs,
    series: series.map((s) => ({ key: s.key, label: s.label, unit: s.unit, panel: s.panel })),
    samples: columns(buf.samples, sampleNames),
    aggregates: columns(buf.agg, ['t_ns', 'frames', 'node']),
    pings: columns(buf.ping, ['t_ns', 'rtt_ms', 'station']),
    throttled: columns(buf.throttled, ['start_ns', 'end_ns']),
    changes: buf.changes,
    summary,
  };
  return JSON.stringify(doc, null, 1) + '\n';
}
