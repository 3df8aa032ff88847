/** Plain-text, JSON and CSV renderings of CLI results. */
import type { FlowShare, StationSummary, Summary } from '../sim/api';
import type { TableResult } from '../sim/run';
import type { Scenario } from '../sim/scenario/scenario';

const num = (v: number, d = 2): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

function pad(rows: string[][]): string {
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return (
    rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ')).join('\n') +
    '\n'
  );
}

export function formatTable(res: TableResult): string {
  const rows = [['cell', 'unit', 'published', 'simulated', 'error', 'ok']];
  for (const c of res.cells) {
    const err =
      c.unit === '%'
        ? `${num(c.simulated - c.published, 1)} pp`
        : `${num(((c.simulated - c.published) / c.published) * 100, 1)} %`;
    rows.push([c.label, c.unit, String(c.published), num(c.simulated, 2), err, c.ok ? 'yes' : 'NO']);
  }
  const ok = res.cells.filter((c) => c.ok).length;
  return `${res.preset}: published vs simulated\n${pad(rows)}${ok}/${res.cells.length} cells within tolerance\n`;
}

const SUMMARY_FIELDS: [string, (s: Summary) => number, string][] = [
  ['goodput_mbps', (s) => s.goodputBps / 1e6, 'Mbit/s'],
  ['median_latency_ms', (s) => s.medianLatencyMs, 'ms'],
  ['median_aggregate', (s) => s.medianAggregate, 'frames'],
  ['tsq_limit_bytes', (s) => s.tsqLimitBytes, 'B'],
  ['cpu_busy', (s) => s.cpuBusy, ''],
  ['median_completion_us', (s) => s.medianCompletionUs, 'µs'],
  ['throttled_fraction', (s) => s.throttledFraction, ''],
  ['drops', (s) => s.drops, ''],
];

/** Per station, in the order the summary lists stations: what an AP's sweep compares. */
const STATION_FIELDS: [string, (st: StationSummary) => number, string, number][] = [
  ['goodput_mbps', (st) => st.goodputBps / 1e6, 'Mbit/s', 2],
  ['median_ping_ms', (st) => st.medianPingMs, 'ms', 2],
  ['airtime', (st) => st.airtimeShare, '', 3],
];

/** Column names for station fields: the station's name made a word (fast 1 → fast_1). */
const stationKey = (name: string, field: string) => `${name.replace(/\W+/g, '_')}_${field}`;

/** Per flow, when there are several: its goodput over its lifetime after warm-up, its mean srtt and base RTT. */
const FLOW_FIELDS: [string, (f: FlowShare) => number, string, number][] = [
  ['goodput_mbps', (f) => f.goodputBps / 1e6, 'Mbit/s', 2],
  ['srtt_ms', (f) => f.meanSrttMs, 'ms', 2],
  ['base_rtt_ms', (f) => f.baseRttMs, 'ms', 2],
];

/** Station fields worth a row: airtime only where there is air (WiFi). */
const stationFields = (s: Summary) =>
  STATION_FIELDS.filter(
    ([k]) => k !== 'airtime' || s.stations.some((st) => Number.isFinite(st.airtimeShare)),
  );

const flowRows = (s: Summary): string[][] =>
  s.flowShares.length < 2
    ? []
    : s.flowShares.flatMap((f, i) =>
        FLOW_FIELDS.filter(([, g]) => Number.isFinite(g(f))).map(([k, g, u, d]) => [
          `flow_${i + 1}_${k}`,
          num(g(f), d),
          u,
        ]),
      );

export function formatSummary(sc: Scenario, s: Summary, format: string): string {
  if (format === 'json') return JSON.stringify({ title: sc.title, summary: s }, null, 2) + '\n';
  if (format === 'csv')
    return 'field,value\n' + SUMMARY_FIELDS.map(([k, f]) => `${k},${f(s)}`).join('\n') + '\n';
  const rows = [['field', 'value', 'unit']];
  for (const [k, f, u] of SUMMARY_FIELDS) rows.push([k, num(f(s), 3), u]);
  for (const st of s.stations)
    for (const [k, f, u, d] of stationFields(s)) rows.push([stationKey(st.name, k), num(f(st), d), u]);
  rows.push(...flowRows(s));
  const sender = s.forwarded
    ? 'sender: a wired host, forwarded by the AP (the TSQ rows are that host’s)\n'
    : '';
  return `${sc.title}\n${pad(rows)}${sender}bound: ${s.bound}\n`;
}

export function formatSweep(
  key: string,
  rows: { value: string; summary: Summary }[],
  format: string,
): string {
  if (format === 'json') {
    return (
      JSON.stringify({ key, rows: rows.map((r) => ({ value: r.value, summary: r.summary })) }, null, 2) + '\n'
    );
  }
  // Several stations (an AP): each one's goodput, ping and airtime share, as the app's sweep has.
  const names =
    rows[0] && rows[0].summary.stations.length > 1 ? rows[0].summary.stations.map((st) => st.name) : [];
  const fields = rows[0] ? stationFields(rows[0].summary) : STATION_FIELDS;
  const head = [
    key,
    ...SUMMARY_FIELDS.map(([k]) => k),
    ...names.flatMap((n) => fields.map(([k]) => stationKey(n, k))),
  ];
  const body = rows.map((r) => [
    r.value,
    ...SUMMARY_FIELDS.map(([, f]) => num(f(r.summary), 3)),
    ...names.flatMap((_, i) =>
      fields.map(([, f, , d]) => (r.summary.stations[i] ? num(f(r.summary.stations[i]), d) : '-')),
    ),
  ]);
  if (format === 'csv') return [head, ...body].map((r) => r.join(',')).join('\n') + '\n';
  return pad([head, ...body]);
}
