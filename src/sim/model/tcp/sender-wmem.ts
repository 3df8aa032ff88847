/**
 * The sender's write memory as net/ipv4/tcp.c and tcp_input.c count it:
 * sk_wmem_queued of the retransmit queue and the unsent data, the size_goal
 * tcp_sendmsg builds skbs at (tcp_send_mss → tcp_xmit_size_goal), and
 * tcp_check_space after an ACK (tcp_new_space, then the writer wakes).
 * sk_sndbuf's autotuning is ./sndbuf-expand.ts; sk_wmem_alloc is kept on the
 * socket itself (./sender.ts), which the transmit path charges.
 * Plain functions of the socket.
 */
import type { Ns } from '../../engine/time';
import { sndbufOnNewSpace } from './sndbuf-expand';
import { tsqHalfLimitSegs } from './tso';
import type { TcpSender } from './sender';

/** tcp_send_mss size_goal in segments: skbs tcp_sendmsg builds are this large. */
export function tcpSizeGoalSegs(tp: TcpSender): number {
  if (tp.cfg.gsoMode === 'mss') return 1;
  const full = Math.max(1, Math.floor(tp.cfg.gsoMaxSizeBytes / tp.mss) - 1);
  return Math.min(full, tsqHalfLimitSegs(tp.kernel, tp.limitOutputBytes, tp.mss));
}

/**
 * sk_wmem_queued: payload plus each skb's fixed truesize, for the skbs of
 * the retransmit queue and the size_goal skbs the unsent data fills.
 */
export function tcpWmemQueuedBytes(tp: TcpSender): number {
  const mss = tp.mss;
  const sg = tp.cfg.sg;
  const goalBytes = tp.sizeGoalSegs() * mss;
  const perSkb = tp.skbTruesize(sg ? goalBytes : mss) - (sg ? goalBytes : mss);
  const unsent = tp.unsentBytes;
  return tp.writeSeq - tp.sndUna + perSkb * (tp.rtx.skbs + Math.ceil(unsent / goalBytes));
}

/**
 * tcp_check_space after an ACK: if it freed skbs (SOCK_QUEUE_SHRUNK) while the
 * writer waits (SOCK_NOSPACE), tcp_new_space may expand sk_sndbuf; then
 * sk_stream_write_space wakes the writer.
 */
export function tcpCheckSpace(tp: TcpSender, queueShrunk: boolean, nowNs: Ns): void {
  const at = tp.cfg.sndbufAutotune;
  if (at && queueShrunk && tp.app.noSpace) sndbufOnNewSpace(tp, at);
  tp.appWrite(nowNs);
}
