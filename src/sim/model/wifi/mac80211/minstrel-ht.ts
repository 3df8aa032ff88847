/**
 * minstrel_ht, mac80211's rate control for HT/VHT stations
 * (net/mac80211/rc80211_minstrel_ht.c and rc80211_minstrel.c, v4.9–v4.19):
 * - tx status (minstrel_ht_tx_status): attempts += count · ampdu_len for
 *   every rate of the retry chain tried, success += ampdu_ack_len for the
 *   last; "sudden death" of a max_tp rate below 20 % after 30 attempts
 *   downgrades it to a group with no more streams (minstrel_downgrade_rate);
 * - every update_interval / 2 = 50 ms (minstrel_ht_update_stats): per rate
 *   cur_prob = success / attempts, prob_ewma = EWMA 75 % old / 25 % new
 *   (the first sample taken as is), prob_ewmv its variance
 *   (minstrel_calc_rate_stats); throughput = min(prob, 90 %) / (duration +
 *   overhead / avg_ampdu_len), zero below 10 % (minstrel_ht_get_tp_avg);
 *   the four best throughput rates (max_tp_rate[]) and the max probability
 *   rate, reduced to fewer streams where that pays (set_best_prob_rate,
 *   prob_rate_reduce_streams); sample_count = 8 per supported group;
 * - the retry chain (minstrel_ht_update_rates): max_tp_rate[0],
 *   max_tp_rate[1], max_prob_rate, each entry's tries as
 *   minstrel_calc_retransmit sets them (./minstrel-retry-chain.ts);
 * - sampling (minstrel_get_sample_rate), per frame: after a wait of
 *   16 + 2 · avg_ampdu_len frames, one frame goes at a rate from the sample
 *   table (rate-control probe, count 1), skipping max_tp_rate[0],
 *   max_prob_rate, rates above 95 % and — except every 20 skipped intervals,
 *   at most 3 per interval — rates slower than the current ones. The driver
 *   sends a probe outside any aggregate (ath9k: ath_tx_form_aggr stops at it).
 * Integer fixed point as the kernel has it (MINSTREL_SCALE 12).
 * Eras v4.9 to v5.4 run it (./minstrel-rc.ts picks it). Not modelled: the
 * CCK group of HT stations on 2.4 GHz, and v5.0–v5.4's sample_mode for
 * drivers without a 4-rate chain. The v5.12 rework (filtered prob_avg,
 * sample rate sets; MINSTREL_SCALE stays 12) is ./minstrel-ht-v512.ts;
 * v5.5–v5.11 (the filter with this sampler) is no era here.
 */
import type { Ns } from '../../../engine/time';
import type { Rng } from '../../../engine/rng';
import type { PhyRate } from '../types';
import { minstrelGroups, type MinstrelGroup } from './minstrel-groups';
import { minstrelEwma } from './minstrel-ampdu-len';
import { MinstrelRateStats, FRAC, TRUNC } from './minstrel-stats';
import { minstrelCountTries } from './minstrel-rate-counts';
import {
  minstrelOverheadUs,
  minstrelProbeChain,
  minstrelSetRate,
  type ChainSource,
  type MinstrelOptions,
  type RateSeries,
} from './minstrel-retry-chain';
import { SAMPLE_COLUMNS, sampleTable } from './minstrel-sample-sets';

export { MinstrelRateStats } from './minstrel-stats';
export type { MinstrelOptions, RateSeries } from './minstrel-retry-chain';

/** MAX_THR_RATES. */
const MAX_THR_RATES = 4;

/** MINSTREL_FRAC(95, 100): above it a rate is not sampled. */
const PROB_95 = FRAC(95, 100);

export class MinstrelHt implements ChainSource {
  readonly groups: MinstrelGroup[];
  readonly stats: MinstrelRateStats[][];
  readonly perGroup: number;
  maxTp: number[] = [0, 0, 0, 0];
  maxProb = 0;
  readonly maxGroupProb: number[];
  /** mi->avg_ampdu_len, fixed point. */
  avgAmpduLen = FRAC(1, 1);
  private ampduLen = 0;
  private ampduPackets = 0;
  private sampleWait: number;
  private sampleTries = 4;
  private sampleCount: number;
  private sampleSlow = 0;
  private sampleGroup = 0;
  private readonly sampleIdx: number[];
  private readonly sampleCol: number[];
  private readonly sampleTable: number[][];
  private lastUpdateNs: Ns;
  private chainCache: RateSeries[] = [];
  /** mi->overhead, overhead_rtscts (µs). */
  readonly overheadUs: number;
  readonly overheadRtsUs: number;
  readonly o: Required<MinstrelOptions>;
  /** By rate index (group · G + mcs), for the per-frame sampling checks: stats, duration, streams. */
  private readonly statsByIndex: MinstrelRateStats[];
  private readonly durationByIndex: Float64Array;
  private readonly streamsByIndex: Uint8Array;

  constructor(cap: PhyRate, rng: Rng, opts: MinstrelOptions, nowNs: Ns = 0) {
    this.o = { segmentSizeUs: 6000, cwMin: 15, cwMax: 1023, updateIntervalMs: 100, ...opts };
    this.groups = minstrelGroups(cap);
    this.perGroup = this.groups[0].rates.length;
    this.stats = this.groups.map((g) => g.rates.map(() => new MinstrelRateStats()));
    this.statsByIndex = this.stats.flat();
    this.durationByIndex = Float64Array.from(this.groups.flatMap((g) => g.durationNs));
    this.streamsByIndex = Uint8Array.from(this.groups.flatMap((g) => g.rates.map(() => g.streams)));
    this.maxGroupProb = this.groups.map((_, g) => g * this.perGroup);
    this.sampleIdx = this.groups.map(() => 0);
    this.sampleCol = this.groups.map(() => 0);
    this.sampleTable = sampleTable(this.perGroup, rng);
    this.overheadUs = minstrelOverheadUs(false);
    this.overheadRtsUs = minstrelOverheadUs(true);
    // minstrel_ht_update_caps: with MRR, sample 16 times at once, no wait.
    const mrr = opts.maxRates > 1;
    this.sampleCount = mrr ? 16 : 8;
    this.sampleWait = mrr ? 0 : 8;
    this.lastUpdateNs = nowNs;
    this.updateStats();
    this.updateRates();
  }

  rateOf(index: number): PhyRate {
    return this.groups[Math.trunc(index / this.perGroup)].rates[index % this.perGroup]!;
  }
  statsOf(index: number): MinstrelRateStats {
    return this.statsByIndex[index];
  }
  durationNs(index: number): number {
    return this.durationByIndex[index];
  }
  probOf(index: number): number {
    return this.statsByIndex[index].probEwma;
  }
  private streamsOf(index: number): number {
    return this.streamsByIndex[index];
  }

  /** The retry chain the driver uses for a normal frame (rate_control_set_rates). */
  chain(): readonly RateSeries[] {
    return this.chainCache;
  }

  /**
   * minstrel_ht_get_rate for one frame: the sample rate index for a probe,
   * or −1 when the frame takes the chain.
   */
  getRate(): number {
    return this.sampleRate();
  }

  /** The chain of a probe frame: the sample rate once, then the normal chain. */
  probeChain(sampleIndex: number): RateSeries[] {
    return minstrelProbeChain(this, sampleIndex);
  }

  /** minstrel_ht_tx_status, its counting in ./minstrel-rate-counts.ts. */
  txStatus(
    chain: readonly RateSeries[],
    tries: ArrayLike<number>,
    ampduLen: number,
    ackLen: number,
    nowNs: Ns,
  ): void {
    this.ampduPackets++;
    this.ampduLen += ampduLen;
    if (this.sampleWait === 0 && this.sampleTries === 0 && this.sampleCount > 0) {
      this.sampleWait = 16 + 2 * TRUNC(this.avgAmpduLen);
      this.sampleTries = 1;
      this.sampleCount--;
    }
    minstrelCountTries(this, chain, tries, ampduLen, ackLen);
    let update = this.suddenDeath(0) || this.suddenDeath(1);
    if (nowNs > this.lastUpdateNs + (this.o.updateIntervalMs / 2) * 1_000_000) {
      update = true;
      this.updateStats();
      this.lastUpdateNs = nowNs;
    }
    if (update) this.updateRates();
  }

  /** minstrel_ht_get_expected_throughput (kbit/s), what mac80211 hands the slow-station CoDel check. */
  expectedThroughputKbps(): number {
    const i = this.maxTp[0];
    const tp = this.tpAvg(i, this.statsOf(i).probEwma) * 10;
    return Math.trunc((tp * 1200 * 8) / 1024);
  }

  /**
   * tpAvg of each rate, filled at the start of updateStats once every rate is folded in. The
   * kernel recomputes it at each comparison, in its loop order, so a rate not yet folded in
   * is compared at its old prob_ewma there; here every rate is at its new one.
   */
  private tpNow: Int32Array = new Int32Array(0);

  private tpOf(index: number): number {
    return this.tpNow[index];
  }

  /** minstrel_ht_get_tp_avg: packets per 10 ms at probability `prob`, 0 below 10 %. */
  tpAvg(index: number, prob: number): number {
    if (prob < FRAC(10, 100)) return 0;
    const nsecs = Math.trunc((1000 * this.overheadUs) / TRUNC(this.avgAmpduLen)) + this.durationNs(index);
    const p = Math.min(prob, FRAC(90, 100));
    return TRUNC(100000 * Math.trunc((p * 1000) / nsecs));
  }

  private suddenDeath(k: 0 | 1): boolean {
    const st = this.statsOf(this.maxTp[k]);
    if (st.attempts <= 30 || FRAC(st.success, st.attempts) >= FRAC(20, 100)) return false;
    const orig = Math.trunc(this.maxTp[k] / this.perGroup);
    for (let g = orig - 1; g >= 0; g--) {
      if (this.groups[g].streams > this.groups[orig].streams) continue;
      this.maxTp[k] = this.groupBest[g][k];
      break;
    }
    return true;
  }

  /** mg->max_group_tp_rate[] per group. */
  private groupBest: number[][] = [];

  /** minstrel_ht_update_stats. */
  private updateStats(): void {
    if (this.ampduPackets > 0) {
      this.avgAmpduLen = minstrelEwma(this.avgAmpduLen, FRAC(this.ampduLen, this.ampduPackets));
      this.ampduLen = 0;
      this.ampduPackets = 0;
    }
    this.sampleSlow = 0;
    this.sampleCount = 0;
    if (this.tpNow.length === 0) this.tpNow = new Int32Array(this.groups.length * this.perGroup);
    for (let g = 0; g < this.groups.length; g++)
      for (let i = 0; i < this.perGroup; i++) {
        if (this.groups[g].rates[i] === null) continue;
        const st = this.stats[g][i];
        st.retryUpdated = false;
        st.calc();
        const index = g * this.perGroup + i;
        this.tpNow[index] = this.tpAvg(index, st.probEwma);
      }
    const tmpTp = [0, 0, 0, 0];
    this.groupBest = [];
    for (let g = 0; g < this.groups.length; g++) {
      this.sampleCount++;
      const groupTp = [0, 0, 0, 0].map(() => g * this.perGroup);
      for (let i = 0; i < this.perGroup; i++) {
        if (this.groups[g].rates[i] === null) continue;
        const index = g * this.perGroup + i;
        if (this.tpOf(index) === 0) continue;
        this.sortBestTp(index, tmpTp);
        this.sortBestTp(index, groupTp);
        this.setBestProb(index);
      }
      this.groupBest.push(groupTp);
    }
    this.maxTp = tmpTp;
    this.reduceStreams();
    this.sampleCount *= 8;
  }

  /** minstrel_ht_sort_best_tp_rates: insert `index` into the sorted list. */
  private sortBestTp(index: number, list: number[]): void {
    const curProb = this.statsOf(index).probEwma;
    const curTp = this.tpOf(index);
    let j = MAX_THR_RATES;
    do {
      const tmpProb = this.statsOf(list[j - 1]).probEwma;
      const tmpTp = this.tpOf(list[j - 1]);
      if (curTp < tmpTp || (curTp === tmpTp && curProb <= tmpProb)) break;
      j--;
    } while (j > 0);
    if (j < MAX_THR_RATES - 1) for (let k = MAX_THR_RATES - 1; k > j; k--) list[k] = list[k - 1];
    if (j < MAX_THR_RATES) list[j] = index;
  }

  /** minstrel_ht_set_best_prob_rate. */
  private setBestProb(index: number): void {
    const g = Math.trunc(index / this.perGroup);
    const prob = this.statsOf(index).probEwma;
    const maxProbP = this.statsOf(this.maxProb).probEwma;
    const gprP = this.statsOf(this.maxGroupProb[g]).probEwma;
    if (prob > FRAC(75, 100)) {
      const tp = this.tpOf(index);
      if (tp > this.tpOf(this.maxProb)) this.maxProb = index;
      if (tp > this.tpOf(this.maxGroupProb[g])) this.maxGroupProb[g] = index;
    } else {
      if (prob > maxProbP) this.maxProb = index;
      if (prob > gprP) this.maxGroupProb[g] = index;
    }
  }

  /** minstrel_ht_prob_rate_reduce_streams. */
  private reduceStreams(): void {
    const maxStreams = this.streamsOf(this.maxTp[0]);
    let bestTp = 0;
    for (let g = 0; g < this.groups.length; g++) {
      const tp = this.tpOf(this.maxGroupProb[g]);
      const idx = this.maxGroupProb[g];
      if (bestTp < tp && this.groups[g].streams < maxStreams) {
        this.maxProb = idx;
        bestTp = tp;
      }
    }
  }

  /** minstrel_ht_update_rates: max_tp[0], max_tp[1] (≥ 3 rates), max_prob (≥ 2 rates). */
  private updateRates(): void {
    const picks = [this.maxTp[0]];
    if (this.o.maxRates >= 3) picks.push(this.maxTp[1]);
    if (this.o.maxRates >= 2) picks.push(this.maxProb);
    this.chainCache = picks.map((index, offset) => minstrelSetRate(this, index, offset));
  }

  /** minstrel_get_sample_rate (v4.14). */
  private sampleRate(): number {
    if (this.sampleWait > 0) {
      this.sampleWait--;
      return -1;
    }
    if (this.sampleTries === 0) return -1;
    const g = this.sampleGroup;
    const i = this.sampleTable[this.sampleCol[g]][this.sampleIdx[g]];
    this.nextSampleIdx();
    const index = g * this.perGroup + i;
    // Runs for most frames once sample_tries is set: flat lookups, no destructuring.
    const dur = this.durationByIndex[index];
    if (dur === 0) return -1; // a rate the group does not have
    const t0 = this.maxTp[0];
    const t1 = this.maxTp[1];
    if (index === t0 || index === this.maxProb) return -1;
    const st = this.statsByIndex[index];
    if (st.probEwma > PROB_95) return -1;
    const d0 = this.durationByIndex[t0];
    const d1 = this.durationByIndex[t1];
    const tpRate1 = d0 > d1 ? t1 : t0;
    const tpRate2Dur = d0 > d1 ? d0 : d1;
    if (
      dur >= tpRate2Dur &&
      (this.streamsByIndex[tpRate1] - 1 < this.streamsByIndex[index] ||
        dur >= this.durationByIndex[this.maxProb])
    ) {
      if (st.sampleSkipped < 20) return -1;
      if (this.sampleSlow++ > 2) return -1;
    }
    this.sampleTries--;
    return index;
  }

  /** minstrel_set_next_sample_idx. */
  private nextSampleIdx(): void {
    this.sampleGroup = (this.sampleGroup + 1) % this.groups.length;
    const g = this.sampleGroup;
    if (++this.sampleIdx[g] >= this.perGroup) {
      this.sampleIdx[g] = 0;
      if (++this.sampleCol[g] >= SAMPLE_COLUMNS) this.sampleCol[g] = 0;
    }
  }
}
