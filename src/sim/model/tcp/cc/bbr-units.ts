/**
 * Fixed-point units of net/ipv4/tcp_bbr.c, kept so that BBR's arithmetic
 * (truncations included) matches the kernel's:
 * - bandwidth in packets per µs << BW_SCALE (about 715 bit/s per unit at
 *   1500-byte packets);
 * - gains in 1/BBR_UNIT (256 = 1.0).
 * JS numbers hold these exactly far beyond any simulated rate; the few
 * products that can pass 2^53 are floored after a rounding error far below
 * one unit of the result.
 */

export const BW_SCALE = 24;
export const BW_UNIT = 2 ** BW_SCALE;
export const BBR_SCALE = 8;
export const BBR_UNIT = 1 << BBR_SCALE;

const USEC_PER_SEC = 1_000_000;

/**
 * bbr_rate_bytes_per_sec(): a bandwidth (packets/µs << 24) times a gain, in
 * bytes per second, paced `marginPercent` below (0 before v4.20).
 */
export function bbrRateBytesPerSec(bw: number, mss: number, gain: number, marginPercent: number): number {
  const scaled = Math.floor((bw * mss * gain) / BBR_UNIT);
  return Math.floor((scaled * ((USEC_PER_SEC / 100) * (100 - marginPercent))) / BW_UNIT);
}

/** A delivery rate in bytes/s as BBR's bandwidth unit (packets/µs << 24), truncated. */
export function bwFromBytesPerSec(rateBytesPerSec: number, mss: number): number {
  return Math.floor((rateBytesPerSec * BW_UNIT) / (mss * USEC_PER_SEC));
}

/** BBR's bandwidth unit back to bytes/s (no margin, no truncation), for charts. */
export function bwToBytesPerSec(bw: number, mss: number): number {
  return (bw * mss * USEC_PER_SEC) / BW_UNIT;
}
