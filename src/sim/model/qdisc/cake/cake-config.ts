/**
 * cake's configuration as the kernel derives it (net/sched/sch_cake.c):
 * cake_set_rate (time per byte as rate_ns >> rate_shft, the flow quantum,
 * COBALT's target, interval and mtu_time from the tin's rate), the tin that
 * DSCP 0 selects in each diffserv mode and its share of the bandwidth
 * (cake_config_diffserv3 & co.), cake_calc_overhead / cake_overhead (the
 * framing compensation), and cake_reconfigure's memory limit.
 */
import type { Ns } from '../../../engine/time';
import type { CobaltParams } from './cobalt';
import { pow2 } from '../../../engine/pow2';

export const CAKE_DIFFSERV_MODES = [
  'diffserv3',
  'diffserv4',
  'diffserv8',
  'besteffort',
  'precedence',
] as const;
export type CakeDiffserv = (typeof CAKE_DIFFSERV_MODES)[number];
/** CAKE_ATM_NONE / CAKE_ATM_ATM / CAKE_ATM_PTM. */
export type CakeAtm = 'none' | 'atm' | 'ptm';

/** Per-tin shaping and AQM parameters (struct cake_tin_data, the configured part). */
export interface CakeTinRate {
  rateBytesPerSec: number;
  rateNs: number;
  rateShft: number;
  flowQuantum: number;
  cparams: CobaltParams;
}

const NSEC_PER_SEC = 1_000_000_000n;

/** cake_set_rate(b, rate, mtu, target_ns, rtt_est_ns). */
export function cakeSetRate(
  rateBytesPerSec: number,
  mtuBytes: number,
  targetNs: Ns,
  rttEstNs: Ns,
): CakeTinRate {
  const MIN_RATE = 64;
  let rateShft = 0;
  let rateNs = 0n;
  let flowQuantum = 1514;
  const rate = Math.floor(rateBytesPerSec);
  if (rate > 0) {
    flowQuantum = Math.max(Math.min(Math.floor(rate / 4096), 1514), 300);
    rateShft = 34;
    rateNs = (NSEC_PER_SEC << 34n) / BigInt(Math.max(MIN_RATE, rate));
    while (rateNs >> 34n) {
      rateNs >>= 1n;
      rateShft--;
    }
  }
  const rn = Number(rateNs);
  const byteTargetNs = Math.floor((mtuBytes * rn) / 2 ** rateShft);
  const target = Math.max(Math.floor((byteTargetNs * 3) / 2), targetNs);
  return {
    rateBytesPerSec: rate,
    rateNs: rn,
    rateShft,
    flowQuantum,
    cparams: {
      targetNs: target,
      intervalNs: Math.max(rttEstNs + target - targetNs, target * 2),
      mtuTimeNs: byteTargetNs,
      pInc: 1 << 24,
      pDec: 1 << 20,
    },
  };
}

/** (len · rate_ns) >> rate_shft: a packet's time at a tin's rate (len·rate_ns < 2^51 stays exact). */
export const cakeDurNs = (r: CakeTinRate, lenBytes: number): Ns =>
  Math.floor((lenBytes * r.rateNs) / pow2(r.rateShft));

/**
 * The tin DSCP 0 (every packet the model makes) maps to, and that tin's
 * rate: diffserv3/4 put it in tin 0 at the full rate; diffserv8 in tin 2,
 * whose rate is the base rate × 7/8 twice (cake_config_diffserv8: rate *= 7,
 * rate >>= 3 per tin); besteffort and precedence in tin 0. The global
 * shaper always runs at tin 0's rate (cake_configure_rates: ft = 0).
 */
export function dscp0Tin(
  mode: CakeDiffserv,
  rateBytesPerSec: number,
): { tin: number; tinCount: number; rate: number } {
  switch (mode) {
    case 'besteffort':
      return { tin: 0, tinCount: 1, rate: rateBytesPerSec };
    case 'precedence':
      return { tin: 0, tinCount: 8, rate: rateBytesPerSec };
    case 'diffserv8': {
      let r = Math.floor(rateBytesPerSec);
      for (let i = 0; i < 2; i++) r = Math.floor((r * 7) / 8);
      return { tin: 2, tinCount: 8, rate: r };
    }
    case 'diffserv4':
      return { tin: 0, tinCount: 4, rate: rateBytesPerSec };
    case 'diffserv3':
      return { tin: 0, tinCount: 3, rate: rateBytesPerSec };
  }
}

/** The framing options cake_calc_overhead reads. */
export interface CakeOverhead {
  /** CAKE_FLAG_OVERHEAD: set by any overhead keyword; the kernel then removes the L2 header it counted. */
  overheadSet: boolean;
  overheadBytes: number;
  mpuBytes: number;
  atm: CakeAtm;
}

/** cake_calc_overhead(q, len, off): off = skb_network_offset, the 14-byte Ethernet header. */
export function cakeCalcOverhead(o: CakeOverhead, lenBytes: number, networkOffsetBytes = 14): number {
  let len = lenBytes;
  if (o.overheadSet) len -= networkOffsetBytes;
  len = Math.max(len + o.overheadBytes, o.mpuBytes);
  if (o.atm === 'atm') len = Math.floor((len + 47) / 48) * 53;
  else if (o.atm === 'ptm') len += Math.floor((len + 63) / 64);
  return len;
}

/**
 * cake_overhead for an skb of `segs` segments: each full segment is
 * gso_size + headers, the last one the rest (borrowed from
 * qdisc_pkt_len_init), each adjusted on its own.
 */
export function cakeOverheadSkb(
  o: CakeOverhead,
  l2Bytes: number,
  segs: number,
  gsoSizeBytes: number,
  hdrBytes: number,
): number {
  if (segs <= 1) return cakeCalcOverhead(o, l2Bytes);
  const len = gsoSizeBytes + hdrBytes;
  // skb->len counts the headers once; the last segment's payload is what is left.
  const payload = l2Bytes - segs * hdrBytes;
  const lastLen = payload - gsoSizeBytes * (segs - 1) + hdrBytes;
  return cakeCalcOverhead(o, len) * (segs - 1) + cakeCalcOverhead(o, lastLen);
}

/**
 * cake_reconfigure: memlimit, else max(rate · interval · 4 / 10^6, 4 MiB)
 * (rate in bytes/s, interval in µs), then at most max(limit · psched_mtu, memlimit)
 * with sch->limit = 10240.
 */
export function cakeBufferLimit(
  rateBytesPerSec: number,
  intervalUs: number,
  memlimitBytes: number,
  psMtuBytes: number,
): number {
  let limit: number;
  if (memlimitBytes > 0) limit = memlimitBytes;
  else if (rateBytesPerSec > 0)
    limit = Math.max(Math.floor((rateBytesPerSec * intervalUs) / (1e6 / 4)), 4 << 20);
  else limit = 0xffffffff;
  return Math.min(limit, Math.max(10240 * psMtuBytes, memlimitBytes));
}
