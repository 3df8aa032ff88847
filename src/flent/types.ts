/**
 * Flent's data file (flent/resultset.py: serialise / unserialise) and what
 * the reader makes of it. Times in a file are Unix seconds; a parsed run
 * keeps seconds from T0, as Flent's plots do.
 */

/** The newest data-file version Flent writes (resultset.py FILEFORMAT_VERSION, Flent 2.x). */
export const FLENT_FILE_VERSION = 4;

/** One raw sample as a runner recorded it: `t` (Unix s) and `val`, plus runner-specific keys (`dur`, `seq`, `tcp_cwnd` …). */
export interface FlentRawPoint {
  t?: number;
  val?: number | null;
  [key: string]: unknown;
}

/** The JSON object inside a `.flent.gz` file. */
export interface FlentFileJson {
  version: number;
  metadata: Record<string, unknown>;
  x_values: number[];
  results: Record<string, (number | null)[]>;
  raw_values: Record<string, FlentRawPoint[]>;
}

/** What a series measures, from its name as Flent's tests name them. */
export type FlentSeriesKind =
  | 'ping'
  | 'throughput'
  | 'tcp_cwnd'
  | 'tcp_rtt'
  | 'tcp_rtt_var'
  | 'tcp_pacing_rate'
  | 'tcp_delivery_rate'
  | 'cpu'
  | 'other';

export interface FlentPoint {
  /** Seconds from the run's T0. */
  tS: number;
  value: number;
}

export interface FlentSeries {
  name: string;
  /** SERIES_META UNITS, or the unit Flent's test definitions give a series of this kind. */
  units: string;
  kind: FlentSeriesKind;
  direction: 'upload' | 'download' | null;
  /**
   * Which flow of the test: the part of the name that tells flows apart
   * ('3' in "TCP upload::3", 'BE2 testserv-02' in "TCP upload BE2 testserv-02");
   * '' for the only flow; null for series that are no flow (pings, CPU).
   */
  flow: string | null;
  /** A host named in the series (rtt_fair's per-host series), else null. */
  host: string | null;
  /** Computed by Flent from other series (avg, sum, fairness, totals), not measured. */
  computed: boolean;
  /** Values on the file's x grid (`results`), null where missing. */
  values: (number | null)[];
  /**
   * The raw samples Flent's summary reads: the series' own raw values, or
   * for a socket-stats series ("X::tcp_cwnd") the `tcp_cwnd` entries of X's.
   * Empty when the file has none (the summary then reads `values`).
   */
  raw: FlentPoint[];
  /** SERIES_META MEAN_VALUE (the runner's own mean, e.g. netperf's), when given. */
  meanValue: number | null;
  /** SERIES_META has COMPUTED_LATE: Flent's summary gives such a series no median. */
  computedLate: boolean;
}

export interface FlentRun {
  /** The data-file version as found in the file (1 when absent). */
  version: number;
  /** The Flent test (metadata NAME). */
  name: string;
  title: string;
  /** TIME and T0 as Unix milliseconds (T0 is the first sample; TIME when the test started). */
  timeMs: number | null;
  t0Ms: number;
  lengthS: number | null;
  totalLengthS: number | null;
  stepS: number | null;
  host: string | null;
  hosts: string[];
  localHost: string | null;
  kernelRelease: string | null;
  testParameters: Record<string, string>;
  /** The x grid of `values`, seconds from T0. */
  xS: number[];
  series: FlentSeries[];
  /** The file's whole metadata, as read (dates left as text). */
  metadata: Record<string, unknown>;
}
