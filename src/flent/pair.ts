/**
 * Which simulated series stands beside which measured one, by meaning:
 * - a total with a total: Flent's "… sum" with the simulation's sum, or with
 *   its only flow (one flow is the total); a file's only flow with the
 *   simulation's sum;
 * - a flow with a flow (throughput, cwnd, RTT, pacing rate) only when both
 *   runs have as many flows in that direction, the i-th with the i-th in
 *   flow order (2 before 10); otherwise none, and `why` says so — one of
 *   four flows' cwnd is not the cwnd of a flow running alone;
 * - pings in the order of their hosts; other series Flent computes (avg) by name.
 * The explorer's medians, the compare page and `--compare` all pair through here.
 */
import { parseSeriesName } from './names';
import { median } from './stats';
import type { FlentSeries } from './types';

export interface Paired<T> {
  measured: FlentSeries;
  simulated: T | null;
  /** Why no simulated series stands beside this one, when the runs differ in flow count. */
  why?: string;
}

/** Kinds worth laying side by side (CPU and other runner output has no simulated twin). */
const COMPARABLE = new Set(['ping', 'throughput', 'tcp_cwnd', 'tcp_rtt', 'tcp_pacing_rate']);

/** Names in flow order: "TCP upload::2" before "TCP upload::10". */
export const flowOrder = new Intl.Collator('en', { numeric: true }).compare;

type Dir = 'upload' | 'download' | null;
const key = (kind: string, dir: Dir) => `${kind}/${dir ?? ''}`;
const isSum = (name: string) => / sum$/.test(name);

const flows = (n: number, dir: Dir) => `${n} ${dir ?? ''} flow${n === 1 ? '' : 's'}`.replace('  ', ' ');

interface Side<T> {
  /** Flows (not computed) by kind and direction, in flow order. */
  byKind: Map<string, T[]>;
  byName: Map<string, T>;
  /** Flows in a direction: its throughput series, or its series of the kind when it has none. */
  count(kind: string, dir: Dir): number;
}

function side<T>(
  items: readonly T[],
  parts: (t: T) => { name: string; kind: string; direction: Dir; computed: boolean },
): Side<T> {
  const byKind = new Map<string, T[]>();
  const byName = new Map<string, T>();
  for (const t of [...items].sort((a, b) => flowOrder(parts(a).name, parts(b).name))) {
    const p = parts(t);
    byName.set(p.name, t);
    if (p.computed) continue;
    const k = key(p.kind, p.direction);
    byKind.set(k, [...(byKind.get(k) ?? []), t]);
  }
  const count = (kind: string, dir: Dir) =>
    byKind.get(key('throughput', dir))?.length ?? byKind.get(key(kind, dir))?.length ?? 0;
  return { byKind, byName, count };
}

export function pairSeries<T extends { name: string }>(
  measured: readonly FlentSeries[],
  simulated: readonly T[],
): Paired<T>[] {
  const sim = side(simulated, (s) => ({ name: s.name, ...parseSeriesName(s.name, []) }));
  const meas = side(
    measured.filter((m) => COMPARABLE.has(m.kind)),
    (m) => m,
  );
  /** The simulation's total in a direction: its sum, or its only flow. */
  const simTotal = (dir: Dir): T | null => {
    const sum = [...sim.byName.values()].find((s) => {
      const p = parseSeriesName(s.name, []);
      return p.computed && p.kind === 'throughput' && p.direction === dir && isSum(s.name);
    });
    const only = sim.byKind.get(key('throughput', dir));
    return sum ?? (only?.length === 1 ? only[0] : null);
  };
  const used = new Map<string, number>();
  return [...meas.byName.values()].map((m): Paired<T> => {
    if (m.computed) {
      const same = sim.byName.get(m.name) ?? null;
      const total = m.kind === 'throughput' && isSum(m.name) ? simTotal(m.direction) : null;
      return { measured: m, simulated: same ?? total };
    }
    const k = key(m.kind, m.direction);
    const i = used.get(k) ?? 0;
    used.set(k, i + 1);
    if (m.kind === 'ping') return { measured: m, simulated: sim.byKind.get(k)?.[i] ?? null };
    const nMeasured = meas.count(m.kind, m.direction);
    const nSimulated = sim.count(m.kind, m.direction);
    if (nMeasured === nSimulated) return { measured: m, simulated: sim.byKind.get(k)?.[i] ?? null };
    // The file's only flow is its total.
    if (nMeasured === 1 && m.kind === 'throughput') return { measured: m, simulated: simTotal(m.direction) };
    return {
      measured: m,
      simulated: null,
      why: `the simulation has ${flows(nSimulated, m.direction)}, the file ${nMeasured}: a flow is compared only between runs with as many flows`,
    };
  });
}

/** Why a sum's measured median is not Flent's (its summary gives a sum computed after the run none). */
export const SUM_MEDIAN_NOTE = 'Flent gives a sum no median: the median of its values per step';

/** A measured series' median for pairing: Flent's, or for a sum without one, the median of its values per step (NaN otherwise). */
export function pairedMedian(
  m: FlentSeries,
  flentMedian: number | undefined,
): { median: number; note?: string } {
  if (Number.isFinite(flentMedian ?? NaN)) return { median: flentMedian! };
  if (!m.computed || !isSum(m.name)) return { median: NaN };
  const vs = m.values.filter((v): v is number => v !== null && Number.isFinite(v));
  return vs.length ? { median: median(vs), note: SUM_MEDIAN_NOTE } : { median: NaN };
}
