/**
 * TCP Small Queues: the byte budget below the socket.
 * Mirrors tcp_small_queue_check() in net/ipv4/tcp_output.c (and its inline
 * predecessor in tcp_write_xmit, v3.6–v4.9), per kernel (./kernel-features.ts).
 */
import { pow2 } from '../../engine/pow2';
import type { KernelFeatures } from './kernel-features';
import { PacingStatus } from '../skb';

export interface TsqInputs {
  /** truesize of the skb about to be sent. */
  skbTruesizeBytes: number;
  /** sk_pacing_rate in bytes/s (Infinity before the first update). */
  pacingRateBytesPerSec: number;
  sk_pacing_shift: number;
  sk_pacing_status: number;
  /** sysctl_tcp_limit_output_bytes in force. */
  limitOutputBytes: number;
  /** tcp_tx_delay in µs (0: off). */
  txDelayUs: number;
  /** 1 for retransmits when the era doubles the limit for them. */
  factor: 0 | 1;
}

/** The TSQ limit in bytes of truesize. */
export function tsqLimitBytes(k: KernelFeatures, x: TsqInputs): number {
  let limit: number;
  if (!k.tsqDynamicLimit || !k.pacingRate) {
    limit = x.limitOutputBytes; // 3.6: the sysctl alone
  } else {
    // Before the first update sk_pacing_rate is ~0U, so the rate term is huge.
    const rate = Number.isFinite(x.pacingRateBytesPerSec) ? x.pacingRateBytesPerSec : 2 ** 32 - 1;
    limit = Math.max(2 * x.skbTruesizeBytes, Math.floor(rate / pow2(x.sk_pacing_shift)));
    const capApplies = !k.tsqCapOnlyUnpaced || x.sk_pacing_status === PacingStatus.NONE;
    if (capApplies) limit = Math.min(limit, x.limitOutputBytes);
  }
  if (k.tsqRetransmitFactor) limit *= pow2(x.factor);
  if (x.txDelayUs > 0 && Number.isFinite(x.pacingRateBytesPerSec)) {
    // pacing_rate * tx_delay >> 19: about 2 × rate × delay, since truesize ≈ 2 × payload.
    limit += Math.floor((x.pacingRateBytesPerSec * x.txDelayUs) / 2 ** 19);
  }
  return limit;
}

/** The terms tcp_small_queue_check combines, as a lesson or a summary names them. */
export interface TsqBudgetTerms {
  /** max(2·truesize, pacing_rate >> shift) applies (3.12+); otherwise the sysctl alone is the limit. */
  dynamic: boolean;
  /** 2 × truesize of the skb about to be sent. */
  twiceTruesizeBytes: number;
  /** sk_pacing_rate >> sk_pacing_shift (bytes); NaN before the era has a pacing rate. */
  pacingTermBytes: number;
  /** sysctl_tcp_limit_output_bytes in force. */
  capBytes: number;
  /** Whether the cap applies to this socket (2018–2025 kernels leave paced flows uncapped). */
  capApplies: boolean;
  /** pacing_rate × tcp_tx_delay >> 19, added last (0 when off). */
  txDelayBytes: number;
  /** The inputs the terms were computed from: sk_pacing_shift and sk_pacing_rate (bytes/s, Infinity before set). */
  pacingShift: number;
  pacingRateBytesPerSec: number;
}

/** sk_pacing_rate >> sk_pacing_shift; before the first update the rate is ~0U, so the term is huge. */
export function pacingTermBytes(rateBytesPerSec: number, shift: number): number {
  const rate = Number.isFinite(rateBytesPerSec) ? rateBytesPerSec : 2 ** 32 - 1;
  return Math.floor(rate / pow2(shift));
}

/** The terms of tsqLimitBytes for new data (factor 0): limit = min(max(2·truesize, rate term), cap) + tx delay. */
export function tsqBudgetTerms(k: KernelFeatures, x: TsqInputs): TsqBudgetTerms {
  const dynamic = k.tsqDynamicLimit && k.pacingRate;
  return {
    dynamic,
    twiceTruesizeBytes: 2 * x.skbTruesizeBytes,
    pacingTermBytes: k.pacingRate ? pacingTermBytes(x.pacingRateBytesPerSec, x.sk_pacing_shift) : NaN,
    capBytes: x.limitOutputBytes,
    capApplies: !dynamic || !k.tsqCapOnlyUnpaced || x.sk_pacing_status === PacingStatus.NONE,
    txDelayBytes:
      x.txDelayUs > 0 && Number.isFinite(x.pacingRateBytesPerSec)
        ? Math.floor((x.pacingRateBytesPerSec * x.txDelayUs) / 2 ** 19)
        : 0,
    pacingShift: x.sk_pacing_shift,
    pacingRateBytesPerSec: x.pacingRateBytesPerSec,
  };
}

/**
 * Whether the shortcut lets the skb go although sk_wmem_alloc is over the
 * limit: no need to wait for a TX completion when nothing (or, in the eras
 * that have it, a single skb) waits in the retransmit queue.
 */
export function tsqShortcut(k: KernelFeatures, rtxQueueSkbs: number): boolean {
  if (k.tsqShortcut === 'none') return false;
  if (k.tsqShortcut === 'empty') return rtxQueueSkbs === 0;
  return rtxQueueSkbs <= 1;
}
