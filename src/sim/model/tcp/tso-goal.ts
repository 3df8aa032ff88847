/**
 * How large the next skb of tcp_write_xmit may be and whether to wait for a
 * larger one (net/ipv4/tcp_output.c: tcp_tso_segs via ./tso.ts, and
 * tcp_tso_should_defer).
 */
import type { Ns } from '../../engine/time';
import type { EraProfile } from '../../scenario/eras';
import type { CcSock, CongestionControl } from './cc/cc';
import { tsoSegs, tsqHalfLimitSegs, type AutosizeInputs } from './tso';

/** What the sizing reads from the socket. */
export interface TsoSocket extends CcSock {
  readonly era: EraProfile;
  readonly sk_pacing_shift: number;
  readonly cc: CongestionControl;
  /** sysctl_tcp_limit_output_bytes in force (v3.6 sizes skbs from it). */
  readonly limitOutputBytes: number;
  readonly cfg: {
    readonly gsoMaxSizeBytes: number;
    readonly gsoMode: 'tso' | 'gso' | 'mss';
    readonly minTsoSegs: number;
  };
}

export class TsoGoal {
  // Refilled on every call: the transmit path allocates nothing.
  private readonly x: AutosizeInputs = {
    mssBytes: 0,
    pacingRateBytesPerSec: Infinity,
    sk_pacing_shift: 0,
    gsoMaxSizeBytes: 0,
    gsoMaxSegs: 0,
    minTsoSegs: 0,
    minRttNs: Infinity,
  };

  constructor(private readonly sk: TsoSocket) {}

  /** tcp_tso_segs: the segments one skb should carry now. */
  segs(): number {
    const sk = this.sk;
    const x = this.x;
    x.mssBytes = sk.mss;
    x.pacingRateBytesPerSec = sk.pacingRateBytesPerSec;
    x.sk_pacing_shift = sk.sk_pacing_shift;
    x.gsoMaxSizeBytes = sk.cfg.gsoMaxSizeBytes;
    x.gsoMaxSegs = sk.cfg.gsoMode === 'mss' ? 1 : 65535;
    x.minTsoSegs = sk.cc.minTsoSegs ? sk.cc.minTsoSegs(sk) : sk.cfg.minTsoSegs;
    x.minRttNs = sk.minRttNs;
    return Math.min(tsoSegs(sk.era, x), tsqHalfLimitSegs(sk.era, sk.limitOutputBytes, sk.mss));
  }

  /**
   * tcp_tso_should_defer, simplified to its main rules: never in recovery,
   * never if the last send was ≥ 1 ms ago, send when cwnd (and the
   * receiver's window, sendWinSegs past snd_nxt) allows a full goal or at
   * least 1/3 of min(cwnd, snd_wnd) (tcp_tso_win_divisor).
   */
  shouldDefer(
    inRecovery: boolean,
    inFlight: number,
    segs: number,
    goal: number,
    sinceLastSendNs: Ns,
    sendWinSegs = Infinity,
    sndWndSegs = Infinity,
  ): boolean {
    if (inRecovery || inFlight === 0) return false;
    if (sinceLastSendNs >= 1_000_000) return false;
    const windowSegs = Math.min(this.sk.snd_cwnd - inFlight, sendWinSegs);
    if (windowSegs >= goal) return false;
    if (segs * 3 >= Math.min(this.sk.snd_cwnd, sndWndSegs)) return false;
    return true;
  }
}
