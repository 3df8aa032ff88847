/**
 * Packet-scheduler rate arithmetic shared by the token-bucket shapers
 * (include/net/sch_generic.h, net/sched/sch_generic.c): struct
 * psched_ratecfg as psched_ratecfg_precompute() fills it, psched_l2t_ns()
 * (bytes → ns at the rate, with tc's overhead, mpu and ATM cell framing),
 * sch_tbf.c's psched_ns_t2l() (ns → bytes), and the 64 ns psched tick
 * (PSCHED_SHIFT 6) in which tc hands burst sizes to the kernel.
 */
import type { Ns } from '../../engine/time';
import { pow2 } from '../../engine/pow2';

/** TC_LINKLAYER_ETHERNET / TC_LINKLAYER_ATM (include/uapi/linux/pkt_sched.h). */
export type LinkLayer = 'ethernet' | 'atm';

/** struct tc_ratespec as tc sends it: rate in bytes/s, per-packet overhead, minimum packet unit. */
export interface RateSpec {
  rateBytesPerSec: number;
  overheadBytes?: number;
  mpuBytes?: number;
  linklayer?: LinkLayer;
}

/** struct psched_ratecfg: time_in_ns = (len * mult) >> shift. */
export interface RateCfg {
  rateBytesPerSec: number;
  mult: number;
  shift: number;
  overheadBytes: number;
  mpuBytes: number;
  linklayer: LinkLayer;
}

/** PSCHED_SHIFT: a psched tick is 2^6 = 64 ns (PSCHED_TICKS2NS / PSCHED_NS2TICKS). */
export const PSCHED_SHIFT = 6;
export const psTicksToNs = (ticks: number): Ns => ticks * 2 ** PSCHED_SHIFT;
export const psNsToTicks = (ns: Ns): number => Math.floor(ns / 2 ** PSCHED_SHIFT);

const NSEC_PER_SEC = 1_000_000_000n;

/**
 * __psched_ratecfg_precompute: the largest mult (bit 31 set) for which
 * len·mult cannot overflow; factor = NSEC_PER_SEC << shift. Integer
 * division in BigInt, as div64_u64 rounds down exactly.
 */
export function ratecfgPrecompute(spec: RateSpec): RateCfg {
  const rate = Math.floor(spec.rateBytesPerSec);
  let mult = 1n;
  let shift = 0;
  if (rate > 0) {
    const r = BigInt(rate);
    let factor = NSEC_PER_SEC;
    for (;;) {
      mult = factor / r;
      if (mult & (1n << 31n) || factor & (1n << 63n)) break;
      factor <<= 1n;
      shift++;
    }
  }
  return {
    rateBytesPerSec: rate,
    mult: Number(mult),
    shift,
    overheadBytes: spec.overheadBytes ?? 0,
    mpuBytes: spec.mpuBytes ?? 0,
    linklayer: spec.linklayer ?? 'ethernet',
  };
}

/** psched_l2t_ns: transmit time of `len` bytes (qdisc_pkt_len) at the rate. */
export function l2tNs(r: RateCfg, lenBytes: number): Ns {
  let len = lenBytes + r.overheadBytes;
  if (len < r.mpuBytes) len = r.mpuBytes;
  if (r.linklayer === 'atm') len = Math.ceil(len / 48) * 53;
  // len·mult < 2^17 · 2^32 stays exact in a double; >> shift is a floor division.
  return Math.floor((len * r.mult) / pow2(r.shift));
}

/** psched_ns_t2l (sch_tbf.c): bytes that `ns` of tokens pay for, less the overhead. */
export function t2lBytes(r: RateCfg, ns: Ns): number {
  let len = Math.floor((ns * r.rateBytesPerSec) / 1e9);
  if (r.linklayer === 'atm') len = Math.floor(len / 53) * 48;
  return len > r.overheadBytes ? len - r.overheadBytes : 0;
}
