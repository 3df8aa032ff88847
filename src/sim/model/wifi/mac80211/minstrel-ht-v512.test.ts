/**
 * minstrel_ht of v5.12 on (6.1's code) on a hand-worked trace, every number worked from
 * rc80211_minstrel_ht.c: a 1-stream HT20 long-GI peer (one group, MCS 0–7),
 * ath9k's limits (4 rates, 10 tries), and a sample table drawn with every
 * random byte 0, so each column is 0, 1, …, 9 in order.
 *
 * Durations (MCS_DURATION ns, then >> 5 << 5: GROUP_SHIFT of MCS 0's
 * 1 477 000 ns, 21 bits, is 5): MCS0 1 476 992, 1 738 496, 2 492 480,
 * 3 369 248, 4 246 240, 5 184 736, 6 164 224, 7 147 744.
 * overhead = 48 + 60 = 108 µs.
 */
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../engine/rng';
import { ht } from '../../../scenario/wifi-config';
import { AVG_COEFF1, filterAvgAdd } from './minstrel-avg';
import { MinstrelHtV512 } from './minstrel-ht-v512';
import { createMinstrel } from './minstrel-rc';
import { MinstrelHt } from './minstrel-ht';
import {
  MinstrelSampleSets,
  SAMPLE_INC,
  SAMPLE_JUMP,
  SAMPLE_SLOW,
  sampleTable,
} from './minstrel-sample-sets';

const MS = 1_000_000;
const ath9k = { maxRates: 4, maxRetry: 10 };
/** get_random_bytes() all zero: init_sample_table's permutations are the identity. */
const zeroRng = { next: () => 0 } as unknown as Rng;

describe('minstrel_filter_avg_add (Butterworth smoothing, period 16)', () => {
  it('coefficients: 0x1499, −0x92e and MINSTREL_FRAC(1, 1) minus both = 1173', () => {
    expect(AVG_COEFF1).toBe(1173);
  });

  it('a step from 100 % to 50 %: takes the first input, then undershoots as a second-order filter does', () => {
    let f = filterAvgAdd(0, 0, 4096);
    expect(f).toEqual({ avg: 4096, avg1: 4096 });
    // (1173·2048 + 5273·4096 − 2350·4096) >> 12 = 14 374 912 >> 12 = 3509
    f = filterAvgAdd(f.avg, f.avg1, 2048);
    expect(f).toEqual({ avg: 3509, avg1: 4096 });
    // (2 402 304 + 5273·3509 − 2350·4096) >> 12 = 11 279 661 >> 12 = 2753
    f = filterAvgAdd(f.avg, f.avg1, 2048);
    expect(f.avg).toBe(2753);
    // (2 402 304 + 5273·2753 − 2350·3509) >> 12 = 8 672 723 >> 12 = 2117
    f = filterAvgAdd(f.avg, f.avg1, 2048);
    expect(f.avg).toBe(2117);
    // (2 402 304 + 5273·2117 − 2350·2753) >> 12 = 7 095 695 >> 12 = 1732: below the input
    f = filterAvgAdd(f.avg, f.avg1, 2048);
    expect(f.avg).toBe(1732);
  });

  it('an input of 0 counts as 1, and a negative output is clamped to 1', () => {
    expect(filterAvgAdd(0, 0, 0).avg).toBe(1);
    // 1173 + 5273 − 2350·4096 < 0
    expect(filterAvgAdd(1, 4096, 1).avg).toBe(1);
  });
});

describe('minstrel_ht v5.12 on a hand-worked trace', () => {
  let now = 0;
  const make = () => new MinstrelHtV512(ht(7), zeroRng, ath9k, 0, () => now);
  const one = (m: MinstrelHtV512, index: number) => [{ rate: m.rateOf(index), count: 1, rts: false, index }];
  const sets = (m: MinstrelHtV512) =>
    [SAMPLE_INC, SAMPLE_JUMP, SAMPLE_SLOW].map((t) => m.sample.rates[t].filter((r) => r >= 0));

  it('durations carry the group shift', () => {
    const m = make();
    expect([0, 4, 5, 6, 7].map((i) => m.durationNs(i))).toEqual([
      1_476_992, 246_240, 184_736, 164_224, 147_744,
    ]);
  });

  it('start: every rate at MCS 0; INC holds MCS 1, JUMP the sample table from MCS 1 on', () => {
    now = 0;
    const m = make();
    expect(m.maxTp).toEqual([0, 0, 0, 0]);
    expect(m.maxProb).toBe(0);
    // prob_avg 0 < 10 %: retry_count 1, so minstrel_ht_set_rate gives 2 tries each.
    expect(m.chain().map((s) => [s.rate.mcs, s.count])).toEqual([
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 2],
    ]);
    // INC: the slowest rate faster than max_tp_rate[0] (MCS 0) is MCS 1; asked again, none new.
    // JUMP: max_duration = MCS 0's; the table walk skips 0 (< offset 1) and gives 1, 2, 3, 4, 5.
    expect(sets(m)).toEqual([[1], [1, 2, 3, 4, 5], []]);
  });

  it('statistics, max_tp / max_prob, the rate table and the sampling times', () => {
    now = 0;
    const m = make();
    // Sample frames: one right away (sample_time = the last update), then none for 20 ms.
    expect(m.getRate()).toBe(1); // INC
    now = 5 * MS;
    expect(m.getRate()).toBe(-1);
    now = 19 * MS;
    expect(m.getRate()).toBe(-1); // MINSTREL_SAMPLE_INTERVAL = HZ / 50 = 20 ms
    now = 20 * MS;
    expect(m.getRate()).toBe(1); // JUMP
    now = 40 * MS;
    expect(m.getRate()).toBe(-1); // INC, now empty
    // A-MPDUs of 10: MCS 7 6 acked, MCS 6 9, MCS 5 10 and, 51 ms in (> 50 ms), 10 again.
    m.txStatus(one(m, 7), [1], 10, 6, 1 * MS);
    m.txStatus(one(m, 6), [1], 10, 9, 2 * MS);
    m.txStatus(one(m, 5), [1], 10, 10, 3 * MS);
    now = 51 * MS;
    m.txStatus(one(m, 5), [1], 10, 10, now);
    // avg_ampdu_len: 4096 + 32·(FRAC(40, 4) − 4096) / 128 = 13 312, i.e. 3 frames.
    expect(m.avgAmpduLen).toBe(13_312);
    // First samples taken as they come: 6/10 → 2457, 9/10 → 3686, 20/20 → 4096; MCS 4..0,
    // never tried, inherit their group's best faster probability, 4096.
    expect([7, 6, 5, 4, 0].map((i) => m.statsOf(i).probAvg)).toEqual([2457, 3686, 4096, 4096, 4096]);
    // tp = TRUNC(100 · (min(p, 3686) · 10^6 / (36 000 + duration))): MCS7 326, MCS6 449,
    // MCS5 407, MCS4 318, MCS3 222, MCS2 170, MCS1 116, MCS0 59.
    expect([7, 6, 5, 4, 3, 0].map((i) => m.tpAvg(i, m.statsOf(i).probAvg))).toEqual([
      326, 449, 407, 318, 222, 59,
    ]);
    expect(m.maxTp).toEqual([6, 5, 7, 4]);
    // max_prob: only rates slower than 184 736 · 19 / 16 = 219 374 ns, all at 4096 → best tp: MCS 4.
    expect(m.maxProb).toBe(4);
    // Table: max_tp[0..2], then max_prob; tries by segment_size at 3 frames (fallbacks: RTS/CTS counts).
    expect(m.chain().map((s) => [s.rate.mcs, s.count, s.rts])).toEqual([
      [6, 5, false],
      [5, 4, true],
      [7, 5, true],
      [4, 4, true],
    ]);
    // Refill: fast = 164 224 (MCS 6), slow = 246 240 (MCS 4). INC: MCS 7. JUMP's old 2..5 are no
    // faster than fast and go; the table's next entry, 6, is not faster either: SLOW (3686 ≤ 95 %).
    expect(sets(m)).toEqual([[7], [], [6]]);
    // The sequence goes on where it was (INC JUMP INC | JUMP INC SLOW), from the update on.
    now = 52 * MS;
    expect(m.getRate()).toBe(-1); // JUMP: empty
    now = 60 * MS;
    expect(m.getRate()).toBe(-1); // before 72 ms
    now = 72 * MS;
    expect(m.getRate()).toBe(7); // INC
    now = 92 * MS;
    expect(m.getRate()).toBe(6); // SLOW
    now = 112 * MS;
    expect(m.getRate()).toBe(-1); // INC: empty

    // Second interval: MCS 7 10 of 10. Input (10 + 6) / (10 + 10) → 3276; filter
    // (1173·3276 + 5273·2457 − 2350·2457) >> 12 = 11 024 559 >> 12 = 2691.
    now = 120 * MS;
    m.txStatus(one(m, 7), [1], 10, 10, now);
    expect(m.statsOf(7).probAvg).toBe(2691);
    expect(m.statsOf(7).probAvg1).toBe(2457);
    // avg_ampdu_len 13 312 + 32·(40 960 − 13 312) / 128 = 20 224 (4 frames): tp MCS7 375,
    // MCS6 470, MCS5 425, MCS4 329.
    expect(m.avgAmpduLen).toBe(20_224);
    expect([7, 6, 5, 4].map((i) => m.tpAvg(i, m.statsOf(i).probAvg))).toEqual([375, 470, 425, 329]);
    expect(m.maxTp).toEqual([6, 5, 7, 4]);
  });

  it('sudden death: max_prob_rate below 25 % after 30 attempts falls to group 0’s best-probability rate', () => {
    // 2-stream HT20 peer: group 0 MCS 0-7 (indexes 0-7), group 1 MCS 8-15 (8-15).
    now = 0;
    const m = new MinstrelHtV512(ht(15), zeroRng, ath9k, 0, () => now);
    const one2 = (index: number) => [{ rate: m.rateOf(index), count: 1, rts: false, index }];
    now = 51 * MS;
    m.txStatus(one2(15), [1], 10, 10, now);
    // Group 1: MCS 15 at 4096, MCS 14..8 inherit it; group 0 never tried stays at 0 (no throughput).
    expect(m.maxTp).toEqual([15, 14, 13, 12]);
    // max_prob: slower than max(74 000, 82 240) · 19 / 16 = 97 660 ns; MCS 13 (92 496) is not,
    // MCS 12 (123 248) is, and has the best throughput of those at 4096.
    expect(m.maxProb).toBe(12);
    expect(m.chain().map((c) => c.rate.mcs)).toEqual([15, 14, 13, 12]);
    // 31 attempts, 7 acked: 7 < 31 / 4 = 7 is false.
    now = 52 * MS;
    m.txStatus(one2(12), [1], 31, 7, now);
    expect(m.maxProb).toBe(12);
    // Another 31 with none acked: 62 attempts, 7 < 15; group 0 has no more streams: its
    // max_group_prob_rate, MCS 0, becomes max_prob_rate and the table's last entry.
    m.txStatus(one2(12), [1], 31, 0, now);
    expect(m.maxProb).toBe(0);
    expect(m.chain().map((c) => c.rate.mcs)).toEqual([15, 14, 13, 0]);
  });

  it('the era picks the implementation', () => {
    const clockNs = () => 0;
    expect(createMinstrel(ht(7), zeroRng, { ...ath9k, era: 'v5.12', clockNs }, 0)).toBeInstanceOf(
      MinstrelHtV512,
    );
    expect(createMinstrel(ht(7), zeroRng, { ...ath9k, era: 'v4.9' }, 0)).toBeInstanceOf(MinstrelHt);
    expect(createMinstrel(ht(7), zeroRng, ath9k, 0)).toBeInstanceOf(MinstrelHt);
  });
});

describe('minstrel_ht_move_sample_rates as the kernel has it', () => {
  it('a valid rate already in place is overwritten by the next valid one (the write index stays)', () => {
    // One HT20 1-stream group with the trace's durations, every rate at 100 %.
    const dur = [1_476_992, 738_496, 492_480, 369_248, 246_240, 184_736, 164_224, 147_744];
    const view = {
      nGroups: 1,
      perGroup: 8,
      supported: () => true,
      durationNs: (i: number) => dur[i],
      probAvg: () => 4096,
    };
    const sets = new MinstrelSampleSets(view, sampleTable(10, zeroRng), 0);
    sets.rates[SAMPLE_JUMP][0] = 7;
    sets.rates[SAMPLE_JUMP][1] = 6;
    // max_tp and max_prob all MCS 4: both MCS 7 and MCS 6 stay valid (faster than 246 240 ns).
    // i = 0: 7 is valid and i == j, so j stays 0; i = 1: 6 is written over it at 0, j = 1.
    // The refill then adds the table's first rate at or above MCS 5 (offset of 246 240): 5.
    sets.refill(4, 4, 4);
    expect(sets.rates[SAMPLE_JUMP].filter((r) => r >= 0)).toEqual([6, 5]);
  });
});
