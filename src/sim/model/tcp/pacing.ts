/**
 * Pacing-rate arithmetic of the sender.
 * tcp_update_pacing_rate() mirrors net/ipv4/tcp_input.c; the EDT step mirrors
 * tcp_update_skb_after_send() in net/ipv4/tcp_output.c (4.20+), and the
 * relative timer mirrors tcp_internal_pacing() of 4.13–4.19.
 */
import { NS_PER_SEC, type Ns } from '../../engine/time';

export const PACING_SS_RATIO = 200;
export const PACING_CA_RATIO = 120;

/**
 * rate = ratio% · mss · max(cwnd, packets_out) / srtt, in bytes/s; 200 % while
 * cwnd < ssthresh/2 (slow start far from its end), else 120 %.
 */
export function tcpPacingRate(
  mssBytes: number,
  cwnd: number,
  ssthresh: number,
  packetsOut: number,
  srttNs: Ns,
  maxRateBytesPerSec: number,
): number {
  if (srttNs <= 0) return Infinity;
  // snd_ssthresh / 2 is u32 division in the kernel.
  const ratio = cwnd < Math.floor(ssthresh / 2) ? PACING_SS_RATIO : PACING_CA_RATIO;
  const rate = (((ratio / 100) * mssBytes * Math.max(cwnd, packetsOut)) / srttNs) * NS_PER_SEC;
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
