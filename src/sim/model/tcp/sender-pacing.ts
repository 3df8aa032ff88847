/**
 * The sender's internal pacing (net/ipv4/tcp_output.c): whether the socket
 * paces itself (SO_MAX_PACING_RATE, the congestion control's wish), tcp_pacing_check
 * before each skb, and after each send either the EDT stamp of
 * tcp_update_skb_after_send (4.20+) or the relative hrtimer of
 * tcp_internal_pacing (4.13–4.19), and TCP_TX_DELAY's later stamp (5.4+).
 * The rate arithmetic is ./pacing.ts.
 * Plain functions of the socket: the transmit path allocates nothing.
 */
import type { Ns } from '../../engine/time';
import { PacingStatus, type Skb } from '../skb';
import { hasEdt, hasInternalPacing } from './kernel-features';
import { edtAdvance, pacingLenNs } from './pacing';
import type { TcpSender } from './sender';

/**
 * At socket set-up: SO_MAX_PACING_RATE (sock_setsockopt) sets sk_pacing_rate =
 * min(sk_pacing_rate, max), and from 4.13 cmpxchg(&sk->sk_pacing_status,
 * SK_PACING_NONE, SK_PACING_NEEDED): TCP paces itself, whatever its congestion
 * control. BBR's init asks for the same. The congestion control's init runs between.
 */
export function tcpInitPacing(tp: TcpSender): void {
  const maxRate = tp.cfg.maxPacingRateBytesPerSec;
  if (Number.isFinite(maxRate)) tp.pacingRateBytesPerSec = Math.min(tp.pacingRateBytesPerSec, maxRate);
  tp.cc.init(tp);
  const wantsPacing = tp.cc.needsPacing || Number.isFinite(maxRate);
  if (wantsPacing && hasInternalPacing(tp.kernel) && tp.sk_pacing_status === PacingStatus.NONE) {
    tp.sk_pacing_status = PacingStatus.NEEDED;
  }
}

/** TCP paces itself (no fq qdisc doing it) in kernels that have internal pacing. */
export function needsInternalPacing(tp: TcpSender): boolean {
  return hasInternalPacing(tp.kernel) && tp.sk_pacing_status === PacingStatus.NEEDED;
}

/** tcp_pacing_check: true if pacing forbids sending now (and arms the timer). */
export function tcpPacingCheck(tp: TcpSender, nowNs: Ns): boolean {
  if (!needsInternalPacing(tp)) return false;
  if (hasEdt(tp.kernel)) {
    if (tp.wstampNs <= nowNs) return false;
    if (!tp.pacingTimer.armed) tp.pacingTimer.arm(tp.wstampNs);
    return true;
  }
  return tp.pacingTimer.armed;
}

/** Stamps a just-built skb of `lenBytes` and advances the pacing clock or arms the pacing timer. */
export function tcpPacingAfterSend(tp: TcpSender, skb: Skb, lenBytes: number, nowNs: Ns): void {
  const prior = tp.wstampNs;
  tp.wstampNs = Math.max(tp.wstampNs, nowNs);
  if (hasEdt(tp.kernel)) {
    // tcp_add_tx_delay (TCP_TX_DELAY, 5.4): the copy sent down leaves tx_delay later; fq
    // (or an EDT NIC) holds it, other qdiscs ignore the stamp. RTT is timed from the undelayed send.
    skb.tstampNs = tp.wstampNs + tp.cfg.txDelayUs * 1000;
    const rate = tp.pacingRateBytesPerSec;
    // dataSegsOut is read before this skb's segments are added to it.
    if (
      tp.sk_pacing_status !== PacingStatus.NONE &&
      Number.isFinite(rate) &&
      rate > 0 &&
      tp.dataSegsOut >= 10
    ) {
      tp.wstampNs = edtAdvance(tp.wstampNs, prior, lenBytes, rate);
    }
  }
  // tcp_internal_pacing (4.13–4.19), called in tcp_transmit_skb: a relative
  // hrtimer per skb at now + len/rate; the rest of the transmit overlaps it.
  if (!hasEdt(tp.kernel) && needsInternalPacing(tp)) {
    const rate = tp.pacingRateBytesPerSec;
    if (Number.isFinite(rate) && rate > 0) tp.pacingTimer.arm(nowNs + pacingLenNs(lenBytes, rate));
  }
}
