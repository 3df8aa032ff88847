/**
 * CUBIC, after net/ipv4/tcp_cubic.c as shipped from v4.x on: beta 717/1024,
 * bic_scale 41 (C = 410/1024 ≈ 0.4), fast convergence and TCP friendliness
 * on; HyStart as the kernel generation had it (./hystart.ts).
 *
 * Era notes (the code of the era, not today's):
 * - delay_min is kept in ms << 3 up to v5.5 and in µs from v5.6 (cff04e2da308);
 *   the curve adds it through msecs_to_jiffies(delay_min >> 3) or
 *   usecs_to_jiffies(delay_min).
 * - The cubic curve runs on jiffies (tcp_jiffies32) at the kernel's HZ: its
 *   epoch, the once-per-HZ/32 recomputation, and t converted with
 *   `(t << BICTCP_HZ) / HZ`.
 * - K uses the kernel's integer cubic_root() (table + one Newton step), so the
 *   curve carries the kernel's ≈0.2 % error rather than Math.cbrt's exactness.
 * - 3.6's bictcp_update (one ack_cnt per ACK, the delayed-ACK ratio) is not
 *   modelled: the curve is 4.x's in every era.
 */
import type { Ns } from '../../../engine/time';
import { jiffiesAt, msecsToJiffies, usecsToJiffies } from '../../jiffies';
import type { CcSock, CongestionControl, RateSample } from './cc';
import { Hystart, type HystartRule } from './hystart';
import { lossBasedLabel, tcpCongAvoidAi, tcpInSlowStart, tcpSlowStart, type AiCounter } from './reno';

/** CONFIG_HZ when none is given (1000: jiffies are milliseconds). */
export const CUBIC_HZ = 1000;
const BICTCP_BETA_SCALE = 1024;
const BICTCP_HZ = 10; // the cubic curve's time unit is 2^-10 s
export const CUBIC_BETA = 717; // /1024
const BIC_SCALE = 41;

// Precomputed in cubictcp_register(), with C's integer divisions.
const BETA_SCALE = Math.floor(
  Math.floor((8 * (BICTCP_BETA_SCALE + CUBIC_BETA)) / 3) / (BICTCP_BETA_SCALE - CUBIC_BETA),
);
/** 1024·C/rtt with the nominal rtt of 100 ms. */
export const CUBE_RTT_SCALE = BIC_SCALE * 10;
const TWO_POW_40 = 2 ** (10 + 3 * BICTCP_HZ);
/** 2^40 / (bic_scale·10): turns a cwnd gap into K^3 in 2^-30 s^3. */
export const CUBE_FACTOR = Math.floor(TWO_POW_40 / CUBE_RTT_SCALE);

/** cbrt(x) MSB table for x in [0..63] (v = cbrt(x << 18) - 1), from the kernel. */
const CBRT_V: readonly number[] = [
  0, 54, 54, 54, 118, 118, 118, 118, 123, 129, 134, 138, 143, 147, 151, 156, 157, 161, 164, 168, 170, 173,
  176, 179, 181, 185, 187, 190, 192, 194, 197, 199, 200, 202, 204, 206, 209, 211, 213, 215, 217, 219, 221,
  222, 224, 225, 227, 229, 231, 232, 234, 236, 237, 239, 240, 242, 244, 245, 246, 248, 250, 251, 252, 254,
];

/** fls64(): index of the most significant set bit, 1-based (0 for 0). */
function fls64(a: number): number {
  if (a <= 0) return 0;
  const hi = Math.floor(a / 4294967296);
  return hi > 0 ? 64 - Math.clz32(hi) : 32 - Math.clz32(a >>> 0);
}

/** Exact floor(a / d) for non-negative integers below 2^53. */
function idiv(a: number, d: number): number {
  let q = Math.floor(a / d);
  if (q * d > a) q--;
  else if ((q + 1) * d <= a) q++;
  return q;
}

/**
 * cubic_root(): integer cube root by table lookup and one Newton-Raphson
 * step (average error ≈0.195 %). Inputs must stay below 2^53.
 */
export function cubicRoot(a: number): number {
  const b0 = fls64(a);
  if (b0 < 7) return (CBRT_V[a] + 35) >> 6; // a in [0..63]
  const b = ((b0 * 84) >> 8) - 1;
  const shift = Math.floor(a / 2 ** (b * 3));
  let x = Math.floor(((CBRT_V[shift] + 10) * 2 ** b) / 64);
  // x(k+1) = (2·x(k) + a / x(k)^2) / 3, with /3 as ·341/1024.
  x = 2 * x + idiv(a, x * (x - 1));
  return Math.floor((x * 341) / 1024);
}

/** What CUBIC takes from its kernel (KernelFeatures.hystart, the device's gso_max_size). */
export interface CubicOptions {
  /** The HyStart generation; absent: 'ms' (v4.x–v5.5). */
  hystart?: HystartRule;
  /** The device's gso_max_size (hystart_ack_delay from v5.19); absent: 65536. */
  gsoMaxSizeBytes?: number;
}

export class Cubic implements CongestionControl {
  readonly name = 'cubic' as const;
  readonly needsPacing = false;
  private readonly ai: AiCounter = { sndCwndCnt: 0 };
  private sk: CcSock | null = null;
  private inRecovery = false;

  // struct bictcp
  private cnt = 0; // increase cwnd by 1 after `cnt` ACKed packets
  private lastMaxCwnd = 0;
  private lastCwnd = 0;
  private lastTime = 0; // jiffies
  private bicOriginPoint = 0;
  private bicK = 0; // 2^-10 s
  private delayMin = 0; // ms << 3, or µs from v5.6
  private epochValid = false; // the kernel tests epoch_start != 0
  private epochStart = 0; // jiffies
  private ackCnt = 0;
  private tcpCwnd = 0;
  private lastDeliveredTotal = 0;
  /** HyStart's round and detectors (./hystart.ts). */
  readonly hystart: Hystart;

  /** Last W_max (packets), for charts. */
  get wMaxPkts(): number {
    return this.lastMaxCwnd;
  }
  /** K of the current epoch in seconds, for charts. */
  get kSec(): number {
    return this.bicK / (1 << BICTCP_HZ);
  }
  constructor(
    private readonly hz: number = CUBIC_HZ,
    opts: CubicOptions = {},
  ) {
    this.hystart = new Hystart(opts.hystart ?? 'ms', opts.gsoMaxSizeBytes);
  }

  /** tcp_jiffies32. */
  private jiffies(nowNs: Ns): number {
    return jiffiesAt(nowNs, this.hz);
  }

  /** Which HyStart detector ended slow start (bit 1 ACK train, bit 2 delay). */
  get hystartFound(): number {
    return this.hystart.found;
  }

  init(sk: CcSock): void {
    this.sk = sk;
    this.ai.sndCwndCnt = 0;
    this.inRecovery = false;
    this.lastDeliveredTotal = 0;
    this.reset();
    this.hystart.reset(sk, 0);
  }

  onAck(sk: CcSock, ackedPkts: number, rs: RateSample, inRecovery: boolean): void {
    this.inRecovery = inRecovery;
    this.lastDeliveredTotal = rs.deliveredTotalPkts;
    // ->pkts_acked runs from tcp_clean_rtx_queue() on every ACK, recovery or not.
    if (rs.rttNs >= 0) this.pktsAcked(sk, rs.rttNs);
    if (!inRecovery) this.congAvoid(sk, ackedPkts);
  }

  /** bictcp_recalc_ssthresh(): W_max with fast convergence, cwnd·β. */
  ssthresh(sk: CcSock): number {
    this.ai.sndCwndCnt = 0; // tcp_init_cwnd_reduction()
    this.inRecovery = true;
    this.epochValid = false; // end of epoch
    const cwnd = sk.snd_cwnd;
    if (cwnd < this.lastMaxCwnd) {
      this.lastMaxCwnd = Math.floor((cwnd * (BICTCP_BETA_SCALE + CUBIC_BETA)) / (2 * BICTCP_BETA_SCALE));
    } else {
      this.lastMaxCwnd = cwnd;
    }
    return Math.max(Math.floor((cwnd * CUBIC_BETA) / BICTCP_BETA_SCALE), 2);
  }

  /** bictcp_state(TCP_CA_Loss): forget the curve and restart HyStart. */
  onRto(sk: CcSock): void {
    this.ai.sndCwndCnt = 0;
    this.inRecovery = false;
    this.reset();
    this.hystart.reset(sk, this.lastDeliveredTotal);
  }

  onRecoveryExit(_sk: CcSock): void {
    this.inRecovery = false;
  }

  stateLabel(): string {
    return lossBasedLabel(this.sk, this.inRecovery);
  }

  /** bictcp_reset() */
  private reset(): void {
    this.cnt = 0;
    this.lastMaxCwnd = 0;
    this.lastCwnd = 0;
    this.lastTime = 0;
    this.bicOriginPoint = 0;
    this.bicK = 0;
    this.delayMin = 0;
    this.epochValid = false;
    this.epochStart = 0;
    this.ackCnt = 0;
    this.tcpCwnd = 0;
    this.hystart.clearFound();
  }

  /** bictcp_cong_avoid() */
  private congAvoid(sk: CcSock, ackedPkts: number): void {
    if (!sk.isCwndLimited) return;
    let acked = ackedPkts;
    if (tcpInSlowStart(sk)) {
      this.hystart.onCongAvoidSlowStart(sk, this.lastDeliveredTotal);
      acked = tcpSlowStart(sk, acked);
      if (acked <= 0) return;
    }
    this.update(sk.snd_cwnd, acked, this.jiffies(sk.nowNs));
    tcpCongAvoidAi(sk, this.ai, this.cnt, acked);
  }

  /** bictcp_update(): recompute cnt from the cubic curve and the Reno estimate. */
  private update(cwnd: number, acked: number, now: number): void {
    this.ackCnt += acked;
    if (this.lastCwnd === cwnd && now - this.lastTime <= Math.floor(this.hz / 32)) return;

    // cnt is recomputed at most once per jiffy; a cwnd reduction ends the epoch.
    if (!(this.epochValid && now === this.lastTime)) {
      this.lastCwnd = cwnd;
      this.lastTime = now;
      if (!this.epochValid) {
        this.epochValid = true;
        this.epochStart = now;
        this.ackCnt = acked;
        this.tcpCwnd = cwnd;
        if (this.lastMaxCwnd <= cwnd) {
          this.bicK = 0;
          this.bicOriginPoint = cwnd;
        } else {
          this.bicK = cubicRoot(CUBE_FACTOR * (this.lastMaxCwnd - cwnd));
          this.bicOriginPoint = this.lastMaxCwnd;
        }
      }
      // t is one RTT ahead (delay_min, ms << 3), in 2^-10 s.
      const rttJiffies = this.hystart.usClock
        ? usecsToJiffies(this.delayMin, this.hz)
        : msecsToJiffies(this.delayMin >> 3, this.hz);
      let t = now - this.epochStart + rttJiffies;
      t = Math.floor((t * (1 << BICTCP_HZ)) / this.hz);
      const offs = t < this.bicK ? this.bicK - t : t - this.bicK;
      // c/rtt · (t-K)^3, floating point: exact enough below 2^53 and far past any realistic epoch.
      const delta = Math.floor((CUBE_RTT_SCALE * offs * offs * offs) / TWO_POW_40);
      const bicTarget = t < this.bicK ? this.bicOriginPoint - delta : this.bicOriginPoint + delta;
      this.cnt = bicTarget > cwnd ? Math.floor(cwnd / (bicTarget - cwnd)) : 100 * cwnd;
      // The curve starts too conservatively when the bandwidth is unknown.
      if (this.lastMaxCwnd === 0 && this.cnt > 20) this.cnt = 20;
    }

    // TCP friendliness: never grow slower than Reno with the same β would.
    const delta = Math.floor((cwnd * BETA_SCALE) / 8);
    if (delta > 0 && this.ackCnt > delta) {
      const n = Math.ceil(this.ackCnt / delta) - 1;
      this.ackCnt -= n * delta;
      this.tcpCwnd += n;
    }
    if (this.tcpCwnd > cwnd) {
      const maxCnt = Math.floor(cwnd / (this.tcpCwnd - cwnd));
      if (this.cnt > maxCnt) this.cnt = maxCnt;
    }
    // At most one packet per 2 ACKed: cwnd grows by 1.5x per RTT at most.
    this.cnt = Math.max(this.cnt, 2);
  }

  /** bictcp_acked(): track delay_min and feed HyStart. */
  private pktsAcked(sk: CcSock, rttNs: Ns): void {
    // Discard delay samples right after fast recovery.
    if (this.epochValid && this.jiffies(sk.nowNs) - this.epochStart < this.hz) return;
    const delay = this.hystart.delayOf(rttNs);
    if (this.delayMin === 0 || this.delayMin > delay) this.delayMin = delay;
    this.hystart.onSample(sk, delay, this.delayMin, this.lastDeliveredTotal);
  }
}
