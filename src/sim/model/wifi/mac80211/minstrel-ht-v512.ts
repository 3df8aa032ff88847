/**
 * minstrel_ht as v5.12 reworked it (net/mac80211/rc80211_minstrel_ht.c as
 * Linux 6.1 has it; the eras 6.1–6.16 run it), behind ./minstrel-rc.ts.
 * What changed from the v4.9–v4.19 code of ./minstrel-ht.ts:
 * - prob_avg: the success probability through a second-order smoothing
 *   filter (./minstrel-avg.ts, b1103d256704, v5.5) of the last two
 *   intervals' counts; no EWMA, no variance (eeafcb0c80c8, v5.12);
 * - statistics every update_interval = HZ/20 = 50 ms (7e2123abc516, v5.12,
 *   after v5.5 had halved it to 25 ms); a rate never tried takes the best
 *   probability of the faster rates of its group (v5.12 series);
 * - throughput 100 · (prob · 10^6 / nsecs), rounded once (347c2989a8ba);
 * - max_prob_rate: only rates at least 19/16 as slow as max_tp_rate[0..1],
 *   no stream reduction (v5.12 series, with a7fca4e4037f and d3b9b45f7e98);
 * - the rate table: max_tp_rate[0 .. max_rates − 2], then max_prob_rate
 *   (each entry's tries as before, ./minstrel-retry-chain.ts, at prob_avg);
 * - sudden death watches max_prob_rate alone (success < attempts / 4 after
 *   30 attempts) and drops it to group 0's best-probability rate;
 * - sampling by time, not by frame count (80d55154b2f8, v5.12; sample time
 *   check fixed by 1236af327af4, v5.13): one sample frame right after each
 *   statistics update and then every MINSTREL_SAMPLE_INTERVAL = HZ/50 =
 *   20 ms, from the sample sets (./minstrel-sample-sets.ts) in the order
 *   INC, JUMP, INC, JUMP, INC, SLOW; the frame carries the rate once
 *   (IEEE80211_TX_CTL_RATE_CTRL_PROBE) and the driver's aggregation rules
 *   decide the rest, as before.
 * Integer fixed point as the kernel (MINSTREL_SCALE 12, u16 prob_avg).
 * Not modelled, as in ./minstrel-ht.ts: the CCK/OFDM groups (legacy and
 * 2.4 GHz HT peers; legacy minstrel merged in by 65504299ddc8, v5.12).
 */
import type { Ns } from '../../../engine/time';
import type { Rng } from '../../../engine/rng';
import type { PhyRate } from '../types';
import { minstrelGroups, type MinstrelGroup } from './minstrel-groups';
import { minstrelEwma } from './minstrel-ampdu-len';
import { FRAC, TRUNC } from './minstrel-stats';
import { MinstrelAvgStats } from './minstrel-avg';
import {
  MinstrelSampleSets,
  sampleTable,
  SAMPLE_INC,
  SAMPLE_JUMP,
  SAMPLE_SLOW,
} from './minstrel-sample-sets';
import { minstrelCountTries } from './minstrel-rate-counts';
import {
  minstrelOverheadUs,
  minstrelProbeChain,
  minstrelSetRate,
  type ChainSource,
  type MinstrelOptions,
  type RateSeries,
} from './minstrel-retry-chain';

const MAX_THR_RATES = 4;
/** mp->update_interval = HZ / 20, and MINSTREL_SAMPLE_INTERVAL = HZ / 50. */
const UPDATE_INTERVAL_NS = 50_000_000;
const SAMPLE_INTERVAL_NS = 20_000_000;
/** minstrel_sample_seq[]. */
const SAMPLE_SEQ = [SAMPLE_INC, SAMPLE_JUMP, SAMPLE_INC, SAMPLE_JUMP, SAMPLE_INC, SAMPLE_SLOW];

/** GROUP_SHIFT(duration of the group's first rate): the table keeps durations >> shift in 16 bits. */
const groupShift = (d: number): number => Math.max(0, 16 - Math.clz32(d));

export class MinstrelHtV512 implements ChainSource {
  readonly groups: MinstrelGroup[];
  readonly perGroup: number;
  maxTp: number[] = [0, 0, 0, 0];
  maxProb = 0;
  /** mi->avg_ampdu_len, fixed point. */
  avgAmpduLen = FRAC(1, 1);
  readonly sample: MinstrelSampleSets;
  private readonly stats: MinstrelAvgStats[];
  private readonly dur: number[];
  private readonly maxGroupProb: number[];
  private ampduLen = 0;
  private ampduPackets = 0;
  private sampleSeq = 0;
  private sampleTimeNs: Ns = 0;
  private lastUpdateNs: Ns;
  private chainCache: RateSeries[] = [];
  readonly overheadUs: number;
  readonly overheadRtsUs: number;
  readonly o: Required<MinstrelOptions>;

  constructor(
    cap: PhyRate,
    rng: Rng,
    opts: MinstrelOptions,
    nowNs: Ns,
    private readonly clockNs: () => Ns,
  ) {
    this.o = { segmentSizeUs: 6000, cwMin: 15, cwMax: 1023, updateIntervalMs: 50, ...opts };
    this.groups = minstrelGroups(cap);
    this.perGroup = this.groups[0].rates.length;
    this.stats = this.groups.flatMap((g) => g.rates.map(() => new MinstrelAvgStats()));
    this.dur = this.groups.flatMap((g) => {
      const s = groupShift(g.durationNs[0]);
      return g.durationNs.map((d) => (d >> s) << s);
    });
    this.maxGroupProb = this.groups.map((_, g) => g * this.perGroup);
    // The kernel's group walk starts after group 0: its HT group 0 is this HT peer's first,
    // while a VHT peer's first group comes after the (unsupported) HT ones.
    const start = cap.mode === 'ht' ? 0 : this.groups.length - 1;
    const view = {
      nGroups: this.groups.length,
      perGroup: this.perGroup,
      supported: (i: number) => this.dur[i] > 0,
      durationNs: (i: number) => this.dur[i],
      probAvg: (i: number) => this.stats[i].probAvg,
    };
    this.sample = new MinstrelSampleSets(view, sampleTable(Math.max(10, this.perGroup), rng), start);
    this.overheadUs = minstrelOverheadUs(false);
    this.overheadRtsUs = minstrelOverheadUs(true);
    this.lastUpdateNs = nowNs;
    this.updateStats(nowNs);
    this.updateRates();
  }

  rateOf(index: number): PhyRate {
    return this.groups[Math.trunc(index / this.perGroup)].rates[index % this.perGroup]!;
  }
  statsOf(index: number): MinstrelAvgStats {
    return this.stats[index];
  }
  durationNs(index: number): number {
    return this.dur[index];
  }
  probOf(index: number): number {
    return this.stats[index].probAvg;
  }

  chain(): readonly RateSeries[] {
    return this.chainCache;
  }

  /** minstrel_ht_get_rate: a sample rate index once the sample time has come, else −1. */
  getRate(): number {
    const now = this.clockNs();
    if (now < this.sampleTimeNs) return -1;
    this.sampleTimeNs = now + SAMPLE_INTERVAL_NS;
    const type = this.o.maxRates > 1 ? SAMPLE_SEQ[this.sampleSeq] : SAMPLE_INC;
    if (this.o.maxRates > 1) this.sampleSeq = (this.sampleSeq + 1) % SAMPLE_SEQ.length;
    return this.sample.take(type);
  }

  /** A sample frame: the sample rate once, then the rate table. */
  probeChain(sampleIndex: number): RateSeries[] {
    return minstrelProbeChain(this, sampleIndex);
  }

  /** minstrel_ht_tx_status (see ./minstrel-ht.ts for the arguments). */
  txStatus(
    chain: readonly RateSeries[],
    tries: ArrayLike<number>,
    ampduLen: number,
    ackLen: number,
    nowNs: Ns,
  ): void {
    this.ampduPackets++;
    this.ampduLen += ampduLen;
    minstrelCountTries(this, chain, tries, ampduLen, ackLen);
    let update = false;
    const mp = this.stats[this.maxProb];
    if (this.o.maxRates > 1 && mp.attempts > 30 && mp.success < Math.trunc(mp.attempts / 4)) {
      this.maxProb = this.downgradeProb(this.maxProb);
      update = true;
    }
    if (nowNs > this.lastUpdateNs + UPDATE_INTERVAL_NS) {
      update = true;
      this.updateStats(nowNs);
    }
    if (update) this.updateRates();
  }

  /** minstrel_ht_get_expected_throughput (kbit/s). */
  expectedThroughputKbps(): number {
    const i = this.maxTp[0];
    return Math.trunc((this.tpAvg(i, this.stats[i].probAvg) * 10 * 1200 * 8) / 1024);
  }

  /** minstrel_ht_get_tp_avg: packets per 10 ms (scaled), 0 below 10 %. */
  tpAvg(index: number, prob: number): number {
    if (prob < FRAC(10, 100)) return 0;
    const nsecs = Math.trunc((1000 * this.overheadUs) / TRUNC(this.avgAmpduLen)) + this.dur[index];
    const p = Math.min(prob, FRAC(90, 100));
    return TRUNC(100 * Math.trunc((p * 1_000_000) / nsecs));
  }

  private tpOf(index: number): number {
    return this.tpAvg(index, this.stats[index].probAvg);
  }

  /** minstrel_downgrade_prob_rate: down to the lowest group with no more streams. */
  private downgradeProb(index: number): number {
    const orig = Math.trunc(index / this.perGroup);
    let out = index;
    for (let g = orig - 1; g >= 0; g--) {
      if (this.groups[g].streams > this.groups[orig].streams) continue;
      out = this.maxGroupProb[g];
    }
    return out;
  }

  /** minstrel_ht_update_stats. */
  private updateStats(nowNs: Ns): void {
    if (this.ampduPackets > 0) {
      this.avgAmpduLen = minstrelEwma(this.avgAmpduLen, FRAC(this.ampduLen, this.ampduPackets));
      this.ampduLen = 0;
      this.ampduPackets = 0;
    }
    const tmpTp = [0, 0, 0, 0];
    for (let g = 0; g < this.groups.length; g++) {
      let lastProb = 0;
      for (let i = this.perGroup - 1; i >= 0; i--) {
        const index = g * this.perGroup + i;
        if (this.dur[index] === 0) continue;
        const st = this.stats[index];
        st.retryUpdated = false;
        st.calc();
        // A rate never tried is taken to do as well as the best faster rate of its group.
        if (st.attHist > 0) lastProb = Math.max(lastProb, st.probAvg);
        else st.probAvg = Math.max(lastProb, st.probAvg);
        if (this.tpOf(index) === 0) continue;
        this.sortBestTp(index, tmpTp); // (and into mg->max_group_tp_rate, which only debugfs reads)
      }
    }
    this.maxTp = tmpTp;
    let maxProb = 0;
    for (let g = 0; g < this.groups.length; g++) {
      this.maxGroupProb[g] = g * this.perGroup;
      for (let i = 0; i < this.perGroup; i++) {
        const index = g * this.perGroup + i;
        if (this.dur[index] > 0) maxProb = this.setBestProb(maxProb, index);
      }
    }
    this.maxProb = maxProb;
    this.sample.refill(this.maxTp[0], this.maxTp[1], this.maxProb);
    this.lastUpdateNs = nowNs;
    this.sampleTimeNs = nowNs;
  }

  /** minstrel_ht_sort_best_tp_rates, each throughput taken at the rate's current prob_avg. */
  private sortBestTp(index: number, list: number[]): void {
    const curProb = this.stats[index].probAvg;
    const curTp = this.tpOf(index);
    let j = MAX_THR_RATES;
    do {
      const tmpTp = this.tpOf(list[j - 1]);
      if (curTp < tmpTp || (curTp === tmpTp && curProb <= this.stats[list[j - 1]].probAvg)) break;
      j--;
    } while (j > 0);
    for (let k = MAX_THR_RATES - 1; k > j; k--) list[k] = list[k - 1];
    if (j < MAX_THR_RATES) list[j] = index;
  }

  /** minstrel_ht_set_best_prob_rate: the new max_prob_rate candidate `dest`, and the group's. */
  private setBestProb(dest: number, index: number): number {
    const minDur = Math.max(this.dur[this.maxTp[0]], this.dur[this.maxTp[1]]);
    if (this.dur[index] <= Math.trunc((minDur * 19) / 16)) return dest; // ≥ 18 % slower than max_tp
    const g = Math.trunc(index / this.perGroup);
    const prob = this.stats[index].probAvg;
    const gpr = this.maxGroupProb[g];
    if (prob > FRAC(75, 100)) {
      const tp = this.tpOf(index);
      if (tp > this.tpOf(gpr)) this.maxGroupProb[g] = index;
      return tp > this.tpOf(dest) ? index : dest;
    }
    if (prob > this.stats[gpr].probAvg) this.maxGroupProb[g] = index;
    return prob > this.stats[dest].probAvg ? index : dest;
  }

  /** minstrel_ht_update_rates: max_tp_rate[0 .. max_rates − 2], then max_prob_rate. */
  private updateRates(): void {
    const n = Math.min(this.o.maxRates, 4);
    const picks = [this.maxTp[0]];
    for (let i = 1; i < n - 1; i++) picks.push(this.maxTp[i]);
    if (picks.length < n) picks.push(this.maxProb);
    this.chainCache = picks.map((index, offset) => minstrelSetRate(this, index, offset));
  }
}
