/**
 * BBR's ACK-aggregation estimate (v5.1+, net/ipv4/tcp_bbr.c:
 * bbr_update_ack_aggregation, bbr_extra_acked, bbr_ack_aggregation_cwnd).
 * It measures how much more data was ACKed in an epoch than the bandwidth
 * estimate predicts (WiFi A-MPDUs, stretch ACKs) and adds the windowed max
 * of that excess to the cwnd target, so the sender keeps transmitting through
 * inter-ACK silences. With gain 0 (kernels before v5.1) it is off.
 */
import { BBR_UNIT, BW_UNIT } from './bbr-units';

/** Window of the extra_acked max filter: 5..10 packet-timed rounds. */
const EXTRA_ACKED_WIN_RTTS = 5;
/** Reset the epoch after this many ACKed packets (20-bit counter). */
const ACK_EPOCH_ACKED_RESET_THRESH = 1 << 20;
/** Cap the extra cwnd at this much time of data at the estimated bw. */
const EXTRA_ACKED_MAX_US = 100 * 1000;

export class BbrAckAggr {
  private epochStampUs = 0;
  private epochAcked = 0;
  private extraAcked0 = 0;
  private extraAcked1 = 0;
  private winRtts = 0;
  private winIdx = 0;

  /** The init part of bbr_init() (and the idle-restart part of bbr_cwnd_event). */
  reset(nowUs: number): void {
    this.epochStampUs = nowUs;
    this.epochAcked = 0;
    this.winRtts = 0;
    this.winIdx = 0;
    this.extraAcked0 = 0;
    this.extraAcked1 = 0;
  }

  /** bbr_extra_acked(): max excess over the last 5..10 rounds. */
  extraAcked(): number {
    return Math.max(this.extraAcked0, this.extraAcked1);
  }

  /** bbr_update_ack_aggregation(); the caller checks gain and sample validity. */
  update(ackedSacked: number, roundStart: boolean, bw: number, deliveredStampUs: number, cwnd: number): void {
    if (roundStart) {
      this.winRtts = Math.min(0x1f, this.winRtts + 1);
      if (this.winRtts >= EXTRA_ACKED_WIN_RTTS) {
        this.winRtts = 0;
        this.winIdx ^= 1;
        if (this.winIdx === 0) this.extraAcked0 = 0;
        else this.extraAcked1 = 0;
      }
    }

    // Packets the bw estimate says should have been delivered over the epoch.
    const epochUs = Math.max(deliveredStampUs - this.epochStampUs, 0);
    let expected = Math.floor((bw * epochUs) / BW_UNIT);

    // Restart the epoch when ACKs fall behind that rate, or the epoch is old.
    if (this.epochAcked <= expected || this.epochAcked + ackedSacked >= ACK_EPOCH_ACKED_RESET_THRESH) {
      this.epochAcked = 0;
      this.epochStampUs = deliveredStampUs;
      expected = 0;
    }

    this.epochAcked = Math.min(0xfffff, this.epochAcked + ackedSacked);
    const extra = Math.min(this.epochAcked - expected, cwnd);
    if (this.winIdx === 0) {
      if (extra > this.extraAcked0) this.extraAcked0 = extra;
    } else if (extra > this.extraAcked1) {
      this.extraAcked1 = extra;
    }
  }

  /** bbr_ack_aggregation_cwnd(): extra cwnd, only once the pipe was filled. */
  cwndBonus(gain: number, fullBwReached: boolean, bw: number): number {
    if (!gain || !fullBwReached) return 0;
    const maxAggrCwnd = Math.floor((bw * EXTRA_ACKED_MAX_US) / BW_UNIT);
    const aggrCwnd = Math.floor((gain * this.extraAcked()) / BBR_UNIT);
    return Math.min(aggrCwnd, maxAggrCwnd);
  }
}
