/**
 * What a run reports: the Summary the core returns at any moment (goodput,
 * latency, the TSQ budget, per-flow, per-qdisc, per-station, UDP and probe
 * figures), part of the core's public contract (./api.ts re-exports it).
 */
import type { Ns } from './engine/time';

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
  /** |RTT(n) − RTT(n − 1)| over consecutive answered requests (irtt's ipdv_round_trip, Flent's IPDV_MEAN). */
  ipdvMs: { mean: number; median: number };
}

/**
 * One bulk flow's part of the run: per-flow rows like those of Flent's rtt_fair
 * tests (its host, lifetime and base RTT, its goodput over that lifetime).
 * FlowSummary has the same flow as `ss -tinm` samples it.
 */
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
