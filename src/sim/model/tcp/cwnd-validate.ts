/**
 * tcp_cwnd_validate() and tcp_is_cwnd_limited() (net/ipv4/tcp_output.c,
 * include/net/tcp.h): the largest flight of each round and whether cwnd
 * limited it. Congestion control grows cwnd only when this says so, which is
 * why a TSQ-limited flow (in flight < cwnd) stops growing cwnd.
 */
import { preferDoubleFields } from '../../engine/double-fields';

export class CwndValidation {
  /** tp->is_cwnd_limited as tcp_cwnd_validate records it. */
  private flag = false;
  /** tp->max_packets_out and the snd_nxt that ends its round (tp->max_packets_seq). */
  maxPacketsOut = 0;
  maxPacketsSeq = 0;
  /** The last validate recorded a new largest flight. */
  private tookFlight = false;

  /** Whether a cwnd-limited send keeps the flag set for the rest of the round (eras with cwndLimitedSticky). */
  constructor(private readonly sticky: () => boolean) {}

  /** tcp_is_cwnd_limited(): in slow start, cwnd < 2 · max_packets_out also counts. */
  isLimited(cwnd: number, ssthresh: number): boolean {
    if (cwnd < ssthresh) return cwnd < 2 * this.maxPacketsOut;
    return this.flag;
  }

  /**
   * `sameLoop`: the loop's last send already recorded this flight, and the
   * loop now ends cwnd-limited (one validate per loop in the kernel).
   */
  validate(
    packetsOut: number,
    sndUna: number,
    sndNxt: number,
    isCwndLimited: boolean,
    sameLoop = false,
  ): void {
    if (sameLoop && this.tookFlight) this.flag = isCwndLimited;
    else if (sndUna >= this.maxPacketsSeq || packetsOut > this.maxPacketsOut) {
      this.maxPacketsOut = packetsOut;
      this.maxPacketsSeq = sndNxt;
      this.flag = isCwndLimited;
      this.tookFlight = true;
      return;
    } else if (isCwndLimited && this.sticky()) this.flag = true;
    this.tookFlight = false;
  }
}

// Sequence numbers outgrow small integers mid-run (see double-fields.ts).
preferDoubleFields(new CwndValidation(() => false), ['maxPacketsSeq']);
