/**
 * The sender's view of the receive window (net/ipv4/tcp_input.c
 * tcp_ack_update_window, tcp_may_update_window; tcp_wnd_end in
 * include/net/tcp.h) and the tests tcp_write_xmit applies with it
 * (net/ipv4/tcp_output.c tcp_snd_wnd_test, tcp_mss_split_point): the first
 * segment of an skb must fit below snd_una + snd_wnd, and an skb is cut at
 * the window's last whole segment (with Nagle, the bulk sender's default, a
 * partial last segment waits while data is in flight).
 */
import type { Ns } from '../../engine/time';

export class SndWnd {
  /** snd_wnd: the window the receiver last advertised, in bytes. */
  wnd: number;
  /** Time spent limited by the window (tcp_chrono TCP_CHRONO_RWND_LIMITED), ns; open interval from limitedSinceNs. */
  private limitedNs: Ns = 0;
  private limitedSinceNs: Ns = -1;

  constructor(initialBytes: number) {
    this.wnd = initialBytes;
  }

  /**
   * tcp_ack_update_window for a pure ACK (its sequence never moves, so
   * snd_wl1 is always equal): the window is taken when the ACK advances
   * snd_una, or when it only opens the window further (or closes it to 0).
   */
  onAck(advanced: boolean, windowBytes: number): void {
    if (advanced || windowBytes > this.wnd || windowBytes === 0) this.wnd = windowBytes;
  }

  /** Whole segments of `mss` that fit from sndNxt to the window's right edge (tcp_wnd_end). */
  segsAvailable(sndUna: number, sndNxt: number, mss: number): number {
    return Math.max(0, Math.floor((sndUna + this.wnd - sndNxt) / mss));
  }

  /** Marks the sender window-limited (or not) from nowNs. */
  setLimited(limited: boolean, nowNs: Ns): void {
    if (limited && this.limitedSinceNs < 0) this.limitedSinceNs = nowNs;
    else if (!limited && this.limitedSinceNs >= 0) {
      this.limitedNs += nowNs - this.limitedSinceNs;
      this.limitedSinceNs = -1;
    }
  }

  get limited(): boolean {
    return this.limitedSinceNs >= 0;
  }

  /** Time spent window-limited so far, including an open interval. */
  limitedTimeNs(nowNs: Ns): Ns {
    return this.limitedNs + (this.limitedSinceNs >= 0 ? nowNs - this.limitedSinceNs : 0);
  }
}
