/**
 * BBR v1 congestion control, after net/ipv4/tcp_bbr.c (v4.16 to v5.x):
 * bbr_main() sets the pacing rate and cwnd on every ACK from the model in
 * bbr-model.ts; bbr_ssthresh / bbr_set_state / the CA-state tracking of
 * bbr_set_cwnd_to_recover_or_restore() handle losses.
 *
 * Era switches (BbrOptions) cover what changed during v1's life: the 1 %
 * pacing margin (v4.20), ACK-aggregation cwnd (v5.1), +2 packets in the 1.25
 * phase for small BDPs (2018), and min_rtt refreshed on "<=" until the
 * Nov 2020 fix made it "<". Defaults are the latest v1. The pacing rate is
 * capped at sk_max_pacing_rate (SO_MAX_PACING_RATE); snd_cwnd_clamp is not
 * modelled (unlimited).
 */
import type { Ns } from '../../../engine/time';
import { BBR_UNIT, BW_UNIT, bbrRateBytesPerSec, bwToBytesPerSec } from './bbr-units';
import { BbrModel } from './bbr-model';
import {
  CA_LOSS,
  CA_OPEN,
  CA_RECOVERY,
  CWND_MIN_TARGET,
  HIGH_GAIN,
  MODES,
  PROBE_BW,
  PROBE_RTT,
  STARTUP,
  TCP_INFINITE_SSTHRESH,
  TCP_INIT_CWND,
  type BbrMode,
} from './bbr-defs';
import type { CcSock, CongestionControl, RateSample } from './cc';
import { validSample } from './bbr-model';

export type { BbrMode, BbrOptions } from './bbr-defs';

export class Bbr extends BbrModel implements CongestionControl {
  readonly name = 'bbr' as const;
  readonly needsPacing = true;

  get mode(): BbrMode {
    return MODES[this.modeIdx];
  }
  /** Bandwidth estimate used for pacing (max filter, or the LT rate when policed). */
  get btlBwBytesPerSec(): number {
    return this.sk === null ? 0 : bwToBytesPerSec(this.bw(), this.sk.mss);
  }
  get minRttNs(): Ns {
    return this.minRttUs === Infinity ? Infinity : this.minRttUs * 1000;
  }
  get pacingGain(): number {
    return this.pacingGainU / BBR_UNIT;
  }
  get cwndGain(): number {
    return this.cwndGainU / BBR_UNIT;
  }
  /** Index in the PROBE_BW gain cycle (0 is the 1.25 phase). */
  get cycleIndex(): number {
    return this.cycleIdx;
  }
  /** Packet-timed round trips so far (rtt_cnt). */
  get rounds(): number {
    return this.rttCnt;
  }
  get isFullBwReached(): boolean {
    return this.fullBwReached;
  }
  get policed(): boolean {
    return this.lt.useBw;
  }

  init(sk: CcSock): void {
    this.sk = sk;
    this.priorCwnd = 0;
    sk.snd_ssthresh = TCP_INFINITE_SSTHRESH;
    this.rttCnt = 0;
    this.nextRttDelivered = 0;
    this.caState = this.prevCaState = CA_OPEN;
    this.packetConservation = false;
    this.probeRttDoneStampNs = -1;
    this.probeRttRoundDone = false;
    this.minRttUs = Number.isFinite(sk.minRttNs) ? Math.floor(sk.minRttNs / 1000) : Infinity;
    this.minRttStampNs = sk.nowNs;
    this.bwFilter.reset(this.rttCnt, 0);
    this.hasSeenRtt = false;
    this.initPacingRateFromRtt(sk);
    this.roundStart = false;
    this.fullBwReached = false;
    this.fullBw = 0;
    this.fullBwCnt = 0;
    this.cycleStampUs = 0;
    this.cycleIdx = 0;
    this.delivered = 0;
    this.lost = 0;
    this.deliveredStampUs = Math.floor(sk.nowNs / 1000);
    this.appLimitedFrom = -1;
    this.appLimitedTo = -2;
    this.lt.reset(0, 0, this.deliveredStampUs);
    this.modeIdx = STARTUP;
    this.updateGains();
    this.aggr.reset(this.deliveredStampUs);
  }

  /** bbr_main() */
  onAck(sk: CcSock, ackedPkts: number, rs: RateSample, inRecovery: boolean): void {
    if (inRecovery) this.caState = CA_RECOVERY;
    else if (this.caState === CA_RECOVERY) this.caState = CA_OPEN;
    this.delivered = rs.deliveredTotalPkts;
    this.lost += rs.lossesPkts;
    if (ackedPkts > 0 || rs.deliveredPkts > 0) this.deliveredStampUs = Math.floor(sk.nowNs / 1000);
    const appLimited =
      rs.isAppLimited ||
      (rs.priorDeliveredPkts >= this.appLimitedFrom && rs.priorDeliveredPkts <= this.appLimitedTo);

    // bbr_update_model()
    this.updateBw(sk, rs, appLimited);
    if (this.extraAckedGain && ackedPkts > 0 && validSample(rs)) {
      this.aggr.update(ackedPkts, this.roundStart, this.bw(), this.deliveredStampUs, sk.snd_cwnd);
    }
    if (this.modeIdx === PROBE_BW && this.isNextCyclePhase(sk, rs, ackedPkts)) this.advanceCyclePhase();
    this.checkFullBwReached(appLimited);
    this.checkDrain(sk);
    this.updateMinRtt(sk, rs);
    this.updateGains();

    const bw = this.bw();
    this.setPacingRate(sk, bw, this.pacingGainU);
    this.setCwnd(sk, rs, ackedPkts, bw, this.cwndGainU);
  }

  /** bbr_ssthresh(): BBR keeps ssthresh; it only remembers the cwnd to restore. */
  ssthresh(sk: CcSock): number {
    this.saveCwnd(sk);
    return sk.snd_ssthresh;
  }

  /** bbr_set_state(TCP_CA_Loss) */
  onRto(sk: CcSock): void {
    this.caState = this.prevCaState = CA_LOSS;
    this.fullBw = 0;
    this.roundStart = true; // treat an RTO like the end of a round
    this.ltSample(sk, 1, false);
  }

  onRecoveryExit(_sk: CcSock): void {
    this.caState = CA_OPEN;
  }

  stateLabel(): string {
    if (this.modeIdx !== PROBE_BW) return this.mode;
    return `PROBE_BW ×${+this.pacingGain.toFixed(2)}${this.lt.useBw ? ' (policed)' : ''}`;
  }

  /** bbr_bw_to_pacing_rate(): the rate with its gain and margin, capped at sk_max_pacing_rate. */
  private bwToPacingRate(sk: CcSock, bw: number, gain: number): number {
    return Math.min(
      bbrRateBytesPerSec(bw, sk.mss, gain, this.marginPercent),
      sk.maxPacingRateBytesPerSec ?? Infinity,
    );
  }

  /** bbr_init_pacing_rate_from_rtt(): high_gain · cwnd / srtt (1 ms if no RTT yet). */
  private initPacingRateFromRtt(sk: CcSock): void {
    let rttUs = 1000;
    if (sk.srttNs > 0) {
      rttUs = Math.max(Math.floor(sk.srttNs / 1000), 1);
      this.hasSeenRtt = true;
    }
    const bw = Math.floor((sk.snd_cwnd * BW_UNIT) / rttUs);
    sk.pacingRateBytesPerSec = this.bwToPacingRate(sk, bw, HIGH_GAIN);
  }

  /** bbr_set_pacing_rate(): only ever raise the rate until the pipe is full. */
  private setPacingRate(sk: CcSock, bw: number, gain: number): void {
    const rate = this.bwToPacingRate(sk, bw, gain);
    if (!this.hasSeenRtt && sk.srttNs > 0) this.initPacingRateFromRtt(sk);
    if (this.fullBwReached || rate > sk.pacingRateBytesPerSec) sk.pacingRateBytesPerSec = rate;
  }

  /** bbr_set_cwnd() with bbr_set_cwnd_to_recover_or_restore(). */
  private setCwnd(sk: CcSock, rs: RateSample, acked: number, bw: number, gain: number): void {
    let cwnd = sk.snd_cwnd;
    if (acked > 0) {
      // An ACK for P packets releases at most 2P: first deduct the lost packets.
      if (rs.lossesPkts > 0) cwnd = Math.max(cwnd - rs.lossesPkts, 1);
      const state = this.caState;
      const prev = this.prevCaState;
      if (state === CA_RECOVERY && prev !== CA_RECOVERY) {
        // First round of recovery: packet conservation, starting a round now.
        this.packetConservation = true;
        this.nextRttDelivered = this.delivered;
        cwnd = sk.inFlight + acked;
      } else if (prev >= CA_RECOVERY && state < CA_RECOVERY) {
        cwnd = Math.max(cwnd, this.priorCwnd); // leaving recovery: restore
        this.packetConservation = false;
      }
      this.prevCaState = state;

      if (this.packetConservation) {
        cwnd = Math.max(cwnd, sk.inFlight + acked);
      } else {
        const extra = this.aggr.cwndBonus(this.extraAckedGain, this.fullBwReached, bw);
        const target = this.quantizationBudget(sk, this.bdp(bw, gain) + extra);
        // Slow-start toward the target; only cut down to it once the pipe was filled.
        if (this.fullBwReached) cwnd = Math.min(cwnd + acked, target);
        else if (cwnd < target || this.delivered < TCP_INIT_CWND) cwnd += acked;
        cwnd = Math.max(cwnd, CWND_MIN_TARGET);
      }
    }
    sk.snd_cwnd = this.modeIdx === PROBE_RTT ? Math.min(cwnd, CWND_MIN_TARGET) : cwnd;
  }
}
