/**
 * The rate control a driver keeps per peer: minstrel_ht as the kernel era
 * has it, chosen by MinstrelRcOptions.era (the scenario's era sets it):
 * - 'v4.9': the v4.9–v4.19 code (./minstrel-ht.ts): EWMA, per-frame
 *   sampling after 16 + 2 · avg_ampdu_len frames; also what v5.4 ran;
 * - 'v5.12': the code from v5.12 on (./minstrel-ht-v512.ts): filtered
 *   prob_avg, sample rate sets sampled every 20 ms.
 * (v5.5–v5.11, the filter with the old sampler, is no era here.)
 * ath9k takes the whole retry chain; the offload drivers' firmware stand-in
 * (../offload/offload-rc.ts) takes one rate per PPDU.
 */
import type { Ns } from '../../../engine/time';
import type { Rng } from '../../../engine/rng';
import type { PhyRate } from '../types';
import { MinstrelHt, type MinstrelOptions, type RateSeries } from './minstrel-ht';
import { MinstrelHtV512 } from './minstrel-ht-v512';

export type MinstrelEra = 'v4.9' | 'v5.12';

export interface MinstrelRc {
  /** The retry chain of a normal frame (rate_control_set_rates). */
  chain(): readonly RateSeries[];
  /** minstrel_ht_get_rate for one frame: a sample rate index, or −1 for the chain. */
  getRate(): number;
  /** The chain of a sample frame. */
  probeChain(sampleIndex: number): RateSeries[];
  /** minstrel_ht_tx_status: tries per chain entry, A-MPDU length and frames acknowledged. */
  txStatus(
    chain: readonly RateSeries[],
    tries: ArrayLike<number>,
    ampduLen: number,
    ackLen: number,
    nowNs: Ns,
  ): void;
  rateOf(index: number): PhyRate;
  /** minstrel_ht_get_expected_throughput (kbit/s). */
  expectedThroughputKbps(): number;
}

export interface MinstrelRcOptions extends MinstrelOptions {
  /** Which minstrel_ht (default 'v4.9'). */
  era?: MinstrelEra;
  /** The simulation clock: v5.12 samples by time, at minstrel_ht_get_rate. */
  clockNs?: () => Ns;
}

/** One peer's minstrel_ht of the given era, at the peer's best rate `cap`. */
export function createMinstrel(cap: PhyRate, rng: Rng, opts: MinstrelRcOptions, nowNs: Ns): MinstrelRc {
  const { era, clockNs, ...o } = opts;
  if (era === 'v5.12') {
    if (!clockNs) throw new Error('minstrel_ht v5.12 needs the clock it samples by');
    return new MinstrelHtV512(cap, rng, o, nowNs, clockNs);
  }
  return new MinstrelHt(cap, rng, o, nowNs);
}
