/**
 * Writes Flent's current data format (version 4, resultset.py serialise):
 * raw values as each runner records them — netperf intervals {t, val, dur},
 * ss samples {t, tcp_cwnd, tcp_rtt, …} in the same flow's list, pings
 * {t, val, seq} — and `results` on the x grid, aligned the way Flent's
 * TimeseriesAggregator aligns them (aggregators.py: linear between the
 * samples around each step, nothing farther than five steps from one).
 */
import { formatFlentDate } from './dates';
import { gzipText } from './gzip';
import { FLENT_FILE_VERSION, type FlentFileJson, type FlentPoint, type FlentRawPoint } from './types';

/** One series to write; times in seconds from T0. */
export interface FlentSeriesInput {
  name: string;
  units: string;
  /** SERIES_META RUNNER, e.g. NetperfDemoRunner, PingRunner. */
  runner: string;
  points: FlentPoint[];
  /** netperf's interval length (s), written as each point's `dur`. */
  durS?: number;
  /** Ping points carry a sequence number. */
  seq?: boolean;
  /** Socket stats of this flow, by ss key (tcp_cwnd …), merged into its raw values as Flent 2 does. */
  socketStats?: Record<string, { units: string; points: FlentPoint[] }>;
  /** SERIES_META MEAN_VALUE: the runner's own mean (netperf's final throughput). */
  meanValue?: number;
}

export interface FlentWriteInput {
  /** The Flent test (metadata NAME). */
  name: string;
  title: string;
  /** When the run was made, Unix ms: metadata TIME, and T0 (x = 0). */
  timeMs: number;
  lengthS: number;
  stepS: number;
  host: string;
  hosts: string[];
  localHost: string;
  kernelRelease: string;
  testParameters: Record<string, string>;
  note: string;
  /** Extra metadata keys (e.g. the scenario that made the run). */
  extra: Record<string, unknown>;
  series: FlentSeriesInput[];
}

/** Flent's aggregator for one series onto `xs` (aggregators.py TimeseriesAggregator.aggregate). */
export function alignToSteps(
  points: readonly FlentPoint[],
  xs: readonly number[],
  stepS: number,
): (number | null)[] {
  const out: (number | null)[] = [];
  let last: number | null = null;
  let i = 0;
  for (const x of xs) {
    while (i < points.length && points[i].tS <= x) i++;
    let v: number | null = null;
    if (i < points.length) {
      const next = points[i];
      if (i > 0) {
        const prev = points[i - 1];
        if (Math.abs(x - next.tS) <= 5 * stepS)
          v = prev.value + ((next.value - prev.value) / (next.tS - prev.tS)) * (x - prev.tS);
      } else if (Math.abs(x - next.tS) <= 0.5 * stepS) v = next.value;
    } else if (points.length) {
      // Past the last sample: use it once, within reach, unless the last step already had it.
      const lastPt = points[points.length - 1];
      if (Math.abs(x - lastPt.tS) <= 5 * stepS && last !== lastPt.value && last !== null) v = lastPt.value;
    }
    out.push(v);
    last = v;
  }
  return out;
}

function rawList(s: FlentSeriesInput, t0S: number): FlentRawPoint[] {
  const own: FlentRawPoint[] = s.points.map((p, k) => ({
    t: t0S + p.tS,
    val: p.value,
    ...(s.durS !== undefined ? { dur: s.durS } : {}),
    ...(s.seq ? { seq: k } : {}),
  }));
  // ss samples: one entry per sampling time with every key, as Flent's ss runner records them.
  const byT = new Map<number, FlentRawPoint>();
  for (const [key, st] of Object.entries(s.socketStats ?? {}))
    for (const p of st.points) {
      const e = byT.get(p.tS) ?? { t: t0S + p.tS };
      e[key] = p.value;
      byT.set(p.tS, e);
    }
  return [...own, ...byT.values()].sort((a, b) => (a.t as number) - (b.t as number));
}

/** The x grid: 0 to the length in steps (rounded to µs so that 0.6 is 0.6, not 0.6000000000000001). */
function grid(lengthS: number, stepS: number): number[] {
  const n = Math.floor(lengthS / stepS + 1e-9);
  return Array.from({ length: n + 1 }, (_, k) => Math.round(k * stepS * 1e6) / 1e6);
}

export function buildFlentJson(inp: FlentWriteInput): FlentFileJson {
  const xs = grid(inp.lengthS, inp.stepS);
  const t0S = inp.timeMs / 1000;
  const results: FlentFileJson['results'] = {};
  const raw: FlentFileJson['raw_values'] = {};
  const seriesMeta: Record<string, Record<string, unknown>> = {};
  inp.series.forEach((s, idx) => {
    results[s.name] = alignToSteps(s.points, xs, inp.stepS);
    raw[s.name] = rawList(s, t0S);
    seriesMeta[s.name] = {
      UNITS: s.units,
      RUNNER: s.runner,
      IDX: idx,
      ...(s.meanValue !== undefined && Number.isFinite(s.meanValue) ? { MEAN_VALUE: s.meanValue } : {}),
    };
    for (const [key, st] of Object.entries(s.socketStats ?? {})) {
      results[`${s.name}::${key}`] = alignToSteps(st.points, xs, inp.stepS);
      seriesMeta[`${s.name}::${key}`] = { UNITS: st.units };
    }
  });
  const date = formatFlentDate(inp.timeMs);
  const metadata: Record<string, unknown> = {
    NAME: inp.name,
    TITLE: inp.title,
    NOTE: inp.note,
    TIME: date,
    T0: date,
    LENGTH: inp.lengthS,
    TOTAL_LENGTH: inp.lengthS,
    // The flows run from x = 0 to the end: no idle time for Flent's plots to cut.
    DELAY: 0,
    STEP_SIZE: inp.stepS,
    HOST: inp.host,
    HOSTS: inp.hosts,
    LOCAL_HOST: inp.localHost,
    KERNEL_NAME: 'Linux',
    KERNEL_RELEASE: inp.kernelRelease,
    IP_VERSION: 4,
    TEST_PARAMETERS: inp.testParameters,
    DATA_FILENAME: `${inp.name}-${date.replace(/:/g, '')}.flent.gz`,
    FAILED_RUNNERS: 0,
    BATCH_NAME: null,
    BATCH_TIME: null,
    BATCH_TITLE: null,
    BATCH_UUID: null,
    SERIES_META: seriesMeta,
    ...inp.extra,
  };
  return { version: FLENT_FILE_VERSION, metadata, x_values: xs, results, raw_values: raw };
}

/** The JSON text of a file (NaN and infinities, which JSON has not, become null). */
export function flentJsonText(f: FlentFileJson): string {
  return JSON.stringify(f, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2);
}

/** A `.flent.gz` file's bytes. */
export function writeFlent(inp: FlentWriteInput): Uint8Array {
  return gzipText(flentJsonText(buildFlentJson(inp)), inp.timeMs);
}
