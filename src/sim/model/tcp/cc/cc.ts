/**
 * Congestion-control module interface, after struct tcp_congestion_ops
 * (include/net/tcp.h). Units: cwnd and ssthresh in packets (segments),
 * rates in bytes per second, times in ns.
 */
import type { Ns } from '../../../engine/time';
import type { PacingStatus } from '../../skb';

/** What a CC module may read and write of the socket (struct tcp_sock subset). */
export interface CcSock {
  snd_cwnd: number;
  snd_ssthresh: number;
  readonly mss: number;
  /** Smoothed RTT in ns (0 before the first sample). */
  readonly srttNs: Ns;
  /** Windowed minimum RTT in ns (Infinity before the first sample). */
  readonly minRttNs: Ns;
  readonly packetsOut: number;
  readonly inFlight: number;
  /** Bytes delivered so far (tp->delivered in bytes). */
  readonly deliveredBytes: number;
  /** tp->is_cwnd_limited for the last flight. */
  readonly isCwndLimited: boolean;
  /** Set by BBR; otherwise the sender computes tcp_update_pacing_rate. */
  pacingRateBytesPerSec: number;
  readonly nowNs: Ns;
  /** sk->sk_pacing_shift (10 unless a driver lowers it); absent: 10. */
  readonly sk_pacing_shift?: number;
  /** sk->sk_max_pacing_rate (SO_MAX_PACING_RATE) in bytes/s; absent: unlimited. */
  readonly maxPacingRateBytesPerSec?: number;
  /** tp->tcp_wstamp_ns (EDT): when the next skb may leave; absent: now. */
  readonly wstampNs?: Ns;
  /** sk->sk_pacing_status (HyStart's ACK train from v5.6 reads it); absent: SK_PACING_NONE. */
  readonly sk_pacing_status?: PacingStatus;
}

/** struct rate_sample (net/ipv4/tcp_rate.c), per ACK. */
export interface RateSample {
  /** Delivery rate sample in bytes/s, or -1 if invalid. */
  deliveryRateBytesPerSec: number;
  /** Interval the sample spans in ns. */
  intervalNs: Ns;
  /** Packets newly delivered (acked or sacked) by this ACK. */
  deliveredPkts: number;
  /** Packets newly marked lost by this ACK. */
  lossesPkts: number;
  /** RTT sample in ns from this ACK, or -1. */
  rttNs: Ns;
  /** Whether the sample was taken while the sender was application limited. */
  isAppLimited: boolean;
  /** Total delivered packets when the acked packet was sent (for round counting). */
  priorDeliveredPkts: number;
  /** Total delivered packets now. */
  deliveredTotalPkts: number;
  /** rs->delivered: packets delivered over the sample's interval (-1: not valid). */
  intervalDeliveredPkts?: number;
  /** rs->prior_in_flight: packets in flight before this ACK. */
  priorInFlight?: number;
}

/** A rate sample with nothing measured yet (reused per ACK by its owner). */
export function newRateSample(intervalNs: Ns = -1): RateSample {
  return {
    deliveryRateBytesPerSec: -1,
    intervalNs,
    deliveredPkts: 0,
    lossesPkts: 0,
    rttNs: -1,
    isAppLimited: false,
    priorDeliveredPkts: 0,
    deliveredTotalPkts: 0,
  };
}

export interface CongestionControl {
  readonly name: 'reno' | 'cubic' | 'bbr';
  /** Whether the module sets sk_pacing_status = NEEDED on init (BBR does). */
  readonly needsPacing: boolean;
  init(sk: CcSock): void;
  /**
   * Called once per ACK that advances state, after SACK/loss processing
   * (tcp_cong_control). `ackedPkts` newly cumulatively/selectively acked.
   * Reno/CUBIC implement cong_avoid here (only when not in recovery);
   * BBR implements cong_control and sets pacing rate and cwnd itself.
   */
  onAck(sk: CcSock, ackedPkts: number, rs: RateSample, inRecovery: boolean): void;
  /** Loss detected (entering fast recovery): returns new ssthresh (packets). */
  ssthresh(sk: CcSock): number;
  /** RTO fired (tcp_enter_loss). */
  onRto(sk: CcSock): void;
  /** Recovery finished (undo not modelled). */
  onRecoveryExit(sk: CcSock): void;
  /** BBR's min_tso_segs hook; undefined means use sysctl_tcp_min_tso_segs. */
  minTsoSegs?(sk: CcSock): number;
  /** A short state label for charts ("slow start", "PROBE_BW 1.25" …). */
  stateLabel(): string;
}
