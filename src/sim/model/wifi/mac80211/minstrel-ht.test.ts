import { describe, expect, it } from 'vitest';
import { Rng } from '../../../engine/rng';
import { ht, vht } from '../../../scenario/wifi-config';
import { minstrelGroups } from './minstrel-groups';
import { MinstrelHt } from './minstrel-ht';
import { ewmv, FRAC } from './minstrel-stats';

const MS = 1_000_000;
/** ath9k: hw->max_rates 4, max_rate_tries 10. */
const ath9k = { maxRates: 4, maxRetry: 10 };

/**
 * A hand-worked trace on a 1-stream HT20 long-GI peer (one group, MCS 0–7).
 * Durations (MCS_DURATION, ns per average packet): MCS4 ⌈153600/156⌉ = 985
 * symbols · 4000 / 16 = 246 250; MCS7 ⌈153600/260⌉ = 591 → 147 750.
 * overhead = 48 + 60 µs (ieee80211_frame_duration of 0 and 10 bytes at 6 Mbit/s).
 */
describe('minstrel_ht on a hand-worked trace', () => {
  it('group durations follow MCS_DURATION', () => {
    const [g] = minstrelGroups(ht(7));
    expect(g.durationNs[4]).toBe(246_250);
    expect(g.durationNs[7]).toBe(147_750);
    expect(g.durationNs[0]).toBe(1_477_000);
  });

  it('starts at the lowest rate, twice per entry, until statistics exist', () => {
    const m = new MinstrelHt(ht(7), new Rng(1), ath9k);
    expect(m.chain().map((s) => [s.rate.mcs, s.count])).toEqual([
      [0, 2],
      [0, 2],
      [0, 2],
    ]);
  });

  it('first interval: EWMA takes the first sample, max_tp and max_prob by throughput, tries by segment_size', () => {
    const m = new MinstrelHt(ht(7), new Rng(1), ath9k);
    const one = (index: number) => [{ rate: m.rateOf(index), count: 1, rts: false, index }];
    m.txStatus(one(7), [1], 10, 9, 10 * MS);
    m.txStatus(one(4), [1], 10, 10, 20 * MS);
    m.txStatus(one(7), [1], 10, 9, 60 * MS); // > 50 ms after the start: update
    // MCS7: 18/20 → FRAC = 3686; MCS4: 4096. avg_ampdu_len: 4096 + 32·(40960 − 4096)/128 = 13312 (3 frames)
    expect(m.statsOf(7).probEwma).toBe(3686);
    expect(m.statsOf(4).probEwma).toBe(4096);
    expect(m.avgAmpduLen).toBe(13312);
    // tp: MCS7 3686·1000 / (108000/3 + 147750) = 20 → 488; MCS4 (capped at 90 %) 13 → 317
    expect(m.tpAvg(7, 3686)).toBe(488);
    expect(m.tpAvg(4, 4096)).toBe(317);
    expect(m.maxTp.slice(0, 2)).toEqual([7, 4]);
    // above 75 % max_prob goes by throughput too: MCS7
    expect(m.maxProb).toBe(7);
    // minstrel_calc_retransmit, worked by hand: MCS7 5 tries (5 with RTS), MCS4 4 (4)
    expect(m.chain().map((s) => [s.rate.mcs, s.count, s.rts])).toEqual([
      [7, 5, false],
      [4, 4, true],
      [7, 5, true],
    ]);
  });

  it('second interval: EWMA 75/25 and the EWMV of the new sample', () => {
    const m = new MinstrelHt(ht(7), new Rng(1), ath9k);
    const one = (index: number) => [{ rate: m.rateOf(index), count: 1, rts: false, index }];
    m.txStatus(one(7), [1], 10, 9, 10 * MS);
    m.txStatus(one(7), [1], 10, 9, 60 * MS);
    m.txStatus(one(7), [1], 10, 5, 120 * MS);
    // 3686 + ⌊32·(2048 − 3686)/128⌋ (toward zero) = 3277; EWMV ⌊96·⌊1638·409/4096⌋/128⌋ = 122
    expect(m.statsOf(7).probEwma).toBe(3277);
    expect(m.statsOf(7).probEwmv).toBe(122);
    expect(ewmv(0, 2048, 3686)).toBe(122);
    // three updates without attempts at MCS4: update_caps, 60 ms, 120 ms
    expect(m.statsOf(4).sampleSkipped).toBe(3);
  });

  it('a failing max_tp rate loses to a slower, reliable one', () => {
    const m = new MinstrelHt(ht(7), new Rng(1), ath9k);
    const one = (index: number) => [{ rate: m.rateOf(index), count: 1, rts: false, index }];
    for (let t = 1; t <= 10; t++) {
      m.txStatus(one(7), [1], 10, 1, t * 60 * MS);
      m.txStatus(one(5), [1], 10, 10, t * 60 * MS + 1);
    }
    expect(m.maxTp[0]).toBe(5);
    expect(m.statsOf(7).probEwma).toBeLessThan(FRAC(20, 100));
  });

  it('samples: at most sample_tries probes, then one after 16 + 2·avg_ampdu_len frames per status', () => {
    const m = new MinstrelHt(ht(7), new Rng(3), ath9k);
    let probes = 0;
    for (let i = 0; i < 40; i++) if (m.getRate() >= 0) probes++;
    expect(probes).toBeGreaterThan(0);
    expect(probes).toBeLessThanOrEqual(4);
    // a status arms one more probe after sample_wait = 16 + 2·1 frames
    m.txStatus(m.chain(), [1, 0, 0], 1, 1, 1 * MS);
    const seen: number[] = [];
    for (let i = 0; i < 60; i++) if (m.getRate() >= 0) seen.push(i);
    expect(seen.length).toBeLessThanOrEqual(1);
    if (seen.length === 1) expect(seen[0]).toBeGreaterThanOrEqual(18);
  });

  it('VHT groups leave out the rates 802.11 excludes', () => {
    const groups = minstrelGroups(vht(9, 1, 20, false));
    expect(groups[0].rates[9]).toBeNull();
    expect(groups[0].rates[8]).not.toBeNull();
  });
});
