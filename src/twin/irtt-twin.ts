/**
 * The scenario's UDP latency probes (udpProbes) on the real kernel, as Flent
 * 2.1.1 runs them (flent/runners.py, IrttRunner): `irtt client -o -
 * --fill=rand -Q -d <len>s -i <interval>` against an `irtt server` of its
 * own in the far namespace, with `-l` only when the scenario's size is not
 * irtt's 60 bytes. Each round trip's RTT and loss counted from the end of
 * the warm-up, by its send time, as the simulation's summary counts them.
 */
import type { Scenario } from '../sim/scenario/scenario';

export interface TwinProbe {
  index: number;
  name: string;
  /** irtt server's port (irtt's own default is 2112). */
  port: number;
  intervalMs: number;
  packetBytes: number;
  startMs: number;
  stopMs: number;
}

export interface ProbeMeasurement {
  index: number;
  /** RTT of each answered request sent in the measured window (ms). */
  rttMs: number[];
  /** Requests sent in the measured window, and those never answered. */
  sent: number;
  lost: number;
  error: string | null;
}

/** The payload irtt sends with Flent's options (its header; `params.length` of an irtt 0.9 run). */
export const IRTT_DEFAULT_LENGTH_BYTES = 60;
const IRTT_BASE_PORT = 2112;

export function probesOf(sc: Scenario): TwinProbe[] {
  return (sc.udpProbes ?? []).map((p, i) => ({
    index: i,
    name: p.name,
    port: IRTT_BASE_PORT + i,
    intervalMs: p.intervalMs,
    packetBytes: p.packetBytes,
    startMs: p.startMs,
    stopMs: Math.min(p.stopMs ?? sc.durationMs, sc.durationMs),
  }));
}

/** The client's arguments after `irtt client`, the server's address last. */
export function irttClientArgs(p: TwinProbe, addr: string): string[] {
  const secs = Math.max(0.001, (p.stopMs - p.startMs) / 1000);
  const len = p.packetBytes === IRTT_DEFAULT_LENGTH_BYTES ? [] : ['-l', String(p.packetBytes)];
  return [
    '-o',
    '-',
    '--fill=rand',
    '-Q',
    '-d',
    `${secs}s`,
    '-i',
    `${p.intervalMs}ms`,
    ...len,
    `${addr}:${p.port}`,
  ];
}

interface IrttJson {
  round_trips?: {
    lost?: string;
    timestamps?: { client?: { send?: { wall?: number } } };
    delay?: { rtt?: number };
  }[];
}

/** irtt's JSON → the round trips sent after `fromUnixMs` (the warm-up's end). */
export function parseIrtt(json: string, index: number, fromUnixMs: number): ProbeMeasurement {
  let j: IrttJson;
  try {
    j = JSON.parse(json) as IrttJson;
  } catch {
    return { index, rttMs: [], sent: 0, lost: 0, error: `irtt printed no JSON: ${json.slice(0, 200)}` };
  }
  const inWindow = (j.round_trips ?? []).filter(
    (r) => (r.timestamps?.client?.send?.wall ?? 0) / 1e6 >= fromUnixMs,
  );
  const answered = inWindow.filter((r) => r.lost === 'false' && Number.isFinite(r.delay?.rtt));
  return {
    index,
    rttMs: answered.map((r) => r.delay!.rtt! / 1e6),
    sent: inWindow.length,
    lost: inWindow.length - answered.length,
    error: j.round_trips ? null : 'irtt reported no round trips',
  };
}
