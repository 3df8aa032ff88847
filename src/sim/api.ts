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

export interface StationSummary {
  name: string;
  goodputBps: number;
  medianPingMs: number;
  medianAggregate: number;
  /**
   * Median of minstrel_ht's avg_ampdu_len (the "average A-MPDU length" of
   * rc_stats, a 50 ms EWMA of frames per TX status) read once per ping step,
   * as Flent's WiFi stats runner records it.
   */
  medianAvgAmpduLen: number;
  /**
   * The station's share of the airtime spent with all stations after
   * warm-up: frames to it and from it (with their responses), as mac80211's
   * airtime accounting charges a station for TX and RX alike.
   */
  airtimeShare: number;
}

/**
 * The first sender's TSQ budget as tcp_small_queue_check computes it at its
 * last new-data check: limit = min(max(2 × truesize, pacing_rate >>
 * sk_pacing_shift), tcp_limit_output_bytes) (the sysctl alone before 3.12,
 * uncapped for paced flows 2018–2025), plus the tcp_tx_delay term.
 */
export interface TsqBudget {
  /** The max() formula applies; false: the sysctl alone is the limit (Linux 3.6–3.11). */
  dynamic: boolean;
  /** The limit of that check (bytes of truesize). */
  limitBytes: number;
  twiceTruesizeBytes: number;
  /** pacing_rate >> sk_pacing_shift; NaN before the era has a pacing rate. */
  pacingTermBytes: number;
  /** tcp_limit_output_bytes in force, and whether it caps this socket. */
  capBytes: number;
  capApplies: boolean;
  txDelayBytes: number;
  pacingShift: number;
  /** sk_pacing_rate in bit/s (0 before it is set). */
  pacingRateBps: number;
  /** Payload per byte of truesize of the skbs sent so far: converts the budget to payload. */
  payloadPerTruesize: number;
  /**
   * The throughput the budget allows by Little's law: the mean limit in
   * payload ÷ the mean time from transmit to free (TX completion), bit/s;
   * NaN before a completion is measured.
   */
  ceilingBps: number;
}

/** Medians of a run's per-step samples (StepSeries), as the core reports them beside its Summary. */
export interface StepSummary {
  /** The step, ms (Flent's default 200). */
  stepMs: number;
  totalGoodputMbps: number;
  flows: { station: number; goodputMbps: number; cwndPkts: number; srttMs: number; pacingMbps: number }[];
  /** Per station, the median ping (the same replies as Summary.stations[i].medianPingMs). */
  pingMs: number[];
}

/** The main WiFi radio's figures (WiFi scenarios only). */
export interface WifiRadioSummary {
  /** The radio's driver family (wifi.driver). */
  driver: string;
  /** Median PSDU bytes of the main radio's A-MPDUs (or single frames) on the air. */
  medianAggregateBytes: number;
  /**
   * Median time from the driver handing a frame to its firmware or hardware
   * to the host processing its TX status (ath10k: HTT tx_compl, mt76: the
   * TX-free event), µs; NaN for drivers that keep the frame themselves.
   */
  medianDriverStatusUs: number;
  /** Time-averaged bytes in the firmware's or hardware's queues (not on the air); NaN where there are none. */
  meanFirmwareBytes: number;
}

/** p10, median and p90 of a quantity sampled since the measurement began (NaN: no sample). */
export interface Quantiles {
  p10: number;
  median: number;
  p90: number;
}

/**
 * One TCP flow as `ss -tinm` shows it, sampled at the model's sample interval
 * since the measurement began: srtt (rtt:), min_rtt (minrtt:, at the end),
 * cwnd, pacing_rate, delivery_rate (the last valid rate sample, as
 * tcpi_delivery_rate) and skmem t (sk_wmem_alloc_get(): the truesize of the
 * flow's skbs below TCP). A flow's own path, RTT or start time do not matter here.
 */
export interface FlowSummary {
  /** The sender's index (flowId). */
  flow: number;
  /** In-order payload the receiver got since the measurement began, per second. */
  goodputBps: number;
  srttMs: Quantiles;
  /** min_rtt at the end of the run (Infinity before the first sample). */
  minRttMs: number;
  cwndPkts: Quantiles;
  /** NaN where the kernel has no sk_pacing_rate (before 3.12) or before the first RTT sample. */
  pacingRateBps: Quantiles;
  deliveryRateBps: Quantiles;
  skmemTBytes: Quantiles;
  /** Share of the time TSQ throttled the flow. */
  throttledFraction: number;
  /** ss's retrans total (tcpi_total_retrans): segments retransmitted since the connection began. */
  totalRetrans: number;
  /** tcpi_lost (lost_out) at the end of the run. */
  lost: number;
  /** D-SACKs the receiver sent (one per duplicate it got; ss's dsack_dups at the sender). */
  dsacks: number;
  /** tcpi_reordering: the reordering degree seen, in segments (3 until reordering is seen). */
  reordering: number;
  /** tcpi_reord_seen: how often reordering was seen. */
  reordSeen: number;
}

/** A qdisc's backlog as `tc -s qdisc` reports it (skbs and bytes queued), sampled since the measurement began. */
export interface QdiscSummary {
  /** Where it sits and its kind, e.g. "sender: fq_codel", "router: pfifo_fast". */
  name: string;
  backlogPkts: Quantiles;
  backlogBytes: Quantiles;
  /** tc -s qdisc's counters since the qdisc was made: dropped, requeues, overlimits. */
  drops: number;
  requeues: number;
  overlimits: number;
}

/**
 * One bulk flow's part of the run: per-flow rows like those of Flent's rtt_fair
 * tests (its host, lifetime and base RTT, its goodput over that lifetime).
 * FlowSummary has the same flow as `ss -tinm` samples it.
 */
/** A UDP flow over the measured window. */
export interface UdpSummary {
  name: string;
  /** Its -b target. */
  targetBps: number;
  /** Payload received per second. */
  goodputBps: number;
  /** Datagrams lost / datagrams sent (by sequence number, as iperf3 counts). */
  lossFraction: number;
  /** iperf3's jitter (RFC 1889 smoothing of transit-time differences). */
  jitterMs: number;
}

/**
 * A UDP latency probe (scenario udpProbes) over the measured window, as irtt's
 * client reports it and Flent reads it (IrttRunner: RTT_MEAN, RTT_MEDIAN,
 * OWD_UP_MEAN, OWD_DOWN_MEAN, PACKET_LOSS_RATE).
 */
export interface UdpProbeSummary {
  name: string;
  /** The series a Flent file of the run names it by, e.g. 'Ping (ms) UDP BE'. */
  flentSeries: string;
  intervalMs: number;
  /** UDP payload of a request and of its reply. */
  packetBytes: number;
  /** Requests counted: answered, or lost past irtt's end-of-test wait. */
  sent: number;
  received: number;
  /** Lost / sent (NaN: none counted yet). */
  lossFraction: number;
  rttMs: Quantiles & { mean: number };
  /** Client send → server receive (irtt's send_delay). */
  sendDelayMs: { mean: number; median: number };
  /** Server send → client receive (irtt's receive_delay). */
  receiveDelayMs: { mean: number; median: number };
}

export interface FlowShare {
  /** The flow's host (tcp.perFlow name), or "flow N". */
  name: string;
  /** When its application started writing. */
  startMs: number;
  /** When it stopped writing (null: it wrote to the end). */
  stopMs: number | null;
  /** Base RTT of its path (two-way propagation); NaN where the scenario does not fix one (WiFi). */
  baseRttMs: number;
  /** Goodput over the part of its lifetime after warm-up (up to its stop); NaN if none. */
  goodputBps: number;
  /** Mean of the sender's smoothed RTT over that time (sampled at the scenario's interval). */
  meanSrttMs: number;
  /**
   * Share of that time each reason held the sender back (sums to 1; NaN
   * before the measurement): as tcp_info's tcpi_busy_time, tcpi_rwnd_limited
   * and tcpi_sndbuf_limited time it, with the busy time split by what stopped
   * tcp_write_xmit (model/tcp/limit-chrono.ts).
   */
  limited: LimitShares;
  /** netperf TCP_RR (an `rr` application): transactions per second and their times. */
  transactions?: TransactionSummary;
  /** Which way its data goes, when tcp.perFlow gives it: 'up' from host 0, 'down' to it (Flent's TCP upload / download). */
  direction?: 'up' | 'down';
}

export interface TransactionSummary {
  perSec: number;
  latencyUs: { p50: number; p90: number; p99: number };
}

/** What held a sender back: application, send buffer, cwnd, receive window, pacing, TSQ. */
export interface LimitShares {
  app: number;
  sndbuf: number;
  cwnd: number;
  rwnd: number;
  pacing: number;
  tsq: number;
}

export interface Summary {
  simulatedNs: Ns;
  goodputBps: number;
  medianLatencyMs: number;
  /**
   * Every ping reply since the measurement began, as Flent reports it: mean, p10, median, p90 (NaN:
   * no ping); absent in summaries made by hand.
   */
  latencyMs?: Quantiles & { mean: number };
  medianAggregate: number;
  /**
   * The first sender's TSQ limit, averaged over the samples since the
   * measurement began (it moves with the pacing rate); its current value
   * before the first sample.
   */
  tsqLimitBytes: number;
  /** The TSQ budget's terms at the last check; null without a TCP sender (absent in summaries made by hand). */
  tsqBudget?: TsqBudget | null;
  /**
   * TCP's sender is a wired host whose packets a WiFi AP forwards: the TSQ
   * limit, TX completion and throttled time are that host's (TSQ does not
   * apply at the AP).
   */
  forwarded: boolean;
  /** Fraction of time the sender's core was busy; NaN when the scenario does not model CPU cost. */
  cpuBusy: number;
  /** Median time from TCP transmit to skb free (TX completion as TSQ sees it). */
  medianCompletionUs: number;
  throttledFraction: number;
  /**
   * Packets dropped since the start: qdiscs, mac80211 (overflow, CoDel, failed
   * TX status), ath9k legacy give-ups, brcmfmac (fws queue, bus, firmware) and
   * MPDUs the receivers' reorder buffers discard.
   */
  drops: number;
  stations: StationSummary[];
  /** The main radio's aggregation and completion figures (absent for a wired scenario). */
  wifi?: WifiRadioSummary;
  /** Every TCP flow, in sender order. */
  flows: FlowSummary[];
  /** Every qdisc of the scene (the sender's, a router's), in the order the builder added them. */
  qdiscs: QdiscSummary[];
  /** Every bulk flow's goodput, lifetime and RTT, in flow order. */
  flowShares: FlowShare[];
  /** Every UDP flow (scenario udpFlows), as iperf3 -u's server reports it; absent without UDP flows. */
  udp?: UdpSummary[];
  /** Every UDP latency probe (scenario udpProbes), as irtt reports it; absent without probes. */
  udpProbes?: UdpProbeSummary[];
  /** What bounds throughput now, computed from the state. */
  bound: string;
  /**
   * Per sampled series (SeriesSpec key), the mean of its samples since the
   * measurement began: a layer's mean occupancy, the mean cwnd. Present in
   * runs that record frames (the live hosts; headless CLI runs do not sample).
   */
  seriesMeans?: Record<string, number>;
  events: number;
  /** Medians per Flent step since the measurement began (the live explorer; absent in headless runs). */
  steps?: StepSummary;
}

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
