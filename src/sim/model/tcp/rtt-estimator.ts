/**
 * The sender's smoothed RTT and retransmission timeout
 * (net/ipv4/tcp_input.c: tcp_rtt_estimator, Jacobson/Karels; tcp_set_rto
 * with TCP_RTO_MIN and TCP_RTO_MAX from include/net/tcp.h), and min_rtt.
 */
import { NS_PER_SEC, type Ns } from '../../engine/time';

export const TCP_RTO_MIN_NS = 200_000_000;
export const TCP_RTO_MAX_NS = 120 * NS_PER_SEC;

/** The socket fields the estimator updates. */
export interface RttSocket {
  srttNs: Ns;
  minRttNs: Ns;
}

export class RttEstimator {
  private rttvarNs: Ns = 0;
  rtoNs: Ns = 1 * NS_PER_SEC;

  /** One ACK's samples: `m` for srtt (oldest newly acked skb), `caRttNs` for min_rtt (newest). */
  sample(tp: RttSocket, m: Ns, caRttNs: Ns): void {
    if (m <= 0) m = 1000;
    if (caRttNs > 0 && caRttNs < tp.minRttNs) tp.minRttNs = caRttNs;
    if (tp.srttNs === 0) {
      tp.srttNs = m;
      this.rttvarNs = m / 2;
    } else {
      this.rttvarNs += (Math.abs(m - tp.srttNs) - this.rttvarNs) / 4;
      tp.srttNs += (m - tp.srttNs) / 8;
    }
    this.rtoNs = Math.min(tp.srttNs + Math.max(4 * this.rttvarNs, TCP_RTO_MIN_NS), TCP_RTO_MAX_NS);
  }
}
