/**
 * Delivery-rate sampling of the sender (net/ipv4/tcp_rate.c): each skb
 * snapshots the connection's delivered count and times when sent
 * (tcp_rate_skb_sent); an ACK keeps the snapshot of the most recently sent
 * skb it delivers (tcp_rate_skb_delivered) and turns it into one rate sample
 * over max(send interval, ACK interval) (tcp_rate_gen). The sample object is
 * reused: the ACK path allocates nothing.
 */
import { NS_PER_SEC, type Ns } from '../../engine/time';
import { newRateSample, type RateSample } from './cc/cc';
import type { TxRecord } from './tx-record';

export class DeliveryRate {
  /** tp->delivered: packets delivered (acked or sacked) so far. */
  deliveredPkts = 0;
  /** tp->delivered_mstamp. */
  deliveredNs: Ns = 0;
  /** tp->first_tx_mstamp: send time of the skb that starts the current sampling interval. */
  private firstTxNs: Ns = 0;
  // The snapshot kept by this ACK (tcp_rate_skb_delivered); priorDelivered < 0: none yet.
  private priorDelivered = 0;
  private priorNs: Ns = 0;
  private sendIntervalNs: Ns = 0;
  private readonly rs: RateSample = newRateSample(0);

  /** tcp_rate_skb_sent: `packetsOutBefore` is packets_out before this skb. */
  skbSent(r: TxRecord, packetsOutBefore: number, nowNs: Ns): void {
    if (packetsOutBefore === 0) {
      this.firstTxNs = nowNs;
      this.deliveredNs = nowNs;
    }
    r.deliveredAtSend = this.deliveredPkts;
    r.deliveredNsAtSend = this.deliveredNs;
    r.firstTxNsAtSend = this.firstTxNs;
  }

  /** An ACK starts: no snapshot kept yet. */
  beginAck(): void {
    this.priorDelivered = -1;
  }

  /** tcp_rate_skb_delivered: keep the most recently sent skb's snapshot. */
  skbDelivered(r: TxRecord, segs: number): void {
    this.deliveredPkts += segs;
    if (r.deliveredAtSend >= this.priorDelivered) {
      this.priorDelivered = r.deliveredAtSend;
      this.priorNs = r.deliveredNsAtSend;
      this.sendIntervalNs = r.xmitNs - r.firstTxNsAtSend;
      this.firstTxNs = r.xmitNs;
    }
  }

  /** tcp_rate_gen: delivery rate over max(send interval, ack interval). */
  gen(
    nowNs: Ns,
    newlyDelivered: number,
    newlyLost: number,
    rttNs: Ns,
    minRttNs: Ns,
    mssBytes: number,
  ): RateSample {
    const rs = this.rs;
    rs.deliveredPkts = newlyDelivered;
    rs.lossesPkts = newlyLost;
    rs.rttNs = rttNs;
    rs.deliveredTotalPkts = this.deliveredPkts;
    rs.isAppLimited = false;
    if (this.priorDelivered < 0) {
      rs.deliveryRateBytesPerSec = -1;
      rs.intervalNs = 0;
      rs.intervalDeliveredPkts = -1;
      rs.priorDeliveredPkts = this.deliveredPkts;
      return rs;
    }
    rs.priorDeliveredPkts = this.priorDelivered;
    const delivered = this.deliveredPkts - this.priorDelivered;
    rs.intervalDeliveredPkts = delivered;
    const interval = Math.max(this.sendIntervalNs, nowNs - this.priorNs);
    rs.intervalNs = interval;
    // Samples shorter than min_rtt are unreliable (ACK compression).
    if (interval <= 0 || interval < minRttNs) rs.deliveryRateBytesPerSec = -1;
    else rs.deliveryRateBytesPerSec = (delivered * mssBytes * NS_PER_SEC) / interval;
    return rs;
  }
}
