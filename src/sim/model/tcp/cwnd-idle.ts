/**
 * What an idle or application-limited sender does to cwnd (RFC 2861, with
 * net.ipv4.tcp_slow_start_after_idle, default 1), net/ipv4/tcp_output.c:
 *
 * - tcp_cwnd_validate's second half: while cwnd-limited, snd_cwnd_used = 0
 *   and snd_cwnd_stamp = now; otherwise snd_cwnd_used keeps the largest
 *   packets_out and, once snd_cwnd_stamp is an RTO old (tcp_cong_avoid
 *   refreshes it on every ACK that may raise cwnd, so only a flow without
 *   such ACKs gets there), tcp_cwnd_application_limited: in CA_Open with
 *   SOCK_NOSPACE clear (the writer is not waiting for send-buffer space),
 *   ssthresh = tcp_current_ssthresh = max(ssthresh, 3/4 cwnd) and cwnd =
 *   (cwnd + max(snd_cwnd_used, init_cwnd)) / 2 if that is smaller. Not for a
 *   congestion control with cong_control (BBR).
 * - tcp_slow_start_after_idle_check (tcp_skb_entail, 4.x+; tcp_event_data_sent
 *   before): new data after more than an RTO with nothing in flight since the
 *   last send (lsndtime) → tcp_cwnd_restart: ssthresh = tcp_current_ssthresh,
 *   cwnd halved once per RTO of idle, not below min(init_cwnd, cwnd).
 * Before 3.16 the "cwnd-limited" of the first half is packets_out ≥ cwnd.
 */
import type { Ns } from '../../engine/time';
import type { CwndValidation } from './cwnd-validate';

/** The socket fields these rules read and write. */
export interface IdleSocket {
  snd_cwnd: number;
  snd_ssthresh: number;
  readonly packetsOut: number;
  readonly isCwndLimited: boolean;
  readonly cwndValidation: CwndValidation;
  /** tp->snd_cwnd_stamp. */
  cwndStampNs: Ns;
  /** tp->lsndtime: the last data send. */
  readonly lastSendNs: Ns;
  readonly kernel: { readonly tcpSlowStartAfterIdle: boolean; readonly cwndValidate: string };
  readonly cc: { readonly name: string };
  readonly cfg: { readonly initialCwnd: number };
  /** icsk_rto (without backoff). */
  rtoNs(): Ns;
  /** icsk_ca_state == TCP_CA_Open. */
  caOpen(): boolean;
  /** SOCK_NOSPACE: the writer waits in sk_stream_wait_memory. */
  noSpace(): boolean;
}

/** tcp_current_ssthresh() outside a cwnd reduction. */
function currentSsthresh(sk: IdleSocket): number {
  return Math.max(sk.snd_ssthresh, (sk.snd_cwnd >> 1) + (sk.snd_cwnd >> 2));
}

/** The second half of tcp_cwnd_validate, after the window tracking. */
export function tcpCwndStarve(sk: IdleSocket, nowNs: Ns): void {
  const v = sk.cwndValidation;
  const limited = sk.kernel.cwndValidate === 'inflight' ? sk.packetsOut >= sk.snd_cwnd : sk.isCwndLimited;
  if (limited) {
    v.cwndUsed = 0;
    sk.cwndStampNs = nowNs;
    return;
  }
  if (sk.packetsOut > v.cwndUsed) v.cwndUsed = sk.packetsOut;
  if (sk.kernel.tcpSlowStartAfterIdle && nowNs - sk.cwndStampNs >= sk.rtoNs() && sk.cc.name !== 'bbr') {
    applicationLimited(sk, nowNs);
  }
}

/** tcp_cwnd_application_limited(). */
function applicationLimited(sk: IdleSocket, nowNs: Ns): void {
  if (sk.caOpen() && !sk.noSpace()) {
    const winUsed = Math.max(sk.cwndValidation.cwndUsed, sk.cfg.initialCwnd);
    if (winUsed < sk.snd_cwnd) {
      sk.snd_ssthresh = currentSsthresh(sk);
      sk.snd_cwnd = (sk.snd_cwnd + winUsed) >> 1;
    }
    sk.cwndValidation.cwndUsed = 0;
  }
  sk.cwndStampNs = nowNs;
}

/** tcp_slow_start_after_idle_check → tcp_cwnd_restart, before new data leaves an idle socket. */
export function tcpSlowStartAfterIdleCheck(sk: IdleSocket, nowNs: Ns): void {
  if (!sk.kernel.tcpSlowStartAfterIdle || sk.packetsOut > 0 || sk.cc.name === 'bbr') return;
  let delta = nowNs - sk.lastSendNs;
  const rto = sk.rtoNs();
  if (delta <= rto) return;
  const restart = Math.min(sk.cfg.initialCwnd, sk.snd_cwnd);
  sk.snd_ssthresh = currentSsthresh(sk);
  let cwnd = sk.snd_cwnd;
  while ((delta -= rto) > 0 && cwnd > restart) cwnd >>= 1;
  sk.snd_cwnd = Math.max(cwnd, restart);
  sk.cwndStampNs = nowNs;
  sk.cwndValidation.cwndUsed = 0;
}
