/**
 * tcp_write_xmit() for the bulk sender (net/ipv4/tcp_output.c), with
 * tcp_xmit_retransmit_queue first as tcp_tsq_write calls it: lost data goes
 * out before new data, then tcp_pacing_check, the cwnd test, the TSO goal
 * with autocork (tcp_should_autocork) and tcp_tso_should_defer, and
 * tcp_small_queue_check before each skb; the receiver's window bounds new
 * data (tcp_snd_wnd_test, tcp_mss_split_point, ./snd-wnd.ts). One skb per call: the sender calls
 * again when the CPU has transmitted it (the loop of tcp_write_xmit).
 * The socket state and the transmit itself are in ./sender.ts.
 */
import type { Ns } from '../../engine/time';
import { tcpSkbTruesize } from '../skb';
import type { TcpSender } from './sender';
import { tcpPacingCheck } from './sender-pacing';

export function tcpWriteXmit(tp: TcpSender, nowNs: Ns): void {
  if (tp.txBusy) return;
  const rtx = tp.rtx;
  // Retransmissions of lost data go first, with the TSQ limit doubled.
  const li = rtx.nextLost();
  if (li >= 0 && rtx.inFlight() < tp.snd_cwnd) {
    const r = rtx.at(li);
    const truesize = tcpSkbTruesize(r.end - r.seq, tp.cfg.sg);
    if (tp.tsqCheck(truesize, 1, nowNs)) return;
    rtx.markRetransmitted(r, nowNs);
    tp.send(r.seq, r.end - r.seq, r.segs, truesize, true, nowNs);
    return;
  }
  if (tcpPacingCheck(tp, nowNs)) return;
  const inFlight = rtx.inFlight();
  if (inFlight >= tp.snd_cwnd) {
    if (tp.era.cwndLimitedSticky) tp.cwndValidate(true);
    return;
  }
  const unsentSegs = Math.floor(tp.unsentBytes / tp.mss);
  if (unsentSegs < 1) return;
  // Receive window: the first segment must fit (tcp_snd_wnd_test); the skb is cut at its edge.
  const rwndSegs = tp.sndWnd.segsAvailable(tp.sndUna, tp.sndNxt, tp.mss);
  if (rwndSegs < 1) {
    tp.sndWnd.setLimited(true, nowNs);
    return;
  }
  const goal = tp.tsoGoal();
  const halfCwnd = Math.max(tp.snd_cwnd >> 1, 1);
  const quota = Math.min(halfCwnd, tp.snd_cwnd - inFlight);
  let segs = Math.min(goal, quota, unsentSegs, rwndSegs);
  if (segs < 1) return;
  // Autocork (tcp_should_autocork): a short tail waits for more data from the
  // writer while earlier skbs still sit in the qdisc or device.
  if (segs < goal && segs === unsentSegs && tp.app.busy && tp.wmemBytes > 0) return;
  const sndWndSegs = Math.floor(tp.sndWnd.wnd / tp.mss);
  if (
    segs < goal &&
    tp.tso.shouldDefer(tp.ack.inRecovery(), inFlight, segs, goal, nowNs - tp.lastSendNs, rwndSegs, sndWndSegs)
  ) {
    // Deferred for want of window: the receiver's (is_rwnd_limited) when it is
    // the smaller, else cwnd (is_cwnd_limited, which the tcp_write_xmit loop
    // that just sent validates with).
    if (rwndSegs <= tp.snd_cwnd - inFlight) tp.sndWnd.setLimited(true, nowNs);
    else if (tp.loopSent) tp.cwndValidate(true, true);
    return;
  }
  const len = segs * tp.mss;
  const truesize = tcpSkbTruesize(len, tp.cfg.sg);
  if (tp.tsqCheck(truesize, 0, nowNs)) return;
  segs = Math.max(1, segs);
  tp.sndWnd.setLimited(false, nowNs);
  tp.send(tp.sndNxt, len, segs, truesize, false, nowNs);
  tp.sndNxt += len;
  tp.cwndValidate(tp.rtx.inFlight() >= tp.snd_cwnd);
}
