/**
 * TSO/GSO autosizing: how many MSS a TCP skb carries.
 * Mirrors tcp_tso_autosize() / tcp_tso_segs() in net/ipv4/tcp_output.c.
 */
import { pow2 } from '../../engine/pow2';
import type { KernelFeatures } from './kernel-features';

/** MAX_TCP_HEADER on x86-64 (128 + MAX_HEADER), subtracted from gso_max_size in sk_setup_caps. */
export const MAX_TCP_HEADER_BYTES = 320;
/** sysctl_tcp_tso_rtt_log default (9: 512 µs; tcp_sk_init in net/ipv4/tcp_ipv4.c). */
export const TSO_RTT_LOG = 9;

export interface AutosizeInputs {
  mssBytes: number;
  pacingRateBytesPerSec: number;
  sk_pacing_shift: number;
  /** dev gso_max_size (65536 by default). */
  gsoMaxSizeBytes: number;
  /** dev gso_max_segs (65535), or 1 when the skb must be one MSS. */
  gsoMaxSegs: number;
  minTsoSegs: number;
  /** min_rtt in ns (Infinity before the first sample). */
  minRttNs: number;
}

/** sk_gso_max_size as sk_setup_caps computes it. */
export function skGsoMaxSize(gsoMaxSizeBytes: number): number {
  return gsoMaxSizeBytes - (MAX_TCP_HEADER_BYTES + 1);
}

/**
 * The cap v3.6–v3.18 put on every skb tcp_sendmsg builds: half of
 * tcp_limit_output_bytes, in whole MSS (at least one). Infinity in the eras
 * without it.
 */
export function tsqHalfLimitSegs(k: KernelFeatures, limitOutputBytes: number, mssBytes: number): number {
  if (!k.tsoHalfTsqLimit) return Infinity;
  return Math.max(1, Math.floor(Math.floor(limitOutputBytes / 2) / mssBytes));
}

/** Segments per skb (tcp_tso_segs). */
export function tsoSegs(k: KernelFeatures, x: AutosizeInputs): number {
  if (x.gsoMaxSegs <= 1) return 1;
  const skMax = skGsoMaxSize(x.gsoMaxSizeBytes);
  if (!k.tsoAutosize || !k.pacingRate) {
    // Before autosizing, TCP filled skbs up to gso_max_size (limited later by cwnd).
    return Math.min(Math.max(1, Math.floor(skMax / x.mssBytes)), x.gsoMaxSegs);
  }
  const rate = Number.isFinite(x.pacingRateBytesPerSec) ? x.pacingRateBytesPerSec : 2 ** 32 - 1;
  let bytes = Math.floor(rate / pow2(x.sk_pacing_shift));
  // 5.18+: r = tcp_min_rtt(tp) >> tcp_tso_rtt_log; if (r < BITS_PER_TYPE(sk_gso_max_size)) bytes += sk_gso_max_size >> r.
  // tcp_min_rtt is ~0U until the first sample: no bonus.
  if (k.tcpTsoRttLog !== null && Number.isFinite(x.minRttNs)) {
    const r = Math.floor(Math.floor(x.minRttNs / 1000) / pow2(k.tcpTsoRttLog));
    if (r < 32) bytes += Math.floor(skMax / pow2(r));
  }
  bytes = Math.min(bytes, skMax);
  const segs = Math.max(Math.floor(bytes / x.mssBytes), x.minTsoSegs);
  return Math.min(segs, x.gsoMaxSegs);
}
