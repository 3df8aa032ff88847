/**
 * Congestion-control factory, the tcp_congestion_ops registry of
 * net/ipv4/tcp_cong.c reduced to the three modules modelled.
 *
 * How the sender drives a module (mirroring tcp_input.c / tcp_timer.c):
 * - `init(sk)` once, after snd_cwnd (initial cwnd) and srtt/min_rtt are set.
 * - Each ACK: `onAck(sk, ackedSacked, rs, inRecovery)` after SACK/loss
 *   processing (tcp_cong_control), with CcSock already showing the state after
 *   this ACK. `inRecovery` = tcp_in_cwnd_reduction() (Recovery or CWR), false
 *   in Loss. Reno/CUBIC grow cwnd only when !inRecovery; the sender runs PRR
 *   in recovery and sets cwnd = ssthresh when recovery ends. BBR sets cwnd and
 *   pacing rate on every ACK; the sender must not apply PRR or the end-of-
 *   recovery cwnd to BBR (cong_control replaces both in the kernel).
 * - Entering recovery: `sk.snd_ssthresh = cc.ssthresh(sk)`.
 * - RTO (tcp_enter_loss): `sk.snd_ssthresh = cc.ssthresh(sk)` (unless already
 *   in Recovery/Loss), `sk.snd_cwnd = inFlight + 1`, then `cc.onRto(sk)`.
 * - Leaving Recovery or Loss: `cc.onRecoveryExit(sk)`.
 * - Pacing: Reno/CUBIC leave pacingRateBytesPerSec to tcp_update_pacing_rate()
 *   in the sender; BBR writes it in init and onAck.
 */
import type { Rng } from '../../../engine/rng';
import { Bbr, type BbrOptions } from './bbr';
import type { CongestionControl } from './cc';
import { Cubic, type CubicOptions } from './cubic';
import { Reno } from './reno';

export type CcName = 'reno' | 'cubic' | 'bbr';

/** Per-kernel switches: BBR's (see BbrOptions for each one's kernel version), CONFIG_HZ for CUBIC's jiffy clock and CUBIC's HyStart. */
export type CcOptions = BbrOptions & CubicOptions & { hz?: number };

export function createCc(name: CcName, rng: Rng, opts?: CcOptions): CongestionControl {
  switch (name) {
    case 'reno':
      return new Reno();
    case 'cubic':
      return new Cubic(opts?.hz, opts);
    case 'bbr':
      return new Bbr(rng, opts);
  }
}

export { Bbr, Cubic, Reno };
export type { BbrMode, BbrOptions } from './bbr';
