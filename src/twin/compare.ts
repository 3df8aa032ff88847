/**
 * The twin's side-by-side table: each number from the real kernel and from
 * the simulation, their difference, and which tolerance of the fidelity
 * report (scripts/fidelity.ts) applies to it, rendered as the rest of the CLI
 * renders (--format table|json|csv).
 */
import type { RunMetrics } from './metrics';

/** The fidelity report's tolerance classes. */
export type Check = 'throughput' | 'latency' | 'skbs' | 'segs' | null;

export const TOLERANCES: Record<Exclude<Check, null>, { rel?: number; abs?: number; text: string }> = {
  throughput: { rel: 0.1, text: '±10 %' },
  latency: { rel: 0.25, text: '±25 %' },
  skbs: { abs: 1, text: '±1 skb' },
  segs: { rel: 0.2, text: '±20 %' },
};

export interface CompareRow {
  metric: string;
  unit: string;
  twin: number;
  sim: number;
  check: Check;
}

/** Within tolerance: null when the row has none or a side has no number. */
export function rowOk(r: CompareRow): boolean | null {
  if (!r.check || !Number.isFinite(r.twin) || !Number.isFinite(r.sim)) return null;
  const t = TOLERANCES[r.check];
  if (t.abs !== undefined) return Math.abs(r.sim - r.twin) <= t.abs;
  if (r.twin === 0) return r.sim === 0;
  return Math.abs(r.sim - r.twin) / Math.abs(r.twin) <= t.rel!;
}

export function compareRows(twin: RunMetrics, sim: RunMetrics): CompareRow[] {
  const rows: CompareRow[] = [];
  const add = (metric: string, unit: string, a: number, b: number, check: Check = null) =>
    rows.push({ metric, unit, twin: a, sim: b, check });
  add('goodput total', 'Mbit/s', twin.totalGoodputMbps, sim.totalGoodputMbps, 'throughput');
  if (twin.flows.length > 1)
    twin.flows.forEach((f, i) =>
      add(`flow ${i} goodput`, 'Mbit/s', f.goodputMbps, sim.flows[i]?.goodputMbps ?? NaN),
    );
  add('ping median', 'ms', twin.pingMedianMs, sim.pingMedianMs, 'latency');
  add('ping p90', 'ms', twin.pingP90Ms, sim.pingP90Ms);
  twin.qdiscs.forEach((q, i) => {
    const s = sim.qdiscs[i];
    const name = q.name;
    for (const p of ['p10', 'median', 'p90'] as const) {
      add(`${name} backlog ${p}`, 'skbs', q.skbs[p], s?.skbs[p] ?? NaN, p === 'median' ? 'skbs' : null);
      add(`${name} backlog ${p}`, 'bytes', q.bytes[p], s?.bytes[p] ?? NaN);
    }
  });
  add('segments per skb', 'segs', twin.segsPerSkb, sim.segsPerSkb, 'segs');
  twin.udp.forEach((u, i) => {
    const s = sim.udp[i];
    add(`udp ${i} goodput`, 'Mbit/s', u.goodputMbps, s?.goodputMbps ?? NaN, 'throughput');
    add(`udp ${i} loss`, '%', u.lossFraction * 100, (s?.lossFraction ?? NaN) * 100);
    add(`udp ${i} jitter`, 'ms', u.jitterMs, s?.jitterMs ?? NaN);
  });
  twin.probes.forEach((p, i) => {
    const s = sim.probes[i];
    add(`udp probe ${i} rtt median`, 'ms', p.rttMedianMs, s?.rttMedianMs ?? NaN, 'latency');
    add(`udp probe ${i} rtt p90`, 'ms', p.rttP90Ms, s?.rttP90Ms ?? NaN);
    add(`udp probe ${i} loss`, '%', p.lossFraction * 100, (s?.lossFraction ?? NaN) * 100);
  });
  twin.flows.forEach((f, i) => {
    const s = sim.flows[i];
    const p = `flow ${i}`;
    add(`${p} srtt median`, 'ms', f.srttMs, s?.srttMs ?? NaN, 'latency');
    add(`${p} min_rtt`, 'ms', f.minRttMs, s?.minRttMs ?? NaN);
    add(`${p} cwnd median`, 'pkts', f.cwndPkts, s?.cwndPkts ?? NaN);
    add(`${p} pacing_rate median`, 'Mbit/s', f.pacingMbps, s?.pacingMbps ?? NaN);
    add(`${p} skmem t median`, 'B', f.skmemTBytes, s?.skmemTBytes ?? NaN);
    add(`${p} retransmissions`, 'segs', f.retrans, s?.retrans ?? NaN);
  });
  return rows;
}

const fmt = (v: number): string =>
  !Number.isFinite(v)
    ? '-'
    : Math.abs(v) >= 1000
      ? v.toFixed(0)
      : Math.abs(v) >= 10
        ? v.toFixed(1)
        : v.toFixed(3);

function diffText(r: CompareRow): [string, string] {
  if (!Number.isFinite(r.twin) || !Number.isFinite(r.sim)) return ['-', '-'];
  const d = r.sim - r.twin;
  return [
    `${d >= 0 ? '+' : ''}${fmt(d)}`,
    r.twin !== 0 ? `${((d / Math.abs(r.twin)) * 100).toFixed(1)} %` : '-',
  ];
}

function pad(rows: string[][]): string {
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return (
    rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ')).join('\n') +
    '\n'
  );
}

export function formatRows(rows: CompareRow[], format: 'table' | 'json' | 'csv'): string {
  if (format === 'json')
    return (
      JSON.stringify(
        rows.map((r) => ({ ...r, ok: rowOk(r) })),
        (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v),
        2,
      ) + '\n'
    );
  if (format === 'csv') {
    const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    return (
      'metric,unit,twin,sim,diff,diff_pct,tolerance,ok\n' +
      rows
        .map((r) => {
          const [d, pct] = diffText(r);
          const ok = rowOk(r);
          return [
            esc(r.metric),
            r.unit,
            fmt(r.twin),
            fmt(r.sim),
            d,
            pct.replace(' %', ''),
            r.check ? TOLERANCES[r.check].text : '',
            ok === null ? '' : String(ok),
          ].join(',');
        })
        .join('\n') +
      '\n'
    );
  }
  const out = [['metric', 'unit', 'kernel', 'sim', 'diff', 'diff %', 'tolerance']];
  for (const r of rows) {
    const ok = rowOk(r);
    out.push([
      r.metric,
      r.unit,
      fmt(r.twin),
      fmt(r.sim),
      ...diffText(r),
      r.check ? `${TOLERANCES[r.check].text} ${ok === null ? '' : ok ? 'ok' : 'OUT'}` : '',
    ]);
  }
  return pad(out);
}
