/**
 * BBR's long-term ("LT") bandwidth estimator, the token-bucket policer
 * detector of net/ipv4/tcp_bbr.c (bbr_lt_bw_sampling, bbr_lt_bw_interval_done,
 * bbr_reset_lt_bw_sampling*). Two consecutive lossy (≥ 20 % lost) intervals of
 * 4..16 rounds with consistent delivery rates make BBR pace at their average
 * for 48 rounds.
 */
import { BBR_UNIT, BW_UNIT, bbrRateBytesPerSec } from './bbr-units';

/** Minimum rounds in a sampling interval. */
const LT_INTVL_MIN_RTTS = 4;
/** lost/delivered above 50/256 (≈20 %) makes an interval "lossy". */
const LT_LOSS_THRESH = 50;
/** Two intervals within 1/8 of each other are "consistent"... */
const LT_BW_RATIO = BBR_UNIT / 8;
/** ...or within 4 kbit/s (in bytes/s). */
const LT_BW_DIFF_BYTES_PER_SEC = 4000 / 8;
/** Rounds to keep using lt_bw once policing is detected. */
const LT_BW_MAX_RTTS = 48;

const US_PER_MS = 1000;

export class BbrLtBw {
  /** Long-term delivery rate (packets/µs << 24). */
  bw = 0;
  /** Whether BBR uses `bw` instead of its max filter. */
  useBw = false;
  private isSampling = false;
  private rttCnt = 0;
  private lastDelivered = 0;
  private lastLost = 0;
  private lastStampMs = 0;

  /** bbr_reset_lt_bw_sampling_interval() */
  resetInterval(delivered: number, lost: number, deliveredStampUs: number): void {
    this.lastStampMs = Math.floor(deliveredStampUs / US_PER_MS);
    this.lastDelivered = delivered;
    this.lastLost = lost;
    this.rttCnt = 0;
  }

  /** bbr_reset_lt_bw_sampling() */
  reset(delivered: number, lost: number, deliveredStampUs: number): void {
    this.bw = 0;
    this.useBw = false;
    this.isSampling = false;
    this.resetInterval(delivered, lost, deliveredStampUs);
  }

  /**
   * bbr_lt_bw_sampling(), once per ACK. Returns true when BBR must restart
   * gain cycling (bbr_reset_probe_bw_mode) because the LT period ended.
   * `delivered`/`lost` are the connection totals in packets.
   */
  sample(
    losses: number,
    isAppLimited: boolean,
    roundStart: boolean,
    inProbeBw: boolean,
    delivered: number,
    lost: number,
    deliveredStampUs: number,
    mss: number,
    marginPercent: number,
  ): boolean {
    if (this.useBw) {
      if (inProbeBw && roundStart && ++this.rttCnt >= LT_BW_MAX_RTTS) {
        this.reset(delivered, lost, deliveredStampUs);
        return true;
      }
      return false;
    }

    // Wait for the first loss, so a policer has spent its burst tokens.
    if (!this.isSampling) {
      if (!losses) return false;
      this.resetInterval(delivered, lost, deliveredStampUs);
      this.isSampling = true;
    }
    // App-limited stretches would underestimate the policed rate.
    if (isAppLimited) {
      this.reset(delivered, lost, deliveredStampUs);
      return false;
    }
    if (roundStart) this.rttCnt++;
    if (this.rttCnt < LT_INTVL_MIN_RTTS) return false;
    if (this.rttCnt > 4 * LT_INTVL_MIN_RTTS) {
      this.reset(delivered, lost, deliveredStampUs);
      return false;
    }
    // End the interval on a loss: the policer's tokens are then exhausted.
    if (!losses) return false;

    const lostIntvl = lost - this.lastLost;
    const deliveredIntvl = delivered - this.lastDelivered;
    if (!deliveredIntvl || lostIntvl * BBR_UNIT < LT_LOSS_THRESH * deliveredIntvl) return false;

    const tMs = Math.floor(deliveredStampUs / US_PER_MS) - this.lastStampMs;
    if (tMs < 1) return false; // shorter than 1 ms: wait
    const bw = Math.floor((deliveredIntvl * BW_UNIT) / (tMs * US_PER_MS));
    this.intervalDone(bw, mss, marginPercent, delivered, lost, deliveredStampUs);
    return false;
  }

  /** bbr_lt_bw_interval_done(): two consistent intervals mean "policed". */
  private intervalDone(
    bw: number,
    mss: number,
    marginPercent: number,
    delivered: number,
    lost: number,
    deliveredStampUs: number,
  ): void {
    if (this.bw) {
      const diff = Math.abs(bw - this.bw);
      if (
        diff * BBR_UNIT <= LT_BW_RATIO * this.bw ||
        bbrRateBytesPerSec(diff, mss, BBR_UNIT, marginPercent) <= LT_BW_DIFF_BYTES_PER_SEC
      ) {
        this.bw = Math.floor((bw + this.bw) / 2); // average the two intervals
        this.useBw = true;
        this.rttCnt = 0;
        return;
      }
    }
    this.bw = bw;
    this.resetInterval(delivered, lost, deliveredStampUs);
  }
}
