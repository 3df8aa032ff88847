/**
 * BBR v1's path model, after net/ipv4/tcp_bbr.c (v4.16 to v5.x):
 * bbr_update_model() and what it calls (bandwidth filter and round counting,
 * gain cycling, full-pipe detection, DRAIN, min_rtt and PROBE_RTT, gains),
 * plus the BDP / quantization-budget arithmetic. bbr.ts builds the
 * CongestionControl (pacing rate, cwnd, CA-state hooks) on top of it.
 *
 * Bandwidth is in packets/µs << 24 and gains in 1/256 as in the kernel
 * (bbr-units.ts); RTTs in µs.
 *
 * Not modelled: idle restart (CA_EVENT_TX_START; idle_restart stays 0) and
 * is_ack_delayed (taken as false). The min_rtt and PROBE_RTT stamps are kept
 * in ns rather than tcp_jiffies32.
 * tp->app_limited, which BBR sets during PROBE_RTT so that its low-rate
 * samples stay out of the bw filter, is emulated: samples of packets sent
 * while it would have been set count as app-limited.
 */
import type { Rng } from '../../../engine/rng';
import { pow2 } from '../../../engine/pow2';
import { NS_PER_MS, NS_PER_SEC, type Ns } from '../../../engine/time';
import { BbrAckAggr } from './bbr-ack-aggr';
import { BbrLtBw } from './bbr-lt-bw';
import { BBR_UNIT, BW_UNIT, bwFromBytesPerSec } from './bbr-units';
import type { CcSock, RateSample } from './cc';
import {
  CA_OPEN,
  CA_RECOVERY,
  CWND_MIN_TARGET,
  DRAIN,
  HIGH_GAIN,
  PROBE_BW,
  PROBE_RTT,
  STARTUP,
  TCP_INIT_CWND,
  type BbrOptions,
} from './bbr-defs';
import { MinmaxMax } from './minmax';

const CYCLE_LEN = 8;
const BW_RTTS = CYCLE_LEN + 2; // bw filter length, rounds
const MIN_RTT_WIN_NS = 10 * NS_PER_SEC;
const PROBE_RTT_MODE_NS = 200 * NS_PER_MS;
/** bbr_min_tso_rate 1200000 bit/s, compared as `sk_pacing_rate < (bbr_min_tso_rate >> 3)`. */
const MIN_TSO_RATE_BYTES_PER_SEC = 1_200_000 >> 3;
const DRAIN_GAIN = Math.floor((BBR_UNIT * 1000) / 2885); // 88
const CWND_GAIN = BBR_UNIT * 2;
const PACING_GAIN: readonly number[] = [(BBR_UNIT * 5) / 4, (BBR_UNIT * 3) / 4, 256, 256, 256, 256, 256, 256];
const CYCLE_RAND = 7;
const FULL_BW_THRESH = (BBR_UNIT * 5) / 4;
const FULL_BW_CNT = 3;
/** MAX_TCP_HEADER on x86-64 builds. */
const MAX_TCP_HEADER = 320;
/** bbr_tso_segs_goal caps at GSO_LEGACY_MAX_SIZE - 1 - MAX_TCP_HEADER, "ignoring driver provided sk_gso_max_size". */
const TSO_GOAL_MAX_BYTES = 65536 - 1 - MAX_TCP_HEADER;

/** rs->delivered >= 0 && rs->interval_us > 0: a valid delivery-rate sample. */
export function validSample(rs: RateSample): boolean {
  return rs.deliveryRateBytesPerSec >= 0 && rs.intervalNs > 0;
}
export abstract class BbrModel {
  protected readonly marginPercent: number;
  protected readonly extraAckedGain: number;
  protected readonly smallBdpBoost: boolean;
  protected readonly refreshOnEqual: boolean;
  protected readonly edt: boolean;
  protected readonly bwFilter = new MinmaxMax();
  protected readonly lt = new BbrLtBw();
  protected readonly aggr = new BbrAckAggr();

  protected modeIdx = STARTUP;
  protected minRttUs = Infinity; // ~0U before the first sample
  protected minRttStampNs: Ns = 0;
  protected probeRttDoneStampNs: Ns = -1; // -1: not yet at 4 packets
  protected probeRttRoundDone = false;
  protected rttCnt = 0;
  protected nextRttDelivered = 0;
  protected cycleStampUs = 0;
  protected caState = CA_OPEN;
  protected prevCaState = CA_OPEN;
  protected packetConservation = false;
  protected roundStart = false;
  protected pacingGainU = HIGH_GAIN;
  protected cwndGainU = HIGH_GAIN;
  protected fullBwReached = false;
  protected fullBwCnt = 0;
  protected cycleIdx = 0;
  protected hasSeenRtt = false;
  protected priorCwnd = 0;
  protected fullBw = 0;
  protected delivered = 0; // tp->delivered
  protected lost = 0; // tp->lost
  protected deliveredStampUs = 0; // tp->delivered_mstamp
  // PROBE_RTT's tp->app_limited, as the range of tp->delivered at send time it covers.
  protected appLimitedFrom = -1;
  protected appLimitedTo = -2;
  protected sk: CcSock | null = null;

  constructor(
    protected readonly rng: Rng,
    opts: BbrOptions = {},
  ) {
    this.marginPercent = opts.pacingMarginPercent ?? 1;
    this.extraAckedGain = opts.extraAckedGain ?? BBR_UNIT;
    this.smallBdpBoost = opts.probeBwSmallBdpBoost ?? true;
    this.refreshOnEqual = opts.minRttRefreshOnEqual ?? false;
    this.edt = opts.edt ?? true;
  }

  /** bbr_min_tso_segs(): no TSO below 1.2 Mbit/s. */
  minTsoSegs(sk: CcSock): number {
    return sk.pacingRateBytesPerSec < MIN_TSO_RATE_BYTES_PER_SEC ? 1 : 2;
  }

  /**
   * bbr_tso_segs_goal(): about 1 ms of data per skb at the socket's
   * sk_pacing_shift — `min(sk_pacing_rate >> sk_pacing_shift,
   * GSO_LEGACY_MAX_SIZE - 1 - MAX_TCP_HEADER) / mss`, at least
   * bbr_min_tso_segs, at most 0x7F. No min_rtt bonus: TCP's own skbs
   * (tcp_tso_autosize) may be larger than this budget assumes.
   */
  tsoSegsGoal(sk: CcSock): number {
    const rate = Number.isFinite(sk.pacingRateBytesPerSec) ? sk.pacingRateBytesPerSec : 2 ** 32 - 1;
    const bytes = Math.min(Math.floor(rate / pow2(sk.sk_pacing_shift ?? 10)), TSO_GOAL_MAX_BYTES);
    const segs = Math.max(Math.floor(bytes / sk.mss), this.minTsoSegs(sk));
    return Math.min(segs, 0x7f);
  }

  /**
   * bbr_packets_in_net_at_edt() (4.20+): in flight at the next departure
   * stamp, less what the bandwidth delivers until then; when probing, the
   * skb leaving at that stamp counts too. Before EDT: in flight as it is.
   */
  protected packetsInNetAtEdt(sk: CcSock, inflightNow: number): number {
    if (!this.edt) return inflightNow;
    const now = sk.nowNs;
    const intervalUs = Math.floor((Math.max(sk.wstampNs ?? now, now) - now) / 1000);
    const intervalDelivered = Math.floor((this.bw() * intervalUs) / BW_UNIT);
    let atEdt = inflightNow;
    if (this.pacingGainU > BBR_UNIT) atEdt += this.tsoSegsGoal(sk);
    return intervalDelivered >= atEdt ? 0 : atEdt - intervalDelivered;
  }

  protected bw(): number {
    return this.lt.useBw ? this.lt.bw : this.bwFilter.get();
  }

  /** bbr_save_cwnd(): the last known good cwnd, to restore after recovery or PROBE_RTT. */
  protected saveCwnd(sk: CcSock): void {
    if (this.prevCaState < CA_RECOVERY && this.modeIdx !== PROBE_RTT) this.priorCwnd = sk.snd_cwnd;
    else this.priorCwnd = Math.max(this.priorCwnd, sk.snd_cwnd);
  }

  /** bbr_bdp(): ceil(bw · min_rtt · gain) in packets. */
  protected bdp(bw: number, gain: number): number {
    if (this.minRttUs === Infinity) return TCP_INIT_CWND;
    const w = bw * this.minRttUs;
    return Math.floor((Math.floor((w * gain) / BBR_UNIT) + BW_UNIT - 1) / BW_UNIT);
  }

  /** bbr_quantization_budget() / v4.16 bbr_target_cwnd() tail. */
  protected quantizationBudget(sk: CcSock, cwnd: number): number {
    let c = cwnd + 3 * this.tsoSegsGoal(sk); // skbs in qdisc, TSO, GRO
    c += c & 1; // round up to even to reduce delayed ACKs
    if (this.smallBdpBoost && this.modeIdx === PROBE_BW && this.cycleIdx === 0) c += 2;
    return c;
  }

  /** bbr_inflight() */
  protected inflight(sk: CcSock, bw: number, gain: number): number {
    return this.quantizationBudget(sk, this.bdp(bw, gain));
  }

  /** bbr_update_bw(): round counting and the windowed max bw filter. */
  protected updateBw(sk: CcSock, rs: RateSample, appLimited: boolean): void {
    this.roundStart = false;
    if (!validSample(rs)) return; // not a valid observation
    if (rs.priorDeliveredPkts >= this.nextRttDelivered) {
      this.nextRttDelivered = this.delivered;
      this.rttCnt++;
      this.roundStart = true;
      this.packetConservation = false;
    }
    this.ltSample(sk, rs.lossesPkts, appLimited);
    // bw = rs->delivered * BW_UNIT / rs->interval_us
    const intervalUs = Math.floor(rs.intervalNs / 1000);
    const bw =
      rs.intervalDeliveredPkts !== undefined && rs.intervalDeliveredPkts >= 0 && intervalUs > 0
        ? Math.floor((rs.intervalDeliveredPkts * BW_UNIT) / intervalUs)
        : bwFromBytesPerSec(rs.deliveryRateBytesPerSec, sk.mss);
    // App-limited samples only count when they show at least the current max.
    if (!appLimited || bw >= this.bwFilter.get()) this.bwFilter.runningMax(BW_RTTS, this.rttCnt, bw);
  }

  protected ltSample(sk: CcSock, losses: number, appLimited: boolean): void {
    const inProbeBw = this.modeIdx === PROBE_BW;
    const d = this.delivered;
    if (
      this.lt.sample(
        losses,
        appLimited,
        this.roundStart,
        inProbeBw,
        d,
        this.lost,
        this.deliveredStampUs,
        sk.mss,
        this.marginPercent,
      )
    ) {
      this.resetProbeBwMode(); // LT period over: restart gain cycling
    }
  }

  /** bbr_is_next_cycle_phase() */
  protected isNextCyclePhase(sk: CcSock, rs: RateSample, acked: number): boolean {
    const isFullLength = Math.max(this.deliveredStampUs - this.cycleStampUs, 0) > this.minRttUs;
    if (this.pacingGainU === BBR_UNIT) return isFullLength;
    const inflight = this.packetsInNetAtEdt(sk, rs.priorInFlight ?? sk.inFlight + acked + rs.lossesPkts);
    const bw = this.bwFilter.get();
    // Probing (>1) persists until inflight reaches gain·BDP, unless packets are lost.
    if (this.pacingGainU > BBR_UNIT) {
      return isFullLength && (rs.lossesPkts > 0 || inflight >= this.inflight(sk, bw, this.pacingGainU));
    }
    // Draining (<1) stops early once the queue is estimated gone.
    return isFullLength || inflight <= this.inflight(sk, bw, BBR_UNIT);
  }

  protected advanceCyclePhase(): void {
    this.cycleIdx = (this.cycleIdx + 1) & (CYCLE_LEN - 1);
    this.cycleStampUs = this.deliveredStampUs;
  }

  /** bbr_reset_probe_bw_mode(): random start phase, never the 0.75 phase. */
  protected resetProbeBwMode(): void {
    this.modeIdx = PROBE_BW;
    this.cycleIdx = CYCLE_LEN - 1 - this.rng.int(CYCLE_RAND);
    this.advanceCyclePhase();
  }

  /** bbr_check_full_bw_reached(): 3 rounds without 25 % growth. */
  protected checkFullBwReached(appLimited: boolean): void {
    if (this.fullBwReached || !this.roundStart || appLimited) return;
    const maxBw = this.bwFilter.get();
    if (maxBw >= Math.floor((this.fullBw * FULL_BW_THRESH) / BBR_UNIT)) {
      this.fullBw = maxBw;
      this.fullBwCnt = 0;
      return;
    }
    this.fullBwCnt++;
    this.fullBwReached = this.fullBwCnt >= FULL_BW_CNT;
  }

  /** bbr_check_drain() */
  protected checkDrain(sk: CcSock): void {
    if (this.modeIdx === STARTUP && this.fullBwReached) {
      this.modeIdx = DRAIN;
      sk.snd_ssthresh = this.inflight(sk, this.bwFilter.get(), BBR_UNIT);
    }
    if (
      this.modeIdx === DRAIN &&
      this.packetsInNetAtEdt(sk, sk.inFlight) <= this.inflight(sk, this.bwFilter.get(), BBR_UNIT)
    ) {
      this.resetProbeBwMode(); // queue estimated drained
    }
  }

  /** bbr_update_min_rtt(): 10 s min_rtt filter and PROBE_RTT. */
  protected updateMinRtt(sk: CcSock, rs: RateSample): void {
    const now = sk.nowNs;
    const filterExpired = now > this.minRttStampNs + MIN_RTT_WIN_NS;
    if (rs.rttNs >= 0) {
      const rttUs = Math.floor(rs.rttNs / 1000);
      if (rttUs < this.minRttUs || (this.refreshOnEqual && rttUs === this.minRttUs) || filterExpired) {
        this.minRttUs = rttUs;
        this.minRttStampNs = now;
      }
    }
    if (filterExpired && this.modeIdx !== PROBE_RTT) {
      this.modeIdx = PROBE_RTT; // dip, drain the queue
      this.saveCwnd(sk);
      this.probeRttDoneStampNs = -1;
    }
    if (this.modeIdx !== PROBE_RTT) return;

    // tp->app_limited = delivered + in_flight: ignore the low-rate samples this mode causes.
    if (this.delivered > this.appLimitedTo) this.appLimitedFrom = this.delivered;
    this.appLimitedTo = this.delivered + sk.inFlight;
    // Hold 4 packets in flight for max(200 ms, 1 round).
    if (this.probeRttDoneStampNs < 0 && sk.inFlight <= CWND_MIN_TARGET) {
      this.probeRttDoneStampNs = now + PROBE_RTT_MODE_NS;
      this.probeRttRoundDone = false;
      this.nextRttDelivered = this.delivered;
    } else if (this.probeRttDoneStampNs >= 0) {
      if (this.roundStart) this.probeRttRoundDone = true;
      if (this.probeRttRoundDone && now > this.probeRttDoneStampNs) {
        // bbr_check_probe_rtt_done()
        this.minRttStampNs = now;
        sk.snd_cwnd = Math.max(sk.snd_cwnd, this.priorCwnd);
        if (this.fullBwReached) this.resetProbeBwMode();
        else this.modeIdx = STARTUP;
      }
    }
  }

  /** bbr_update_gains() */
  protected updateGains(): void {
    switch (this.modeIdx) {
      case STARTUP:
        this.pacingGainU = this.cwndGainU = HIGH_GAIN;
        break;
      case DRAIN:
        this.pacingGainU = DRAIN_GAIN; // slow, to drain
        this.cwndGainU = HIGH_GAIN; // keep cwnd
        break;
      case PROBE_BW:
        this.pacingGainU = this.lt.useBw ? BBR_UNIT : PACING_GAIN[this.cycleIdx];
        this.cwndGainU = CWND_GAIN;
        break;
      default:
        this.pacingGainU = this.cwndGainU = BBR_UNIT;
    }
  }
}
