/**
 * Which simulated series stands beside which measured one: series Flent
 * computes (sums, averages) by name; measured ones by kind (ping,
 * throughput, cwnd, RTT …) in the order of their flows or hosts, so the
 * i-th measured flow meets the i-th simulated flow.
 */
import { parseSeriesName } from './names';
import type { FlentSeries } from './types';

export interface Paired<T> {
  measured: FlentSeries;
  simulated: T | null;
}

/** Kinds worth laying side by side (CPU and other runner output has no simulated twin). */
const COMPARABLE = new Set(['ping', 'throughput', 'tcp_cwnd', 'tcp_rtt', 'tcp_pacing_rate']);

export function pairSeries<T extends { name: string }>(
  measured: readonly FlentSeries[],
  simulated: readonly T[],
): Paired<T>[] {
  const byKind = new Map<string, T[]>();
  const byName = new Map<string, T>();
  for (const s of simulated) {
    const p = parseSeriesName(s.name, []);
    byName.set(s.name, s);
    if (p.computed) continue;
    const k = `${p.kind}/${p.direction ?? ''}`;
    byKind.set(k, [...(byKind.get(k) ?? []), s]);
  }
  const used = new Map<string, number>();
  return measured
    .filter((m) => COMPARABLE.has(m.kind))
    .map((m) => {
      if (m.computed) return { measured: m, simulated: byName.get(m.name) ?? null };
      const k = `${m.kind}/${m.direction ?? ''}`;
      const i = used.get(k) ?? 0;
      used.set(k, i + 1);
      return { measured: m, simulated: byKind.get(k)?.[i] ?? null };
    });
}
