/**
 * How large the next skb of tcp_write_xmit may be and whether to wait for a
 * larger one (net/ipv4/tcp_output.c: tcp_tso_segs via ./tso.ts, and
 * tcp_tso_should_defer).
 */
import { NS_PER_MS, type Ns } from '../../engine/time';
import { jiffiesAt } from '../jiffies';
import type { KernelFeatures } from './kernel-features';
import type { CcSock, CongestionControl } from './cc/cc';
import { tsoSegs, tsqHalfLimitSegs, type AutosizeInputs } from './tso';

/** What the sizing reads from the socket. */
export interface TsoSocket extends CcSock {
  readonly kernel: KernelFeatures;
  readonly sk_pacing_shift: number;
  readonly cc: CongestionControl;
  /** sysctl_tcp_limit_output_bytes in force (v3.6 sizes skbs from it). */
  readonly limitOutputBytes: number;
  readonly cfg: {
    readonly gsoMaxSizeBytes: number;
    readonly gsoMode: 'tso' | 'gso' | 'mss';
  };
  /** tcp_wstamp_ns (4.20+: the departure time of the last skb), lsndtime (the last send). */
  readonly wstampNs: Ns;
  readonly lastSendNs: Ns;
  /** The oldest unacked skb, if any. */
  readonly rtx: { first(): { readonly xmitNs: Ns } | null };
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
    x.minTsoSegs = sk.cc.minTsoSegs ? sk.cc.minTsoSegs(sk) : sk.kernel.tcpMinTsoSegs;
    x.minRttNs = sk.minRttNs;
    return Math.min(tsoSegs(sk.kernel, x), tsqHalfLimitSegs(sk.kernel, sk.limitOutputBytes, sk.mss));
  }

  /** tp->tso_deferred of v3.6–3.18: the jiffy the current deferral began (null: none). */
  private deferredSinceJiffy: number | null = null;

  /**
   * tcp_tso_should_defer (John Heffner's TSO Nagle): hold a short skb back
   * when an ACK should soon open a larger window. `room` is the window left
   * in segments, min(cwnd − in flight, what the receiver's window allows past
   * snd_nxt) (> 0: limit = min(send_win, cong_win)), `maxSegs` the autosized
   * skb, `sndWndBytes` the receiver's window (snd_wnd). Per kernel:
   * - in Recovery or Loss, send (3.6: in any state but Open);
   * - the last send must be recent: 4.20+ `now − tcp_wstamp_ns − 1 ms > 0`
   *   sends; 3.19–4.19 `(s32)(tcp_jiffies32 − lsndtime) > 0` sends (defer
   *   only within the jiffy of the last send); v3.6 defers for less than two
   *   ticks (`jiffies − tso_deferred > 1` sends);
   * - `limit >= max_segs · mss` sends (3.6: `limit >= sk_gso_max_size`);
   * - `limit >= min(snd_wnd, cwnd · mss) / tcp_tso_win_divisor` (3) sends;
   * - 4.0+: the oldest unacked skb left less than srtt / 2 ago (its ACK is
   *   far off) sends; an empty rtx queue sends.
   */
  shouldDefer(
    inRecovery: boolean,
    room: number,
    maxSegs: number,
    nowNs: Ns,
    sndWndBytes = Infinity,
  ): boolean {
    const send = this.decide(inRecovery, room, maxSegs, nowNs, sndWndBytes);
    if (send)
      this.deferredSinceJiffy = null; // send_now: tp->tso_deferred = 0
    else if (this.deferredSinceJiffy === null) this.deferredSinceJiffy = jiffiesAt(nowNs, this.sk.kernel.hz);
    return !send;
  }

  /** True: send now. */
  private decide(
    inRecovery: boolean,
    room: number,
    maxSegs: number,
    nowNs: Ns,
    sndWndBytes: number,
  ): boolean {
    const sk = this.sk;
    const k = sk.kernel;
    if (inRecovery) return true;
    const head = sk.rtx.first();
    if (head === null) return true;
    if (k.tsoDeferClock === 'wstamp') {
      if (nowNs - sk.wstampNs - NS_PER_MS > 0) return true;
    } else if (k.tsoDeferClock === 'lsndtime') {
      if (jiffiesAt(nowNs, k.hz) - jiffiesAt(sk.lastSendNs, k.hz) > 0) return true;
    } else if (this.deferredSinceJiffy !== null && jiffiesAt(nowNs, k.hz) - this.deferredSinceJiffy > 1) {
      return true;
    }
    const mss = sk.mss;
    const limit = room * mss;
    if (limit >= (k.tsoDeferClock === 'tso_deferred' ? sk.cfg.gsoMaxSizeBytes : maxSegs * mss)) return true;
    // tcp_tso_win_divisor 3: at least a third of the window may go now.
    if (limit >= Math.floor(Math.min(sndWndBytes, sk.snd_cwnd * mss) / 3)) return true;
    if (k.tsoDeferAgeCheck) {
      // srtt_us >> 4 is half the smoothed RTT in µs.
      const halfSrttUs = Math.floor(Math.floor((sk.srttNs * 8) / 1000) / 16);
      if (nowNs - head.xmitNs < halfSrttUs * 1000) return true;
    }
    return false;
  }
}
