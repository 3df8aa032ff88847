/**
 * Undo of a cwnd reduction that TCP timestamps prove spurious
 * (net/ipv4/tcp_input.c: tcp_init_undo, tcp_packet_delayed,
 * tcp_undo_cwnd_reduction). With timestamps on (the Linux default), an ACK
 * that echoes a send time older than the first retransmission was caused by
 * the original: the "loss" was delay or reordering (a WiFi retry past the
 * receiver's reorder timeout, a queue that grew faster than the RTO).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import type { RtxQueue } from './rtx-queue';

export interface UndoSock {
  snd_cwnd: number;
  snd_ssthresh: number;
  readonly rtx: RtxQueue;
}

export class UndoState {
  /** tp->retrans_stamp: time of the first retransmission of this episode (0: none). */
  private retransStampNs: Ns = 0;
  /** cwnd when the reduction began (CUBIC's loss_cwnd, what its undo_cwnd returns to). */
  private undoCwnd = 0;
  /** tp->prior_ssthresh = tcp_current_ssthresh(): max(ssthresh, 3/4 cwnd). */
  private priorSsthresh = 0;
  /** Reductions undone so far. */
  count = 0;

  /** tcp_init_undo() as a reduction starts; its first retransmission goes out now. */
  init(tp: UndoSock, nowNs: Ns): void {
    this.undoCwnd = tp.snd_cwnd;
    this.priorSsthresh = Math.max(tp.snd_ssthresh, (tp.snd_cwnd >> 1) + (tp.snd_cwnd >> 2));
    if (this.retransStampNs === 0) this.retransStampNs = nowNs;
  }

  /** The episode is over (back to Open): the next one starts a new stamp. */
  clear(): void {
    this.retransStampNs = 0;
  }

  /** tcp_packet_delayed(): the ACK echoes a timestamp from before the first retransmission. */
  delayed(ack: Skb): boolean {
    return this.retransStampNs > 0 && ack.tsEcrNs > 0 && ack.tsEcrNs < this.retransStampNs;
  }

  /**
   * tcp_undo_cwnd_reduction(sk, true): cwnd back to at least its value before
   * the reduction, ssthresh to prior_ssthresh, loss marks forgotten.
   */
  undo(tp: UndoSock): void {
    const rtx = tp.rtx;
    for (let i = 0; i < rtx.skbs; i++) rtx.unmarkLost(rtx.at(i));
    tp.snd_cwnd = Math.max(tp.snd_cwnd, this.undoCwnd);
    if (this.priorSsthresh > tp.snd_ssthresh) tp.snd_ssthresh = this.priorSsthresh;
    this.retransStampNs = 0;
    this.count++;
  }
}

// The first retransmission's stamp comes mid-run, past the small integers (see double-fields.ts).
preferDoubleFields(new UndoState(), ['retransStampNs']);
