/**
 * tcp_write_xmit() for the bulk sender (net/ipv4/tcp_output.c), with
 * tcp_xmit_retransmit_queue first as tcp_tsq_write calls it: lost data goes
 * out before new data, then tcp_pacing_check, the cwnd test, the TSO goal
 * with autocork (tcp_should_autocork) and tcp_tso_should_defer, and
 * tcp_small_queue_check before each skb; the receiver's window bounds new
 * data (tcp_snd_wnd_test, tcp_mss_split_point, ./snd-wnd.ts). One skb per call: the sender calls
 * again when the CPU has transmitted it (the loop of tcp_write_xmit).
 * The socket state is in ./sender.ts, the transmit itself in ./sender-xmit.ts.
 */
import type { Ns } from '../../engine/time';
import type { TcpSender } from './sender';
import { tcpPacingCheck } from './sender-pacing';
import { partialTailMayGo, tcpMinshallUpdate } from './tcp-push';

/**
 * Autocork of the short tail the writer is still filling. The kernel
 * (net/ipv4/tcp.c, 3.14+) tests tcp_should_autocork in tcp_push at the end of
 * each sendmsg — `skb->len < size_goal && tcp_autocorking &&
 * !tcp_rtx_queue_empty(sk) && refcount_read(&sk->sk_wmem_alloc) >
 * skb->truesize` — while the writer owns the socket, so softirq sends nothing
 * until release_sock. The model has neither the socket lock nor per-sendmsg
 * pushes: its writer copies chunk after chunk, and this one test stands for
 * both, holding the tail while the writer copies and an skb of the socket is
 * below it. Before 3.14 (no tcp_autocorking) every sendmsg pushed its tail.
 */
function tailCorked(tp: TcpSender): boolean {
  return tp.kernel.tcpAutocorking && tp.app.busy && tp.rtx.skbs > 0 && tp.wmemBytes > 0;
}

export function tcpWriteXmit(tp: TcpSender, nowNs: Ns): void {
  if (tp.txBusy) return;
  const rtx = tp.rtx;
  // Retransmissions of lost data go first, with the TSQ limit doubled.
  const li = rtx.nextLost();
  if (li >= 0 && rtx.inFlight() < tp.snd_cwnd) {
    const r = rtx.at(li);
    const truesize = tp.skbTruesize(r.end - r.seq);
    if (tp.tsqCheck(truesize, 1, nowNs)) return tp.limits.set('tsq', nowNs);
    rtx.markRetransmitted(r, nowNs);
    tp.totalRetrans += r.segs; // tcp_retransmit_skb: tp->total_retrans += segs
    tp.send(r.seq, r.end - r.seq, r.segs, truesize, true, nowNs);
    return;
  }
  if (tcpPacingCheck(tp, nowNs)) return tp.limits.set('pacing', nowNs);
  const inFlight = rtx.inFlight();
  if (inFlight >= tp.snd_cwnd) {
    // 5.11+ (299bcb55ecd1): a tcp_write_xmit that sends nothing for want of cwnd validates too.
    if (tp.cwndValidation.validatesWhenNothingSent()) tp.cwndValidate(true);
    return tp.limits.set('cwnd', nowNs);
  }
  const unsent = tp.unsentBytes;
  // Whole segments, and the partial last one once the writer pushed it and Nagle lets it (./tcp-push.ts).
  const wholeSegs = Math.floor(unsent / tp.mss);
  const unsentSegs = wholeSegs + (unsent > wholeSegs * tp.mss && partialTailMayGo(tp) ? 1 : 0);
  // Nothing to send: the writer waits for memory, or has nothing (./limit-chrono.ts).
  if (unsentSegs < 1) return tp.limits.set(tp.app.noSpace ? 'sndbuf' : 'app', nowNs);
  // Receive window: the first segment must fit (tcp_snd_wnd_test); the skb is cut at its edge.
  const rwndSegs = tp.sndWnd.segsAvailable(tp.sndUna, tp.sndNxt, tp.mss);
  if (rwndSegs < 1) {
    tp.sndWnd.setLimited(true, nowNs);
    return tp.limits.set('rwnd', nowNs);
  }
  const goal = tp.tsoGoal();
  const halfCwnd = Math.max(tp.snd_cwnd >> 1, 1);
  const quota = Math.min(halfCwnd, tp.snd_cwnd - inFlight);
  let segs = Math.min(goal, quota, unsentSegs, rwndSegs);
  if (segs < 1) return;
  if (segs < goal && segs === unsentSegs && tailCorked(tp)) return tp.limits.set('app', nowNs);
  // tcp_tso_should_defer's limit is min(send_win, cong_win): the receiver's window past snd_nxt counts.
  const room = Math.min(tp.snd_cwnd - inFlight, rwndSegs);
  if (segs < goal && tp.tso.shouldDefer(tp.ack.inRecovery(), room, goal, nowNs, tp.sndWnd.wnd)) {
    // Deferred for want of window: the receiver's (is_rwnd_limited) when it is
    // the smaller, else cwnd (tcp_tso_should_defer sets is_cwnd_limited, which
    // the tcp_write_xmit loop that just sent validates with).
    if (rwndSegs <= tp.snd_cwnd - inFlight) tp.sndWnd.setLimited(true, nowNs);
    else if (tp.loopSent) tp.cwndValidate(true, true);
    else if (tp.cwndValidation.validatesWhenNothingSent()) tp.cwndValidate(true);
    return tp.limits.set(rwndSegs <= tp.snd_cwnd - inFlight ? 'rwnd' : 'cwnd', nowNs);
  }
  const len = Math.min(segs * tp.mss, unsent);
  const truesize = tp.skbTruesize(len);
  if (tp.tsqCheck(truesize, 0, nowNs)) return tp.limits.set('tsq', nowNs);
  segs = Math.max(1, segs);
  tp.sndWnd.setLimited(false, nowNs);
  tp.send(tp.sndNxt, len, segs, truesize, false, nowNs);
  tp.sndNxt += len;
  tp.sndSml = tcpMinshallUpdate(tp.sndSml, len, segs, tp.mss, tp.sndNxt);
  tp.cwndValidate(tp.rtx.inFlight() >= tp.snd_cwnd);
}
