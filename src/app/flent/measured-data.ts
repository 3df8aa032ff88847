/**
 * A measured Flent run as the explorer's panels draw it: per panel the
 * series in the simulation's own units (throughput in bit/s, cwnd in
 * packets, RTTs in ms), on the simulated clock (Flent's T0 at t = 0), as
 * time-sorted typed arrays. Pure; the overlay (measured-overlay.ts) draws them.
 */
import { categoryColor } from '../charts/chart-theme';
import type { FlentRun, FlentSeries, FlentSeriesKind } from '../../flent/index';
import { median } from '../../flent/index';
import { fileText } from '../../flent/errors';

export type OverlayPanel = 'latency' | 'throughput' | 'tcp';

export interface MeasuredLine {
  key: string;
  /** The Flent series name. */
  series: string;
  label: string;
  /** The simulated series' unit this is drawn against. */
  unit: 'ms' | 'bit/s' | 'pkts';
  color: string;
  /** A sum over flows (drawn thicker, like the simulated total). */
  total: boolean;
  tNs: Float64Array;
  v: Float64Array;
  median: number;
}

export interface MeasuredOverlay {
  /** "measured (Flent, <host>, <date>)". */
  label: string;
  lines: Record<OverlayPanel, MeasuredLine[]>;
}

const PANEL_OF: Partial<Record<FlentSeriesKind, [OverlayPanel, MeasuredLine['unit'], number]>> = {
  ping: ['latency', 'ms', 1],
  throughput: ['throughput', 'bit/s', 1e6],
  tcp_cwnd: ['tcp', 'pkts', 1],
  tcp_rtt: ['tcp', 'ms', 1],
  tcp_pacing_rate: ['tcp', 'bit/s', 1e6],
};

/** "measured (Flent, testserv-01, 2015-07-13)". */
export function measuredLabel(run: FlentRun): string {
  // A file's host can be any length: the label is one line.
  const host = fileText(run.host ?? run.hosts[0] ?? 'unknown host');
  const ms = run.timeMs ?? run.t0Ms;
  return `measured (Flent, ${host}, ${new Date(ms).toISOString().slice(0, 10)})`;
}

/** Points of a series: its raw samples, or its values on the x grid when it has none. */
function points(s: FlentSeries, xS: readonly number[]): [number, number][] {
  const pts: [number, number][] = s.raw.length
    ? s.raw.map((p) => [p.tS, p.value])
    : s.values.flatMap((v, i) => (v === null ? [] : [[xS[i], v] as [number, number]]));
  return pts.filter(([t]) => t >= 0).sort((a, b) => a[0] - b[0]);
}

/** Measured series worth drawing: flows and pings, and the sum of the flows (not averages or fairness). */
function drawn(s: FlentSeries): boolean {
  if (!PANEL_OF[s.kind]) return false;
  return !s.computed || (s.kind === 'throughput' && / sum$/.test(s.name));
}

/** Flows per panel and kind that the timelines draw (a tcp_nup of 50 flows would bury the legend); the compare page has all. */
export const MAX_FLOWS_DRAWN = 12;

export function measuredOverlay(run: FlentRun): MeasuredOverlay {
  const label = measuredLabel(run);
  const lines: MeasuredOverlay['lines'] = { latency: [], throughput: [], tcp: [] };
  const perKind = new Map<string, number>();
  let n = 0;
  for (const s of run.series.filter(drawn)) {
    const [panel, unit, scale] = PANEL_OF[s.kind]!;
    const total = s.computed;
    const count = perKind.get(s.kind) ?? 0;
    if (!total && count >= MAX_FLOWS_DRAWN) continue;
    const pts = points(s, run.xS);
    if (!pts.length) continue;
    if (!total) perKind.set(s.kind, count + 1);
    lines[panel].push({
      key: `measured.${n}`,
      series: s.name,
      label: `${s.name} — ${label}`,
      unit,
      color: categoryColor(n + 3),
      total,
      tNs: Float64Array.from(pts, ([t]) => Math.round(t * 1e9)),
      v: Float64Array.from(pts, ([, v]) => v * scale),
      median: median(pts.map(([, v]) => v * scale)),
    });
    n++;
  }
  return { label, lines };
}

/** Index of the first sample at or after tNs. */
export function lowerBound(a: Float64Array, tNs: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[m] < tNs) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** Smallest and largest value of a line within [t0, t1] (NaN when none). */
export function extentIn(l: MeasuredLine, t0Ns: number, t1Ns: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = lowerBound(l.tNs, t0Ns); i < l.tNs.length && l.tNs[i] <= t1Ns; i++) {
    lo = Math.min(lo, l.v[i]);
    hi = Math.max(hi, l.v[i]);
  }
  return Number.isFinite(hi) ? [lo, hi] : [NaN, NaN];
}
