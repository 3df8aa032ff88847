/**
 * When cwnd may grow: tcp_cwnd_validate() (net/ipv4/tcp_output.c) and
 * tcp_is_cwnd_limited() (include/net/tcp.h, net/ipv4/tcp_cong.c before
 * 3.16), per kernel generation (KernelFeatures.cwndValidate):
 *
 * - 'inflight' (≤ 3.15, RFC 2861 form): tcp_is_cwnd_limited(sk, in_flight)
 *   at ACK time, with in_flight as it was before the ACK: limited if
 *   in_flight ≥ cwnd, or, on a GSO socket, if the room left (cwnd −
 *   in_flight) is below cwnd / tcp_tso_win_divisor (3) and below
 *   gso_max_size in bytes, or at most tcp_max_tso_deferred_mss (3) segments.
 * - 'max-packets' (ca8a22634381 "tcp: make cwnd-limited checks
 *   measurement-based, and gentler", 3.16): at the end of a tcp_write_xmit
 *   that sent, record the largest packets_out of each window
 *   (max_packets_out, max_packets_seq) and whether cwnd limited it; slow start
 *   grows while cwnd < 2 · max_packets_out, congestion avoidance while the
 *   flag holds.
 * - 'send-nothing' (299bcb55ecd1 "tcp: fix cwnd-limited bug for TSO deferral
 *   where we send nothing", Dec 2020, 5.11): tcp_write_xmit validates also
 *   when it sent nothing but was cwnd-limited, and a cwnd-limited call always
 *   records.
 * - 'usage-seq' (f4ce91ce12a7 "tcp: fix tcp_cwnd_validate() to not forget
 *   is_cwnd_limited", Sep 2022, 6.0; stable 4.19.262+): a cwnd-limited send
 *   sets the flag for the rest of the window (cwnd_usage_seq), a larger flight
 *   updates max_packets_out only while the flag is clear, and
 *   tcp_is_cwnd_limited tests the flag first.
 *
 * Not cwnd-limited (the network starves): snd_cwnd_used keeps the largest
 * packets_out, and with net.ipv4.tcp_slow_start_after_idle (default 1) an
 * RTO without cwnd-limited sends runs tcp_cwnd_application_limited (RFC
 * 2861): in CA_Open with the writer not blocked on the send buffer
 * (SOCK_NOSPACE clear), ssthresh = tcp_current_ssthresh and cwnd = (cwnd +
 * max(snd_cwnd_used, init_cwnd)) / 2; not for a congestion control with
 * cong_control (BBR, 4.9+).
 */
import { preferDoubleFields } from '../../engine/double-fields';

/** The tcp_cwnd_validate generation (see the header). */
export type CwndValidateRule = 'inflight' | 'max-packets' | 'send-nothing' | 'usage-seq';

/** tcp_max_tso_deferred_mss() (net/ipv4/tcp_cong.c ≤ 3.15). */
const TSO_DEFERRED_MSS = 3;
/** sysctl_tcp_tso_win_divisor default. */
const TSO_WIN_DIVISOR = 3;

/** What the pre-3.16 test reads of the socket's GSO set-up (sk_can_gso, sk_gso_max_size, mss_cache). */
export interface GsoShape {
  canGso: boolean;
  gsoMaxSizeBytes: number;
  mssBytes: number;
}

export class CwndValidation {
  /** tp->is_cwnd_limited as tcp_cwnd_validate records it. */
  private flag = false;
  /** tp->max_packets_out and the snd_nxt that ends its window (max_packets_seq, later cwnd_usage_seq). */
  maxPacketsOut = 0;
  maxPacketsSeq = 0;
  /** The last validate recorded this flight. */
  private tookFlight = false;
  /** tp->snd_cwnd_used: the largest packets_out while not cwnd-limited. */
  cwndUsed = 0;

  constructor(
    private readonly rule: () => CwndValidateRule,
    private readonly gso: GsoShape = { canGso: false, gsoMaxSizeBytes: 65536, mssBytes: 1448 },
  ) {}

  /**
   * tcp_is_cwnd_limited(), as congestion control asks it on an ACK;
   * `priorInFlight` is the flight before the ACK (the ≤ 3.15 test's in_flight).
   */
  isLimited(cwnd: number, ssthresh: number, priorInFlight: number): boolean {
    const rule = this.rule();
    if (rule === 'inflight') return this.inflightLimited(cwnd, priorInFlight);
    if (rule === 'usage-seq' && this.flag) return true;
    // tcp_in_slow_start(): cwnd < ssthresh.
    if (cwnd < ssthresh) return cwnd < 2 * this.maxPacketsOut;
    return this.flag;
  }

  /** The ≤ 3.15 tcp_is_cwnd_limited(sk, in_flight). */
  private inflightLimited(cwnd: number, inFlight: number): boolean {
    if (inFlight >= cwnd) return true;
    const left = cwnd - inFlight;
    const g = this.gso;
    if (g.canGso && left * TSO_WIN_DIVISOR < cwnd && left * g.mssBytes < g.gsoMaxSizeBytes) return true;
    return left <= TSO_DEFERRED_MSS;
  }

  /**
   * The window-tracking half of tcp_cwnd_validate. The model validates after
   * each skb; `sameLoop`: the tcp_write_xmit loop whose last skb was just
   * validated ends cwnd-limited (TSO deferral), which the kernel's single
   * validate at the loop's end would have recorded.
   */
  validate(packetsOut: number, sndUna: number, sndNxt: number, limited: boolean, sameLoop = false): void {
    const rule = this.rule();
    if (rule === 'inflight') return;
    if (sameLoop && this.tookFlight) {
      this.flag = limited;
      return;
    }
    const newWindow = sndUna >= this.maxPacketsSeq;
    let take: boolean;
    if (rule === 'usage-seq') take = newWindow || limited || (!this.flag && packetsOut > this.maxPacketsOut);
    else take = newWindow || packetsOut > this.maxPacketsOut || (rule === 'send-nothing' && limited);
    this.tookFlight = take;
    if (!take) return;
    this.flag = limited;
    this.maxPacketsOut = packetsOut;
    this.maxPacketsSeq = sndNxt;
  }

  /** Whether a tcp_write_xmit that sent nothing but stopped for want of cwnd validates (5.11+). */
  validatesWhenNothingSent(): boolean {
    const rule = this.rule();
    return rule === 'send-nothing' || rule === 'usage-seq';
  }
}

// Sequence numbers outgrow small integers mid-run (see double-fields.ts).
preferDoubleFields(new CwndValidation(() => 'max-packets'), ['maxPacketsSeq']);
