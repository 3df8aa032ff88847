/**
 * Simulated time. Every timestamp in the core is an integer number of
 * nanoseconds held in a JS number (exact up to 2^53 ns ≈ 104 days).
 */
export type Ns = number;

export const NS_PER_US = 1_000;
export const NS_PER_MS = 1_000_000;
export const NS_PER_SEC = 1_000_000_000;

export const us = (v: number): Ns => Math.round(v * NS_PER_US);
export const ms = (v: number): Ns => Math.round(v * NS_PER_MS);
export const sec = (v: number): Ns => Math.round(v * NS_PER_SEC);

/** Time to serialise `bytes` at `bps` bits per second, rounded up to whole ns. */
export function txTimeNs(bytes: number, bps: number): Ns {
  return Math.ceil((bytes * 8 * NS_PER_SEC) / bps);
}
