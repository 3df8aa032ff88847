/**
 * The sender's smoothed RTT and retransmission timeout, in the kernel's
 * integer arithmetic (net/ipv4/tcp_input.c: tcp_rtt_estimator, tcp_set_rto;
 * include/net/tcp.h: __tcp_set_rto, tcp_bound_rto), and min_rtt
 * (tcp_update_rtt_min).
 *
 * srtt is kept × 8 (srtt_us << 3) and mdev, mdev_max and rttvar unscaled, in µs since
 * 740b0f1841f6 ("tcp: switch rtt estimations to usec resolution", 3.15) and
 * in jiffies before it, where a sample is the jiffy count between the send
 * and the ACK (tcp_time_stamp, or the timestamp echo) and a 0 counts as 1.
 * rttvar never falls below tcp_rto_min (HZ/5 = 200 ms), so the RTO is
 * srtt + max(4·mdev, 200 ms) on a steady path.
 */
import { NS_PER_SEC, type Ns } from '../../engine/time';
import { jiffiesAt } from '../jiffies';

export const TCP_RTO_MIN_NS = 200_000_000;
export const TCP_RTO_MAX_NS = 120 * NS_PER_SEC;

/** The socket fields the estimator updates and reads. */
export interface RttSocket {
  srttNs: Ns;
  minRttNs: Ns;
  sndUna: number;
  sndNxt: number;
}

/** The clock RTT samples are taken with. */
export interface RttClock {
  /** µs stamps (3.15+); false: jiffies (tcp_time_stamp). */
  usecs: boolean;
  hz: number;
}

export class RttEstimator {
  /** tp->srtt_us (srtt << 3), mdev_us, mdev_max_us, rttvar_us, rtt_seq: in µs, or jiffies before 3.15. */
  private srtt8 = 0;
  private mdev = 0;
  private mdevMax = 0;
  private rttvar = 0;
  private rttSeq = 0;
  /** icsk_rto (without backoff), in ns; TCP_TIMEOUT_INIT before the first sample. */
  rtoNs: Ns = 1 * NS_PER_SEC;

  constructor(private readonly clock: RttClock = { usecs: true, hz: 1000 }) {}

  /** Nanoseconds per unit of the estimator's clock. */
  private get unitNs(): number {
    return this.clock.usecs ? 1000 : NS_PER_SEC / this.clock.hz;
  }

  /** The time between two stamps on the estimator's clock, as tcp_stamp_us_delta / tcp_time_stamp differences. */
  private delta(nowNs: Ns, sentNs: Ns): number {
    if (this.clock.usecs) return Math.floor(nowNs / 1000) - Math.floor(sentNs / 1000);
    return jiffiesAt(nowNs, this.clock.hz) - jiffiesAt(sentNs, this.clock.hz);
  }

  /**
   * One ACK (tcp_ack_update_rtt): `seqSentNs` is when the oldest newly acked
   * skb left (first_ackt, for srtt), `caSentNs` the newest (last_ackt, for min_rtt).
   */
  sample(tp: RttSocket, nowNs: Ns, seqSentNs: Ns, caSentNs: Ns): void {
    // min_rtt in µs: minmax_running_min(..., rtt_us ? : jiffies_to_usecs(1)).
    const caUs = Math.floor(nowNs / 1000) - Math.floor(caSentNs / 1000);
    const minUs = caUs > 0 ? caUs : Math.ceil(1_000_000 / this.clock.hz);
    if (minUs * 1000 < tp.minRttNs) tp.minRttNs = minUs * 1000;
    let m = this.delta(nowNs, seqSentNs);
    if (!this.clock.usecs && m === 0) m = 1;
    this.estimate(tp, m);
    // tcp_set_rto: icsk_rto = (srtt >> 3) + rttvar, bounded by TCP_RTO_MAX.
    this.rtoNs = Math.min((Math.floor(this.srtt8 / 8) + this.rttvar) * this.unitNs, TCP_RTO_MAX_NS);
  }

  /** tcp_rtt_estimator(sk, m). */
  private estimate(tp: RttSocket, sample: number): void {
    const rtoMin = TCP_RTO_MIN_NS / this.unitNs;
    let m = sample;
    let srtt = this.srtt8;
    if (srtt !== 0) {
      m -= Math.floor(srtt / 8); // m is now the error in the estimate
      srtt += m; // srtt = 7/8 srtt + 1/8 new
      if (m < 0) {
        m = -m - Math.floor(this.mdev / 4);
        // A falling RTT moves mdev with a finer gain (Eifel-like).
        if (m > 0) m = Math.floor(m / 8);
      } else {
        m -= Math.floor(this.mdev / 4);
      }
      this.mdev += m; // mdev = 3/4 mdev + 1/4 new
      if (this.mdev > this.mdevMax) {
        this.mdevMax = this.mdev;
        if (this.mdevMax > this.rttvar) this.rttvar = this.mdevMax;
      }
      if (tp.sndUna > this.rttSeq) {
        if (this.mdevMax < this.rttvar) this.rttvar -= Math.floor((this.rttvar - this.mdevMax) / 4);
        this.rttSeq = tp.sndNxt;
        this.mdevMax = rtoMin;
      }
    } else {
      srtt = m * 8;
      this.mdev = m * 2; // rto = 3 * rtt
      this.rttvar = Math.max(this.mdev, rtoMin);
      this.mdevMax = this.rttvar;
      this.rttSeq = tp.sndNxt;
    }
    // tp->srtt_us = max(1U, srtt) (3.15+); the jiffy version has m >= 1 already.
    this.srtt8 = Math.max(1, srtt);
    tp.srttNs = (this.srtt8 * this.unitNs) / 8;
  }
}
