/** Plain-text, JSON and CSV renderings of CLI results. */
import type {
  FlowShare,
  FlowSummary,
  QdiscSummary,
  Quantiles,
  StationSummary,
  Summary,
  UdpProbeSummary,
} from '../sim/api';
import type { TableResult } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { escapeControls } from '../sim/scenario/escape';

/**
 * Text from the user (a title, a --sweep key or value) as the table and CSV
 * print it: control characters escaped, so that a title cannot move the
 * cursor, recolour or clear the terminal. JSON escapes them itself.
 */
const safe = escapeControls;

const num = (v: number, d = 2): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

/**
 * CSV: a value that is missing (NaN) or not finite is an empty cell, as Flent
 * and pandas read it (JSON writes null); a field holding a comma, quote or
 * line break is quoted.
 */
export const csvNum = (v: number, d?: number): string =>
  Number.isFinite(v) ? (d === undefined ? String(v) : v.toFixed(d)) : '';
export const csvField = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

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
  // How the source measured and how the cells follow it (one run, or the mean of as many seeds).
  const method = findPreset(res.preset)?.table?.method;
  const how = method ? `${method}\n` : '';
  return `${res.preset}: published vs simulated\n${how}${pad(rows)}${ok}/${res.cells.length} cells within tolerance\n`;
}

const SUMMARY_FIELDS: [string, (s: Summary) => number, string][] = [
  ['goodput_mbps', (s) => s.goodputBps / 1e6, 'Mbit/s'],
  ['median_latency_ms', (s) => s.medianLatencyMs, 'ms'],
  // Every ping reply, as Flent reports ping: mean, p10, p90.
  ['mean_latency_ms', (s) => s.latencyMs?.mean ?? NaN, 'ms'],
  ['p10_latency_ms', (s) => s.latencyMs?.p10 ?? NaN, 'ms'],
  ['p90_latency_ms', (s) => s.latencyMs?.p90 ?? NaN, 'ms'],
  ['median_aggregate', (s) => s.medianAggregate, 'frames'],
  ['tsq_limit_bytes', (s) => s.tsqLimitBytes, 'B'],
  ['cpu_busy', (s) => s.cpuBusy, ''],
  ['median_completion_us', (s) => s.medianCompletionUs, 'µs'],
  ['throttled_fraction', (s) => s.throttledFraction, ''],
  ['drops', (s) => s.drops, ''],
  // The main WiFi radio: what its A-MPDUs carry, how long its firmware or hardware holds a frame.
  ['aggregate_bytes', (s) => s.wifi?.medianAggregateBytes ?? NaN, 'B'],
  ['driver_status_us', (s) => s.wifi?.medianDriverStatusUs ?? NaN, 'µs'],
  ['firmware_queue_bytes', (s) => s.wifi?.meanFirmwareBytes ?? NaN, 'B'],
];

/** Per station, in the order the summary lists stations: what an AP's sweep compares. */
const STATION_FIELDS: [string, (st: StationSummary) => number, string, number][] = [
  ['goodput_mbps', (st) => st.goodputBps / 1e6, 'Mbit/s', 2],
  ['median_ping_ms', (st) => st.medianPingMs, 'ms', 2],
  ['airtime', (st) => st.airtimeShare, '', 3],
];

/** Column names for station fields: the station's name made a word (fast 1 → fast_1). */
const stationKey = (name: string, field: string) => `${name.replace(/\W+/g, '_')}_${field}`;

/** Per flow, as `ss -tinm` shows it: [field, value, unit, decimals, scale of the quantiles]. */
const FLOW_QUANTILES: [string, (fl: FlowSummary) => Quantiles, string, number, number][] = [
  ['srtt_ms', (fl) => fl.srttMs, 'ms', 3, 1],
  ['cwnd_pkts', (fl) => fl.cwndPkts, 'pkts', 0, 1],
  ['pacing_rate_mbps', (fl) => fl.pacingRateBps, 'Mbit/s', 2, 1e-6],
  ['delivery_rate_mbps', (fl) => fl.deliveryRateBps, 'Mbit/s', 2, 1e-6],
  ['skmem_t_bytes', (fl) => fl.skmemTBytes, 'B', 0, 1],
];

/** Per flow, ss -ti's counters: retrans total, lost, D-SACKs, reordering and reord_seen. */
const FLOW_COUNTERS: [string, (fl: FlowSummary) => number][] = [
  ['retrans', (fl) => fl.totalRetrans],
  ['lost', (fl) => fl.lost],
  ['dsacks', (fl) => fl.dsacks],
  ['reordering', (fl) => fl.reordering],
  ['reord_seen', (fl) => fl.reordSeen],
];

/** Per qdisc, tc -s qdisc's counters. */
const QDISC_COUNTERS: [string, (q: QdiscSummary) => number][] = [
  ['dropped', (q) => q.drops],
  ['requeues', (q) => q.requeues],
  ['overlimits', (q) => q.overlimits],
];

/** Per qdisc, as `tc -s qdisc` backlog. */
const QDISC_QUANTILES: [string, (q: QdiscSummary) => Quantiles, string][] = [
  ['backlog_pkts', (q) => q.backlogPkts, 'pkts'],
  ['backlog_bytes', (q) => q.backlogBytes, 'B'],
];

/**
 * Per flow, when there are several (Flent's rtt_fair rows): its goodput over
 * its own lifetime after warm-up, its mean srtt and its path's base RTT.
 */
const SHARE_FIELDS: [string, (f: FlowShare) => number, string, number][] = [
  ['lifetime_goodput_mbps', (f) => f.goodputBps / 1e6, 'Mbit/s', 2],
  ['mean_srtt_ms', (f) => f.meanSrttMs, 'ms', 2],
  ['base_rtt_ms', (f) => f.baseRttMs, 'ms', 2],
];

/** Station fields worth a row: airtime only where there is air (WiFi). */
const stationFields = (s: Summary) =>
  STATION_FIELDS.filter(
    ([k]) => k !== 'airtime' || s.stations.some((st) => Number.isFinite(st.airtimeShare)),
  );

const qdiscKey = (name: string, field: string) => `qdisc_${name.replace(/\W+/g, '_')}_${field}`;
const flowKey = (flow: number, field: string) => `flow${flow}_${field}`;

/** Every summary value as (field, value, unit, decimals): the totals, stations, flows (p10/median/p90), qdiscs. */
function summaryRows(s: Summary): [string, number, string, number][] {
  const rows: [string, number, string, number][] = SUMMARY_FIELDS.map(([k, f, u]) => [k, f(s), u, 3]);
  for (const st of s.stations)
    for (const [k, f, u, d] of stationFields(s)) rows.push([stationKey(st.name, k), f(st), u, d]);
  for (const fl of s.flows) {
    rows.push([flowKey(fl.flow, 'goodput_mbps'), fl.goodputBps / 1e6, 'Mbit/s', 2]);
    rows.push([flowKey(fl.flow, 'min_rtt_ms'), fl.minRttMs, 'ms', 3]);
    for (const [k, f, u, d, scale] of FLOW_QUANTILES) {
      const q = f(fl);
      for (const p of ['p10', 'median', 'p90'] as const)
        rows.push([flowKey(fl.flow, `${k}_${p}`), q[p] * scale, u, d]);
    }
    rows.push([flowKey(fl.flow, 'throttled_fraction'), fl.throttledFraction, '', 3]);
    for (const [k, f] of FLOW_COUNTERS) rows.push([flowKey(fl.flow, k), f(fl), '', 0]);
    // What held the flow back (tcp_info's chronograph, split), and TCP_RR's transactions.
    const own = s.flowShares[fl.flow];
    if (own)
      for (const [k, v] of Object.entries(own.limited))
        if (Number.isFinite(v)) rows.push([flowKey(fl.flow, `limited_${k}`), v, '', 3]);
    const tr = own?.transactions;
    if (tr) {
      rows.push([flowKey(fl.flow, 'transactions_per_s'), tr.perSec, '1/s', 1]);
      for (const p of ['p50', 'p90', 'p99'] as const)
        rows.push([flowKey(fl.flow, `transaction_${p}_us`), tr.latencyUs[p], 'µs', 0]);
    }
    const share = s.flowShares.length > 1 ? s.flowShares[fl.flow] : undefined;
    // rrul's downloads beside its uploads: 1 where the flow's data comes to host 0.
    if (own?.direction) rows.push([flowKey(fl.flow, 'download'), own.direction === 'down' ? 1 : 0, '', 0]);
    for (const [k, f, u, d] of share ? SHARE_FIELDS : [])
      if (Number.isFinite(f(share!))) rows.push([flowKey(fl.flow, k), f(share!), u, d]);
  }
  (s.udp ?? []).forEach((u, i) => {
    rows.push([`udp${i}_goodput_mbps`, u.goodputBps / 1e6, 'Mbit/s', 2]);
    rows.push([`udp${i}_loss_fraction`, u.lossFraction, '', 3]);
    rows.push([`udp${i}_jitter_ms`, u.jitterMs, 'ms', 3]);
  });
  (s.udpProbes ?? []).forEach((p, i) => udpProbeRows(p, i, rows));
  for (const qd of s.qdiscs)
    for (const [k, f, u] of QDISC_QUANTILES) {
      const q = f(qd);
      for (const p of ['p10', 'median', 'p90'] as const)
        rows.push([qdiscKey(qd.name, `${k}_${p}`), q[p], u, 0]);
    }
  for (const qd of s.qdiscs)
    for (const [k, f] of QDISC_COUNTERS) rows.push([qdiscKey(qd.name, k), f(qd), '', 0]);
  return rows;
}

/** A UDP probe as irtt reports it: RTT mean and quantiles, one-way delays, IPDV, loss. */
function udpProbeRows(p: UdpProbeSummary, i: number, rows: [string, number, string, number][]): void {
  const k = (f: string) => `udpprobe${i}_${f}`;
  rows.push([k('rtt_mean_ms'), p.rttMs.mean, 'ms', 3]);
  for (const q of ['p10', 'median', 'p90'] as const) rows.push([k(`rtt_${q}_ms`), p.rttMs[q], 'ms', 3]);
  rows.push([k('send_delay_median_ms'), p.sendDelayMs.median, 'ms', 3]);
  rows.push([k('receive_delay_median_ms'), p.receiveDelayMs.median, 'ms', 3]);
  rows.push([k('ipdv_mean_ms'), p.ipdvMs.mean, 'ms', 3]);
  rows.push([k('sent'), p.sent, '', 0]);
  rows.push([k('loss_fraction'), p.lossFraction, '', 3]);
}

export function formatSummary(sc: Pick<Scenario, 'title'>, s: Summary, format: string): string {
  if (format === 'json') return JSON.stringify({ title: sc.title, summary: s }, null, 2) + '\n';
  if (format === 'csv')
    return (
      'field,value\n' +
      summaryRows(s)
        .map(([k, v]) => `${csvField(k)},${csvNum(v)}`)
        .join('\n') +
      '\n'
    );
  const rows = [['field', 'value', 'unit']];
  for (const [k, v, u, d] of summaryRows(s)) rows.push([k, num(v, d), u]);
  const sender = s.forwarded
    ? 'sender: a wired host, forwarded by the AP (the TSQ rows are that host’s)\n'
    : '';
  return `${safe(sc.title)}\n${pad(rows)}${sender}bound: ${s.bound}\n`;
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
    safe(key),
    ...SUMMARY_FIELDS.map(([k]) => k),
    ...names.flatMap((n) => fields.map(([k]) => stationKey(n, k))),
  ];
  const csv = format === 'csv';
  const cell = (v: number, d: number) => (csv ? csvNum(v, d) : num(v, d));
  const body = rows.map((r) => [
    safe(r.value),
    ...SUMMARY_FIELDS.map(([, f]) => cell(f(r.summary), 3)),
    ...names.flatMap((_, i) =>
      fields.map(([, f, , d]) => {
        const st = r.summary.stations[i];
        return st ? cell(f(st), d) : csv ? '' : '-';
      }),
    ),
  ]);
  if (csv) return [head, ...body].map((r) => r.map(csvField).join(',')).join('\n') + '\n';
  return pad([head, ...body]);
}
