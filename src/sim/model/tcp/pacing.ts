/**
 * Pacing-rate arithmetic of the sender.
 * tcp_update_pacing_rate() mirrors net/ipv4/tcp_input.c; the EDT step mirrors
 * tcp_update_skb_after_send() in net/ipv4/tcp_output.c (4.20+), and the
 * relative timer mirrors tcp_internal_pacing() of 4.13–4.19.
 */
import { NS_PER_SEC, type Ns } from '../../engine/time';

/** Defaults of net.ipv4.tcp_pacing_ss_ratio / tcp_pacing_ca_ratio (tcp_sk_init, net/ipv4/tcp_ipv4.c). */
export const PACING_SS_RATIO = 200;
export const PACING_CA_RATIO = 120;

/**
 * tcp_update_pacing_rate(), in the kernel's integer arithmetic:
 * rate = mss · ((USEC_PER_SEC / 100) << 3) · ratio · max(cwnd, packets_out)
 * / srtt_us, with srtt_us the smoothed RTT in µs << 3 (its unit), ratio
 * tcp_pacing_ss_ratio while cwnd < ssthresh / 2 (slow start far from its
 * end), else tcp_pacing_ca_ratio; then min(rate, sk_max_pacing_rate).
 * Without an RTT sample (srtt_us 0) the rate stays ~0U.
 */
export function tcpPacingRate(
  mssBytes: number,
  cwnd: number,
  ssthresh: number,
  packetsOut: number,
  srttNs: Ns,
  maxRateBytesPerSec: number,
  ssRatio = PACING_SS_RATIO,
  caRatio = PACING_CA_RATIO,
): number {
  const srttUs8 = Math.floor((srttNs * 8) / 1000);
  if (srttUs8 <= 0) return Infinity;
  // snd_ssthresh / 2 is u32 division in the kernel.
  const ratio = cwnd < Math.floor(ssthresh / 2) ? ssRatio : caRatio;
  const rate = Math.floor((mssBytes * 80_000 * ratio * Math.max(cwnd, packetsOut)) / srttUs8);
  return Math.min(rate, maxRateBytesPerSec);
}

/** Time an skb of `lenBytes` occupies at `rateBytesPerSec`. */
export function pacingLenNs(lenBytes: number, rateBytesPerSec: number): Ns {
  return Math.floor((lenBytes * NS_PER_SEC) / rateBytesPerSec);
}

/**
 * EDT: advance tcp_wstamp_ns by the skb's pacing time, minus up to half of it
 * as credit for how late this skb already is (OS jitter).
 */
export function edtAdvance(wstampNs: Ns, priorWstampNs: Ns, lenBytes: number, rateBytesPerSec: number): Ns {
  let lenNs = pacingLenNs(lenBytes, rateBytesPerSec);
  const credit = wstampNs - priorWstampNs;
  lenNs -= Math.min(Math.floor(lenNs / 2), credit);
  return wstampNs + lenNs;
}
