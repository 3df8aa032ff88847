/**
 * Connection set-up: the three segments every flow's application makes the
 * stacks exchange when it connects, on the same path and through the same
 * queues as the data that follows.
 *
 * Active side (the sender):
 * - tcp_v4_connect → tcp_connect (net/ipv4/tcp_output.c) sends the SYN and
 *   arms the retransmit timer at TCP_TIMEOUT_INIT (1 s, RFC 6298, since 3.1);
 *   tcp_retransmit_timer resends it with the timeout doubled each time, and
 *   tcp_enter_loss sets ssthresh from the congestion control (cwnd 10 → 7
 *   for CUBIC, 5 for Reno) and counts total_retrans.
 * - tcp_rcv_synsent_state_process (net/ipv4/tcp_input.c) on the SYN-ACK:
 *   tcp_ack → tcp_clean_rtx_queue acks the SYN → tcp_ack_update_rtt with
 *   seq_rtt = ca_rtt = now − the SYN's send stamp (Karn: none if the SYN was
 *   retransmitted; then tcp_rtt_tsopt_us, now − the echoed TSval on the TCP
 *   timestamp clock, 1 ms since 4.13, a jiffy before, at least one tick):
 *   tcp_rtt_estimator seeds srtt = m, mdev = 2m, rttvar = max(2m, rto_min),
 *   tcp_update_rtt_min seeds min_rtt, tcp_set_rto the RTO. tcp_ack then runs
 *   tcp_cong_control → tcp_update_pacing_rate (4.9+) with tcp_init_sock's
 *   TCP_INIT_CWND (10) and packets_out 0. tcp_ack_update_window takes the
 *   SYN-ACK's window (never scaled), tcp_store_ts_recent its TSval.
 * - tcp_finish_connect → tcp_init_transfer: snd_cwnd = 1 if SYN or SYN-ACK
 *   went out more than once (total_retrans > 1 && undo_marker), else
 *   tcp_init_cwnd (the route's initcwnd, TCP_INIT_CWND by default);
 *   tcp_init_congestion_control (BBR's init paces from this srtt,
 *   bbr_init_pacing_rate_from_rtt). tcp_send_ack sends the third ACK; the
 *   application's connect() returns and netperf starts writing.
 * Passive side (the receiver): tcp_conn_request answers each SYN with a
 * SYN-ACK (tcp_v4_send_synack) that echoes its TSval; the third ACK (and
 * its tcp_synack_rtt_meas) completes the receiver's socket, which keeps no
 * RTT estimate here.
 *
 * Not modelled: the listener's own SYN-ACK timer (the sender's SYN timer
 * resends the SYN, which the receiver answers again, about as soon), the
 * 2019 undo of a spurious SYN timeout (tcp_try_undo_spurious_syn), and
 * tcp_syn_retries: a run never lasts the 127 s of six retries.
 * The SYN and the third ACK travel as kind DATA and the SYN-ACK as kind ACK:
 * routing sends DATA towards the receiver and ACK towards the sender. The
 * SYN and the third ACK belong to the socket (skb_set_owner_w: sk_wmem_alloc
 * holds them; sch_fq marks the socket SK_PACING_FQ at the SYN, before a
 * congestion control's init can ask for internal pacing).
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { Timer } from '../../engine/sim';
import { NS_PER_SEC, type Ns } from '../../engine/time';
import { Skb, SkbKind, SMALL_SKB_TRUESIZE } from '../skb';
import { tcpPacingRate } from './pacing';
import { TCP_RTO_MAX_NS } from './rtt-estimator';
import type { TcpSender } from './sender';
import { tcpXmitControl } from './sender-xmit';

/** TCP header flags (include/net/tcp.h TCPHDR_*). */
export const TCPHDR_SYN = 0x02;
export const TCPHDR_ACK = 0x10;
/** TCP_TIMEOUT_INIT (include/net/tcp.h): 1 s since 3.1 (RFC 6298). */
export const TCP_TIMEOUT_INIT_NS = NS_PER_SEC;
/** TCP_INIT_CWND (include/net/tcp.h): tcp_init_sock's cwnd, which the SYN-ACK's pacing update uses. */
export const TCP_INIT_CWND = 10;
/**
 * A SYN or SYN-ACK on Ethernet: 14 + IP 20 + TCP 20 + the options Linux
 * sends (MSS 4, SACK_PERM + timestamps 12, NOP + window scale 4) = 74 bytes.
 */
export const SYN_HDR_BYTES = 74;
/** A pure ACK with timestamps: 14 + 20 + 20 + 12 = 66 bytes. */
export const PURE_ACK_HDR_BYTES = 66;

/** Who the segments are from and to. */
export interface HandshakeEnds {
  readonly flowId: number;
  readonly cfg: { readonly src: number; readonly dst: number; readonly priority: number };
}

function controlSkb(kind: SkbKind, flags: number, hdrBytes: number, nowNs: Ns): Skb {
  const s = new Skb();
  s.kind = kind;
  s.tcpFlags = flags;
  s.lenBytes = 0;
  s.segs = 1;
  s.hdrBytes = hdrBytes;
  s.truesizeBytes = SMALL_SKB_TRUESIZE;
  s.createdNs = nowNs;
  s.xmitNs = nowNs;
  return s;
}

/** The SYN (tcp_connect): its TSval is its send time (xmitNs). */
export function synSkb(ends: HandshakeEnds, nowNs: Ns): Skb {
  const s = controlSkb(SkbKind.DATA, TCPHDR_SYN, SYN_HDR_BYTES, nowNs);
  s.flowId = ends.flowId;
  s.src = ends.cfg.src;
  s.dst = ends.cfg.dst;
  s.priority = ends.cfg.priority;
  return s;
}

/** The receiver's SYN-ACK to `syn`: it echoes the SYN's TSval and offers `windowBytes` (unscaled). */
export function synAckSkb(syn: Skb, windowBytes: number, nowNs: Ns): Skb {
  const s = controlSkb(SkbKind.ACK, TCPHDR_SYN | TCPHDR_ACK, SYN_HDR_BYTES, nowNs);
  s.flowId = syn.flowId;
  s.src = syn.dst;
  s.dst = syn.src;
  s.priority = syn.priority;
  s.tsEcrNs = syn.xmitNs;
  s.windowBytes = windowBytes;
  return s;
}

/** The third ACK (tcp_send_ack from SYN_SENT). */
export function thirdAckSkb(ends: HandshakeEnds, nowNs: Ns): Skb {
  const s = synSkb(ends, nowNs);
  s.tcpFlags = TCPHDR_ACK;
  s.hdrBytes = PURE_ACK_HDR_BYTES;
  return s;
}

/** What the SYN-ACK leaves the sender with (tcp_rcv_synsent_state_process). */
export interface SynAckResult {
  /** Send time of the segment the RTT sample starts from (for RttEstimator.sample). */
  rttSentNs: Ns;
  /** total_retrans > 1: tcp_init_transfer starts cwnd at 1. */
  cwndOne: boolean;
}

/** SYN_SENT of the active opener: the SYN, its retransmit timer, and the SYN-ACK's RTT sample. */
export class ActiveOpen implements EventTarget {
  /** Send time of the first SYN (the skb's stamp tcp_clean_rtx_queue reads). */
  firstSynNs: Ns = -1;
  /** SYN retransmissions (total_retrans while SYN_SENT). */
  retrans = 0;
  established = false;
  private readonly timer: Timer;
  private timeoutNs: Ns = TCP_TIMEOUT_INIT_NS;

  constructor(
    sim: Sim,
    private readonly ends: HandshakeEnds,
    private readonly xmit: (skb: Skb, nowNs: Ns) => void,
    /** tcp_enter_loss on a SYN timeout: ssthresh from the congestion control. */
    private readonly onSynTimeout: () => void,
    /** The TCP timestamp clock tick in ns: 1 ms (4.13+) or a jiffy. */
    private readonly tsTickNs: Ns,
  ) {
    this.timer = new Timer(sim, (now) => this.retransmit(now));
  }

  handleEvent(): void {}

  connect(nowNs: Ns): void {
    this.firstSynNs = nowNs;
    this.send(nowNs);
  }

  private send(nowNs: Ns): void {
    this.xmit(synSkb(this.ends, nowNs), nowNs);
    this.timer.arm(nowNs + this.timeoutNs);
  }

  private retransmit(nowNs: Ns): void {
    if (this.established) return;
    this.retrans++;
    this.onSynTimeout();
    this.timeoutNs = Math.min(this.timeoutNs * 2, TCP_RTO_MAX_NS);
    this.send(nowNs);
  }

  /** The first SYN-ACK; null for a duplicate (the socket is established already). */
  synAck(synAck: Skb, nowNs: Ns): SynAckResult | null {
    if (this.established) return null;
    this.established = true;
    this.timer.cancel();
    let rttSentNs = this.firstSynNs;
    if (this.retrans > 0) {
      // Karn: the SYN was resent, so the sample comes from the echoed TSval, in timestamp ticks.
      const tick = this.tsTickNs;
      const ticks = Math.max(1, Math.floor(nowNs / tick) - Math.floor(synAck.tsEcrNs / tick));
      rttSentNs = nowNs - ticks * tick;
    }
    return { rttSentNs, cwndOne: this.retrans > 1 };
  }
}

/**
 * tcp_rcv_synsent_state_process on the first SYN-ACK: tcp_ack's RTT sample
 * and pacing update, the SYN-ACK's window and TSval, then tcp_init_transfer
 * (initial cwnd, congestion control init), the third ACK, and the writer.
 */
export function tcpFinishConnect(tp: TcpSender, synAck: Skb, nowNs: Ns): void {
  const r = tp.open.synAck(synAck, nowNs);
  if (r === null) return;
  tp.ack.rtt.sample(tp, nowNs, r.rttSentNs, r.rttSentNs);
  tp.sndWnd.wnd = synAck.windowBytes;
  tp.tsRecentNs = synAck.createdNs;
  const k = tp.kernel;
  // tcp_cong_control → tcp_update_pacing_rate (BBR's cong_control sets its own in its init).
  if (tp.cc.name !== 'bbr') {
    tp.pacingRateBytesPerSec = tcpPacingRate(
      tp.mss,
      TCP_INIT_CWND,
      tp.snd_ssthresh,
      0,
      tp.srttNs,
      tp.cfg.maxPacingRateBytesPerSec,
      k.tcpPacingSsRatio,
      k.tcpPacingCaRatio,
    );
  }
  tp.snd_cwnd = r.cwndOne ? 1 : tp.cfg.initialCwnd;
  // snd_cwnd_stamp (tcp_init_transfer) and lsndtime ("prevent spurious tcp_cwnd_restart() on first data packet").
  tp.cwndStampNs = nowNs;
  tp.lastSendNs = nowNs;
  tp.cc.init(tp);
  tcpXmitControl(tp, thirdAckSkb(tp, nowNs), nowNs);
  tp.start(nowNs);
}
