/**
 * Flent's series names, as its test definitions build them (flent/tests/*.conf,
 * rtt_fair.inc, tcp_stats.inc): "Ping (ms) ICMP", "TCP upload",
 * "TCP upload::3" (tcp_nup's flows), "TCP upload BE2 testserv-02" (rtt_fair's
 * per-host flows), a socket-stats sub-series "<flow>::tcp_cwnd", and the
 * series Flent computes from others ("… avg", "… sum", "… fairness", "TCP totals").
 */
import type { FlentSeriesKind } from './types';

const SOCKET_STATS: Record<string, FlentSeriesKind> = {
  tcp_cwnd: 'tcp_cwnd',
  tcp_rtt: 'tcp_rtt',
  tcp_rtt_var: 'tcp_rtt_var',
  tcp_pacing_rate: 'tcp_pacing_rate',
  tcp_delivery_rate: 'tcp_delivery_rate',
};

/** Units Flent gives a series of each kind when its metadata names none (ss reports ms and Mbit/s). */
export const KIND_UNITS: Record<FlentSeriesKind, string> = {
  ping: 'ms',
  throughput: 'Mbits/s',
  tcp_cwnd: 'packets',
  tcp_rtt: 'ms',
  tcp_rtt_var: 'ms',
  tcp_pacing_rate: 'Mbits/s',
  tcp_delivery_rate: 'Mbits/s',
  cpu: '',
  other: '',
};

const COMPUTED_RUNNERS = new Set(['AverageRunner', 'SumRunner', 'FairnessRunner', 'DiffMinRunner']);

export interface NameParts {
  kind: FlentSeriesKind;
  direction: 'upload' | 'download' | null;
  flow: string | null;
  host: string | null;
  computed: boolean;
}

/** What a series name says; `runner` is SERIES_META RUNNER when the file has it. */
export function parseSeriesName(name: string, hosts: readonly string[], runner?: unknown): NameParts {
  const sub = name.lastIndexOf('::');
  const tail = sub >= 0 ? name.slice(sub + 2) : '';
  // A socket-stats key Flent's tests do not name (the twin's tcp_min_rtt, tcp_skmem_t …) is still its flow's sub-series, not a flow.
  const statKind = SOCKET_STATS[tail] ?? (/^tcp_\w+$/.test(tail) ? 'other' : undefined);
  const base = statKind ? name.slice(0, sub) : name;
  const computed =
    (typeof runner === 'string' && COMPUTED_RUNNERS.has(runner)) ||
    /(^| )(avg|sum|fairness|totals)$/.test(base);
  const host = hosts.find((h) => h !== '' && (base.endsWith(` ${h}`) || base.endsWith(`::${h}`))) ?? null;
  if (/^cpu_stats/.test(name)) return { kind: 'cpu', direction: null, flow: null, host: null, computed };
  const tcp = /^TCP (upload|download)(.*)$/.exec(base);
  if (tcp) {
    const flow = computed ? null : tcp[2].replace(/^::/, '').trim();
    return {
      kind: statKind ?? 'throughput',
      direction: tcp[1] as 'upload' | 'download',
      flow,
      host,
      computed,
    };
  }
  if (/^Ping \(ms\)/.test(base))
    return { kind: statKind ?? 'ping', direction: null, flow: null, host, computed };
  return { kind: statKind ?? 'other', direction: null, flow: null, host, computed };
}
