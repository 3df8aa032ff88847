/**
 * HyStart as each kernel generation had it: bictcp_hystart_reset(),
 * hystart_update(), hystart_ack_delay() and the HyStart part of
 * bictcp_acked() / cubictcp_acked() and bictcp_cong_avoid() in
 * net/ipv4/tcp_cubic.c. Both detectors (hystart_detect = 3), hystart_low_window
 * 16, HYSTART_MIN_SAMPLES 8, hystart_ack_delta 2 ms (2000 µs). The rule
 * (KernelFeatures.hystart, ../kernel-features.ts):
 *
 * - 'ms-16th' (2b4636a5f8ca "make the delay threshold of HyStart less
 *   sensitive", 2.6.39, up to 42eef7a0bb09; so 3.6): a millisecond clock
 *   (bictcp_clock), delays in ms << 3 (`(rtt_us << 3) / USEC_PER_MSEC`),
 *   delay threshold clamp(delay_min >> 4, 4 ms, 16 ms) — 6.25 % of delay_min;
 *   ACK train when the closely spaced ACKs span more than delay_min / 2
 *   (`delay_min >> 4` in ms << 3). HyStart runs while snd_cwnd <= snd_ssthresh.
 * - 'ms' (42eef7a0bb09 "tcp_cubic: refine Hystart delay threshold", 2013, up
 *   to v5.5): the same with clamp(delay_min >> 3, 4 ms, 16 ms), 12.5 %.
 * - 'us' (the v5.6 series: cff04e2da308 "switch bictcp_clock to usec
 *   resolution", "tweak Hystart detection for short RTT flows", "make Hystart
 *   aware of pacing", "optimize hystart_update()", "remove one conditional"):
 *   tp->tcp_mstamp in µs, delays in µs, the same 12.5 % clamped to
 *   4000–16000 µs; ACK train past (delay_min + hystart_ack_delay) / 2, not
 *   halved when sk_pacing_status != SK_PACING_NONE; hystart_ack_delay =
 *   min(1000 µs, GSO_MAX_SIZE · 4 · 10^6 / sk_pacing_rate).
 * - 'us-min-fix' ("tcp_cubic: fix spurious HYSTART_DELAY exit upon drop in
 *   min RTT", v5.8): every sample of the round may lower curr_rtt, not only
 *   the first eight.
 * - 'us-round-per-ack' (4e1fddc98d25 "fix spurious Hystart ACK train
 *   detections for not-cwnd-limited flows", v5.16): the round resets in
 *   hystart_update on any slow-start ACK with cwnd >= 16 (`after(snd_una,
 *   end_seq)`), no longer in bictcp_cong_avoid, which only cwnd-limited ACKs
 *   reach; 9957b38b5e7a (v5.19) takes sk->sk_gso_max_size for GSO_MAX_SIZE
 *   (5.16–5.18 used 65536; not told apart here).
 * - 'us-reset-first' (25c1a9ca53db "fix incorrect HyStart round start
 *   detection", v6.14; stable 6.1.129 and 6.6): the round resets before the
 *   low-window test, so rounds are counted while cwnd < 16 too.
 *
 * Before 'us-round-per-ack' the round resets in bictcp_cong_avoid, after
 * hystart_update has seen the ACK (->pkts_acked runs in tcp_clean_rtx_queue,
 * ->cong_avoid later in tcp_cong_control) and only on cwnd-limited ACKs.
 * The round's end_seq (snd_nxt at the reset) is counted in packets: the round
 * ends once a packet sent after the reset is delivered.
 */
import type { Ns } from '../../../engine/time';
import { PacingStatus } from '../../skb';
import { skGsoMaxSize } from '../tso';

/** The HyStart generation (see the header). */
export type HystartRule = 'ms-16th' | 'ms' | 'us' | 'us-min-fix' | 'us-round-per-ack' | 'us-reset-first';

/** Detector bits of ca->found (4.x) and the model's record of which fired. */
export const HYSTART_ACK_TRAIN = 0x1;
export const HYSTART_DELAY = 0x2;
const HYSTART_MIN_SAMPLES = 8;
export const HYSTART_LOW_WINDOW = 16;
/** GSO_MAX_SIZE, what hystart_ack_delay() assumed a TSO packet could be (v5.6–v5.18). */
const GSO_MAX_SIZE = 65536;

/** What HyStart reads of the socket. */
export interface HystartSock {
  snd_cwnd: number;
  snd_ssthresh: number;
  readonly nowNs: Ns;
  readonly packetsOut: number;
  /** sk->sk_pacing_rate in bytes/s (Infinity: ~0UL, not yet set). */
  readonly pacingRateBytesPerSec: number;
  /** sk->sk_pacing_status; absent: SK_PACING_NONE. */
  readonly sk_pacing_status?: PacingStatus;
}

const usRule = (r: HystartRule): boolean => r !== 'ms' && r !== 'ms-16th';

export class Hystart {
  /** Which detector ended slow start: HYSTART_ACK_TRAIN, HYSTART_DELAY or both (0: none yet). */
  found = 0;
  /** LINUX_MIB_TCPHYSTARTTRAINDETECT / TRAINCWND, DELAYDETECT / DELAYCWND for this flow. */
  trainDetect = 0;
  trainCwnd = 0;
  delayDetect = 0;
  delayCwnd = 0;
  private roundStart = 0;
  private lastAck = 0;
  private endDelivered = 0;
  private currRtt = 0;
  private sampleCnt = 0;
  /** Delays in µs (v5.6+) or in ms << 3. */
  readonly usClock: boolean;

  constructor(
    readonly rule: HystartRule,
    /** The device's gso_max_size: sk_gso_max_size from v5.19. */
    private readonly gsoMaxSizeBytes = GSO_MAX_SIZE,
  ) {
    this.usClock = usRule(rule);
  }

  /** The era's clock: tp->tcp_mstamp in µs, or bictcp_clock() in ms. */
  private clock(nowNs: Ns): number {
    return Math.floor(nowNs / (this.usClock ? 1000 : 1_000_000));
  }

  /** An RTT sample in the era's delay unit, never 0 (bictcp_acked). */
  delayOf(rttNs: Ns): number {
    const us = Math.floor(rttNs / 1000);
    const d = this.usClock ? us : Math.floor((us * 8) / 1000);
    return d === 0 ? 1 : d;
  }

  /** bictcp_hystart_reset(): a new round starts now and ends after snd_nxt. */
  reset(sk: HystartSock, deliveredTotal: number): void {
    this.roundStart = this.lastAck = this.clock(sk.nowNs);
    this.endDelivered = deliveredTotal + sk.packetsOut;
    this.currRtt = this.usClock ? 0xffffffff : 0;
    this.sampleCnt = 0;
  }

  /** bictcp_reset() clears found (init and TCP_CA_Loss). */
  clearFound(): void {
    this.found = 0;
  }

  private roundEnded(deliveredTotal: number): boolean {
    return deliveredTotal > this.endDelivered;
  }

  /** bictcp_cong_avoid() up to v5.15: a cwnd-limited ACK in slow start ends the round. */
  onCongAvoidSlowStart(sk: HystartSock, deliveredTotal: number): void {
    if (this.resetsInUpdate()) return;
    if (this.roundEnded(deliveredTotal)) this.reset(sk, deliveredTotal);
  }

  private resetsInUpdate(): boolean {
    return this.rule === 'us-round-per-ack' || this.rule === 'us-reset-first';
  }

  /** The HyStart tail of bictcp_acked(), after delay_min took this sample. */
  onSample(sk: HystartSock, delay: number, delayMin: number, deliveredTotal: number): void {
    if (this.found !== 0) return;
    const inSlowStart =
      this.rule === 'ms-16th' ? sk.snd_cwnd <= sk.snd_ssthresh : sk.snd_cwnd < sk.snd_ssthresh;
    if (!inSlowStart) return;
    if (this.rule === 'us-reset-first' && this.roundEnded(deliveredTotal)) this.reset(sk, deliveredTotal);
    if (sk.snd_cwnd < HYSTART_LOW_WINDOW) return;
    if (this.rule === 'us-round-per-ack' && this.roundEnded(deliveredTotal)) this.reset(sk, deliveredTotal);
    this.ackTrain(sk, delayMin);
    this.delayIncrease(sk, delay, delayMin);
  }

  /** hystart_ack_delay() (v5.6+): TSO/GRO cushion, 4 TSO packets at the pacing rate, at most 1 ms. */
  ackDelayUs(pacingRateBytesPerSec: number): number {
    const rate = pacingRateBytesPerSec;
    if (!(rate > 0) || !Number.isFinite(rate)) return 0;
    const gso = this.resetsInUpdate() ? skGsoMaxSize(this.gsoMaxSizeBytes) : GSO_MAX_SIZE;
    return Math.min(1000, Math.floor((gso * 4 * 1_000_000) / Math.floor(rate)));
  }

  /** The ACK-train threshold for now - round_start, in the clock's unit. */
  trainThreshold(sk: HystartSock, delayMin: number): number {
    if (!this.usClock) return delayMin >> 4; // (ms << 3) / 16: half of delay_min, in ms
    const threshold = delayMin + this.ackDelayUs(sk.pacingRateBytesPerSec);
    // Pacing may have spread the round over up to RTT/2 in slow start.
    const paced = (sk.sk_pacing_status ?? PacingStatus.NONE) !== PacingStatus.NONE;
    return paced ? threshold : Math.floor(threshold / 2);
  }

  /** HYSTART_DELAY_THRESH(): 6.25 % or 12.5 % of delay_min, clamped to 4–16 ms. */
  delayThreshold(delayMin: number): number {
    const lo = this.usClock ? 4000 : 4 << 3;
    const hi = this.usClock ? 16000 : 16 << 3;
    const frac = this.rule === 'ms-16th' ? delayMin >> 4 : delayMin >> 3;
    return Math.min(Math.max(frac, lo), hi);
  }

  private ackTrain(sk: HystartSock, delayMin: number): void {
    const now = this.clock(sk.nowNs);
    const deltaMax = this.usClock ? 2000 : 2;
    if (now - this.lastAck > deltaMax) return;
    this.lastAck = now;
    if (now - this.roundStart > this.trainThreshold(sk, delayMin)) {
      this.found |= HYSTART_ACK_TRAIN;
      this.trainDetect++;
      this.trainCwnd += sk.snd_cwnd;
      sk.snd_ssthresh = sk.snd_cwnd;
    }
  }

  private delayIncrease(sk: HystartSock, delay: number, delayMin: number): void {
    const minOverAll = this.rule !== 'ms' && this.rule !== 'ms-16th' && this.rule !== 'us';
    if (minOverAll && this.currRtt > delay) this.currRtt = delay;
    if (this.sampleCnt < HYSTART_MIN_SAMPLES) {
      if (this.currRtt === 0 || this.currRtt > delay) this.currRtt = delay;
      this.sampleCnt++;
    } else if (this.currRtt > delayMin + this.delayThreshold(delayMin)) {
      this.found |= HYSTART_DELAY;
      this.delayDetect++;
      this.delayCwnd += sk.snd_cwnd;
      sk.snd_ssthresh = sk.snd_cwnd;
    }
  }
}
