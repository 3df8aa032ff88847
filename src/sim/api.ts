/**
 * The core's public contract, used by every host (worker, CLI, tests).
 * The worker protocol (src/worker/protocol.ts) re-exports these types.
 */
import type { Ns } from './engine/time';
import type { Citation } from './scenario/sources';

export type { Citation } from './scenario/sources';

export type Layer = 'tcp' | 'tsq' | 'qdisc' | 'nic' | 'wifi' | 'cpu' | 'traffic';
export type ParamValue = number | string | boolean;

/** A knob the user can turn. `key` is the scenario's dotted path. */
export interface ParamSpec {
  key: string;
  label: string;
  layer: Layer;
  kind: 'int' | 'float' | 'enum' | 'bool';
  unit?: string;
  min?: number;
  max?: number;
  step?: number;
  scale?: 'linear' | 'log';
  /** Marked values on a slider (e.g. 128K/256K/1M/4M). */
  ticks?: number[];
  options?: { value: string | number; label: string }[];
  /** The kernel's default for the scenario's era. */
  kernelDefault?: ParamValue;
  help: string;
  /** Kernel source file the knob lives in. */
  kernelFile: string;
  /** Whether it can change while the simulation runs (otherwise: reset). */
  live: boolean;
}

export type Panel = 'occupancy' | 'stations' | 'aggregates' | 'latency' | 'throughput' | 'tcp' | 'cpu';

/** Every panel, in the order the explorer stacks them (and share links list them). */
export const PANELS: readonly Panel[] = [
  'occupancy',
  'stations',
  'throughput',
  'aggregates',
  'latency',
  'tcp',
  'cpu',
];

/** One sampled time series. Values are in `unit`. */
export interface SeriesSpec {
  key: string;
  label: string;
  unit: string;
  panel: Panel;
  /** Occupancy layers are drawn stacked in this order. */
  stackOrder?: number;
  /** Drawn as a line over the stack (e.g. the TSQ limit). */
  overlay?: boolean;
  /**
   * What the occupancy panel must know of it: 'limit', a budget rather than
   * bytes queued (dashed, and it sets the scale only near the queues);
   * 'unsent', data not yet below TCP (stacked on top of what TSQ counts);
   * 'completion', a TX completion latency the packet path reads out.
   */
  role?: 'limit' | 'unsent' | 'completion';
}

/**
 * One knob change during a run: `key` (a live knob's scenario path) takes
 * `value` (null: the era's default) at `atUs` of simulated time, after every
 * event before that time and before any event at it.
 */
export interface ScheduledChange {
  atUs: number;
  key: string;
  value: ParamValue | null;
}

export interface ParamChange {
  tNs: Ns;
  key: string;
  from: ParamValue;
  to: ParamValue;
}

/** Samples produced since the previous frame, columnar. */
export interface Frame {
  nowNs: Ns;
  /** Fixed-interval sample times. */
  tNs: Float64Array;
  /** One column per SeriesSpec key, each as long as tNs. */
  cols: Record<string, Float64Array>;
  /** One point per A-MPDU transmission: time, frames, transmitting node. */
  aggT: Float64Array;
  aggN: Float64Array;
  aggNode: Float64Array;
  /** One point per ping reply: time, RTT in ms, station index. */
  pingT: Float64Array;
  pingMs: Float64Array;
  pingSta: Float64Array;
  /** Throttled intervals of the TSQ check [start, end) pairs, flattened. */
  throttled: Float64Array;
  changes: ParamChange[];
  /** Hops of the traced skbs since the previous frame, when the per-skb probe is on (LiveSim.traceSkbs). */
  hops?: SkbHops;
}

/**
 * Per-skb hops, columnar: one row per hop (traced skb id, segment or −1 for
 * the skb as TCP built it, hop kind — model/skb-trace.ts Hop —, site index
 * into the run's SkbTraceSite table, time), and one row per skb newly traced
 * (id, flow, first sequence number, payload bytes, segments, truesize, when
 * tcp_write_xmit sent it).
 */
export interface SkbHops {
  id: Float64Array;
  seg: Float64Array;
  kind: Float64Array;
  site: Float64Array;
  tNs: Float64Array;
  skbId: Float64Array;
  skbFlow: Float64Array;
  skbSeq: Float64Array;
  skbLen: Float64Array;
  skbSegs: Float64Array;
  skbTruesize: Float64Array;
  skbTNs: Float64Array;
}

/** Where hops happen: a layer's name, and per hop kind the occupancy series that counts the skb after a hop there (null: none). */
export interface SkbTraceSite {
  label: string;
  series: (string | null)[];
}

export type {
  StationSummary,
  TsqBudget,
  StepSummary,
  WifiRadioSummary,
  Quantiles,
  FlowSummary,
  QdiscSummary,
  UdpSummary,
  UdpProbeSummary,
  FlowShare,
  TransactionSummary,
  LimitShares,
  Summary,
} from './summary-types';
import type { Summary } from './summary-types';

export interface PresetInfo {
  id: string;
  title: string;
  description: string;
  /** The thread or commit it re-runs: present for the five reference experiments. */
  source?: Citation;
}

/** Which point streams a run produces (Frame.agg*, Frame.ping*), known before the first point arrives. */
export interface PointStreams {
  agg: boolean;
  ping: boolean;
  /** Names of the points' categories in category order: the stations (empty for a wired link). */
  categories?: string[];
}

/** A running simulation. */
export interface LiveSim {
  readonly nowNs: Ns;
  readonly params: readonly ParamSpec[];
  readonly series: readonly SeriesSpec[];
  readonly points: PointStreams;
  /** Runs until endNs or maxEvents, whichever first; true when endNs reached. */
  runUntil(endNs: Ns, maxEvents?: number): boolean;
  getParam(key: string): ParamValue | undefined;
  /** The value this run started with, before any change of `changes`. */
  startParam(key: string): ParamValue | undefined;
  /**
   * Every change of this run, scripted (the scenario's `changes`) or made
   * live, applied or to come, in the order they apply: with the start values
   * and the seed, what replays the run. A structural knob restarts the run
   * and folds the live ones into the start.
   */
  readonly changes: readonly ScheduledChange[];
  /** Applies a change at the next whole microsecond of simulated time (a live knob) or restarts the run (a structural one). */
  setParam(key: string, value: ParamValue): { ok: true } | { ok: false; error: string };
  /** Takes the samples accumulated since the last call. */
  takeFrame(): Frame;
  /**
   * Turns the per-skb probe on (one data skb in `everyN` traced) or off
   * (null); returns the run's hop sites (empty when off). It stays on across
   * restarts of the run.
   */
  traceSkbs(opts: { everyN: number } | null): SkbTraceSite[];
  summary(): Summary;
}

/** One flow's per-step samples (StepSeries), one value per step. */
export interface FlowSteps {
  /** The station (host) the flow goes to: index into StepSeries.stations. */
  station: number;
  /** Goodput over the step (in-order bytes at the receiver), Mbit/s. */
  goodputMbps: number[];
  cwndPkts: number[];
  /** Smoothed RTT at the step's end, ms. */
  srttMs: number[];
  /** Pacing rate at the step's end, Mbit/s; null when the era has none. */
  pacingMbps: number[] | null;
}

/**
 * What Flent's runners would record of a run, sampled by the simulation at
 * each step after the warm-up (`startNs`): the flows' goodput, cwnd, RTT and
 * pacing rate at every step end (`tNs`), and every ping reply per station.
 */
export interface StepSeries {
  stepNs: Ns;
  startNs: Ns;
  tNs: number[];
  /** Every flow's goodput together over each step, Mbit/s. */
  totalGoodputMbps: number[];
  /** Station (host) names; one for a single host. */
  stations: string[];
  flows: FlowSteps[];
  pings: { station: number; tNs: number[]; rttMs: number[] }[];
  /** Every UDP probe's answered requests since the warm-up (scenario udpProbes): reply time and RTT; absent without probes. */
  udpProbes?: { name: string; tNs: number[]; rttMs: number[] }[];
}
