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
import { flowOrder } from '../../flent/pair';

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
  /** Its legend entry: a total's own, or the one its kind's flows (or pings) share. */
  group: string;
  tNs: Float64Array;
  v: Float64Array;
  median: number;
}

/** One legend entry: a total, or every drawn flow (ping) of a kind, in one colour. */
export interface MeasuredGroup {
  key: string;
  label: string;
  unit: MeasuredLine['unit'];
  color: string;
  lines: MeasuredLine[];
}

export interface MeasuredOverlay {
  /** "measured (Flent, <host>, <date>)". */
  label: string;
  lines: Record<OverlayPanel, MeasuredLine[]>;
  /** The legend: a four-flow file adds one entry per kind, not one per flow. */
  groups: Record<OverlayPanel, MeasuredGroup[]>;
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

const NOUN: Partial<Record<FlentSeriesKind, string>> = {
  ping: 'pings',
  throughput: 'flows',
  tcp_cwnd: 'flows’ cwnd',
  tcp_rtt: 'flows’ RTT',
  tcp_pacing_rate: 'flows’ pacing rate',
};

/** "4 flows: TCP upload::1 … TCP upload::4", "12 flows’ cwnd: … (12 of 50 drawn)", or the one series' name. */
function groupLabel(kind: FlentSeriesKind, names: string[], of: number, label: string): string {
  if (names.length === 1 && of === 1) return `${names[0]} — ${label}`;
  const span = names.length === 1 ? names[0] : `${names[0]} … ${names[names.length - 1]}`;
  const drawnOf = of > names.length ? ` (${names.length} of ${of} drawn)` : '';
  return `${names.length} ${NOUN[kind] ?? kind}: ${span}${drawnOf} — ${label}`;
}

function groupsOf(
  lines: MeasuredLine[],
  kinds: Map<string, FlentSeriesKind>,
  of: Map<string, number>,
  label: string,
) {
  const byKey = new Map<string, MeasuredGroup>();
  for (const l of lines) {
    const g = byKey.get(l.group);
    if (g) g.lines.push(l);
    else byKey.set(l.group, { key: l.group, label: '', unit: l.unit, color: l.color, lines: [l] });
  }
  return [...byKey.values()].map((g) => {
    const only = g.lines[0];
    const kind = kinds.get(g.key)!;
    g.label = only.total
      ? only.label
      : groupLabel(
          kind,
          g.lines.map((l) => l.series),
          of.get(g.key) ?? 1,
          label,
        );
    return g;
  });
}

export function measuredOverlay(run: FlentRun): MeasuredOverlay {
  const label = measuredLabel(run);
  const lines: MeasuredOverlay['lines'] = { latency: [], throughput: [], tcp: [] };
  const perKind = new Map<string, number>();
  const kinds = new Map<string, FlentSeriesKind>();
  const colors = new Map<string, string>();
  // Flow order, so a 50-flow file draws flows 1–12, not 1, 10–19, 2.
  const series = run.series.filter(drawn).sort((a, b) => flowOrder(a.name, b.name));
  let n = 0;
  for (const s of series) {
    const [panel, unit, scale] = PANEL_OF[s.kind]!;
    const total = s.computed;
    const group = total ? `measured.${n}` : `measured.${panel}.${s.kind}.${s.direction ?? ''}`;
    const count = perKind.get(group) ?? 0;
    perKind.set(group, count + 1);
    if (!total && count >= MAX_FLOWS_DRAWN) continue;
    const pts = points(s, run.xS);
    if (!pts.length) continue;
    kinds.set(group, s.kind);
    if (!colors.has(group)) colors.set(group, categoryColor(colors.size + 3));
    lines[panel].push({
      key: `measured.${n}`,
      series: s.name,
      label: `${s.name} — ${label}`,
      unit,
      color: colors.get(group)!,
      total,
      group,
      tNs: Float64Array.from(pts, ([t]) => Math.round(t * 1e9)),
      v: Float64Array.from(pts, ([, v]) => v * scale),
      median: median(pts.map(([, v]) => v * scale)),
    });
    n++;
  }
  const groups: MeasuredOverlay['groups'] = {
    latency: groupsOf(lines.latency, kinds, perKind, label),
    throughput: groupsOf(lines.throughput, kinds, perKind, label),
    tcp: groupsOf(lines.tcp, kinds, perKind, label),
  };
  return { label, lines, groups };
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
