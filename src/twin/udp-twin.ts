/**
 * The scenario's UDP flows (udpFlows) on the real kernel: each an iperf3 -u
 * client at the flow's -b, -l and --pacing-timer against a server of its own,
 * counting from the end of the warm-up (-O, omitted seconds, as the
 * simulation's summary starts there); its loss, jitter and rate as the
 * server reported them to the client (end.sum_received).
 */
import type { Scenario } from '../sim/scenario/scenario';

export interface TwinUdpFlow {
  index: number;
  port: number;
  rateBps: number;
  packetBytes: number;
  pacingTimerUs: number;
  startMs: number;
  stopMs: number;
}

export interface UdpMeasurement {
  index: number;
  goodputMbps: number;
  lossFraction: number;
  jitterMs: number;
  /** Datagrams sent over the whole run (the veth carried them beside TCP). */
  packets: number;
  error: string | null;
}

/** Ports of UDP servers: past those of the TCP flows. */
export const UDP_BASE_PORT = 5601;

export function udpFlowsOf(sc: Scenario): TwinUdpFlow[] {
  return (sc.udpFlows ?? []).map((f, i) => ({
    index: i,
    port: UDP_BASE_PORT + i,
    rateBps: f.rateBps,
    packetBytes: f.packetBytes,
    pacingTimerUs: f.pacingTimerUs,
    startMs: f.startMs,
    stopMs: Math.min(f.stopMs ?? sc.durationMs, sc.durationMs),
  }));
}

/** The client's arguments after `iperf3 -c ADDR -p PORT`: -O whole seconds of warm-up it still runs in. */
export function udpClientArgs(f: TwinUdpFlow, warmupMs: number): string[] {
  const omit = Math.max(0, Math.round((warmupMs - f.startMs) / 1000));
  const secs = Math.max(1, Math.round((f.stopMs - f.startMs) / 1000) - omit);
  return [
    '-u',
    '-b',
    String(f.rateBps),
    '-l',
    String(f.packetBytes),
    '--pacing-timer',
    String(f.pacingTimerUs),
    '-t',
    String(secs),
    ...(omit > 0 ? ['-O', String(omit)] : []),
    '-J',
  ];
}

interface UdpJson {
  error?: string;
  end?: {
    sum_sent?: { packets?: number };
    sum_received?: { bits_per_second?: number; jitter_ms?: number; lost_percent?: number };
  };
}

export function parseUdpIperf(json: string, index: number): UdpMeasurement {
  let j: UdpJson;
  try {
    j = JSON.parse(json) as UdpJson;
  } catch {
    j = { error: `iperf3 printed no JSON: ${json.slice(0, 200)}` };
  }
  const r = j.end?.sum_received;
  return {
    index,
    goodputMbps: (r?.bits_per_second ?? NaN) / 1e6,
    lossFraction: (r?.lost_percent ?? NaN) / 100,
    jitterMs: r?.jitter_ms ?? NaN,
    packets: j.end?.sum_sent?.packets ?? 0,
    error: j.error ?? (r ? null : 'iperf3 reported no UDP result'),
  };
}
