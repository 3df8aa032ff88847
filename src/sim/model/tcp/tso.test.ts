/**
 * tcp_tso_autosize / tcp_tso_segs (net/ipv4/tcp_output.c) and
 * sk_setup_caps' gso_max_size (net/core/sock.c). Expected values by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERAS, ERA_IDS } from '../../scenario/eras';
import { skGsoMaxSize, tsoSegs, tsqHalfLimitSegs, type AutosizeInputs } from './tso';

const MSS = 1448;
/** 65536 − (MAX_TCP_HEADER 320 + 1). */
const SK_GSO_MAX = 65_215;

function x(over: Partial<AutosizeInputs>): AutosizeInputs {
  return {
    mssBytes: MSS,
    pacingRateBytesPerSec: 12.5e6,
    sk_pacing_shift: 10,
    gsoMaxSizeBytes: 65_536,
    gsoMaxSegs: 65_535,
    minTsoSegs: 2,
    minRttNs: Infinity,
    ...over,
  };
}

describe('skGsoMaxSize', () => {
  it('subtracts MAX_TCP_HEADER + 1', () => {
    expect(skGsoMaxSize(65_536)).toBe(SK_GSO_MAX);
    expect(skGsoMaxSize(16_384)).toBe(16_063);
  });
});

describe('tsqHalfLimitSegs (v3.6 tcp_xmit_size_goal)', () => {
  it('caps at half of tcp_limit_output_bytes in whole MSS, at least one', () => {
    expect(tsqHalfLimitSegs(ERAS['3.6'].kernel, 131_072, MSS)).toBe(45); // 65536 / 1448
    expect(tsqHalfLimitSegs(ERAS['3.6'].kernel, 40_000, MSS)).toBe(13);
    expect(tsqHalfLimitSegs(ERAS['3.6'].kernel, 1000, MSS)).toBe(1);
  });
  it('does not apply from v3.19 on', () => {
    for (const id of ERA_IDS.filter((e) => e !== '3.6'))
      expect(tsqHalfLimitSegs(ERAS[id].kernel, 40_000, MSS)).toBe(Infinity);
  });
});

describe('tsoSegs without the min_rtt bonus (4.1 .. 5.4)', () => {
  for (const id of ['4.1', '4.9', '4.16', '4.17', '5.4'] as const) {
    const eraProfile = ERAS[id];
    const era = eraProfile.kernel;
    it(`${id}: rate >> shift / mss`, () => {
      // 12.5e6 >> 10 = 12207; 12207 / 1448 = 8.43
      expect(tsoSegs(era, x({}))).toBe(8);
      // shift 8: 48828 / 1448 = 33.7
      expect(tsoSegs(era, x({ sk_pacing_shift: 8 }))).toBe(33);
      // min_rtt is ignored: no bonus in these eras
      expect(tsoSegs(era, x({ minRttNs: 100_000 }))).toBe(8);
    });
    it(`${id}: min_tso_segs floor`, () => {
      // 1e6 >> 10 = 976 < one MSS
      expect(tsoSegs(era, x({ pacingRateBytesPerSec: 1e6 }))).toBe(2);
      expect(tsoSegs(era, x({ pacingRateBytesPerSec: 1e6, minTsoSegs: 4 }))).toBe(4);
    });
    it(`${id}: gso_max_size cap`, () => {
      // 1.25e9 >> 10 = 1220703 → 65215 / 1448 = 45.04
      expect(tsoSegs(era, x({ pacingRateBytesPerSec: 1.25e9 }))).toBe(45);
      // smaller device gso_max_size 16384 → 16063 / 1448 = 11.09
      expect(tsoSegs(era, x({ pacingRateBytesPerSec: 1.25e9, gsoMaxSizeBytes: 16_384 }))).toBe(11);
      // before the first pacing update (~0U): capped as well
      expect(tsoSegs(era, x({ pacingRateBytesPerSec: Infinity }))).toBe(45);
    });
  }
});

describe('tsoSegs with the min_rtt bonus (6.6, 6.16)', () => {
  for (const id of ['6.6', '6.16'] as const) {
    const eraProfile = ERAS[id];
    const era = eraProfile.kernel;
    it(`${id}: r = min_rtt_us >> 9; bytes += sk_gso_max_size >> r`, () => {
      // 100 µs: r = 0 → 12207 + 65215, capped at 65215 → 45
      expect(tsoSegs(era, x({ minRttNs: 100_000 }))).toBe(45);
      // 511 µs: still r = 0
      expect(tsoSegs(era, x({ minRttNs: 511_999 }))).toBe(45);
      // 1000 µs: r = 1 → 12207 + 32607 = 44814 → 30.9
      expect(tsoSegs(era, x({ minRttNs: 1_000_000 }))).toBe(30);
      // 2 ms: r = 3 → 12207 + 8151 = 20358 → 14.06
      expect(tsoSegs(era, x({ minRttNs: 2_000_000 }))).toBe(14);
      // 5 ms: r = 9 → 12207 + 127 = 12334 → 8.5
      expect(tsoSegs(era, x({ minRttNs: 5_000_000 }))).toBe(8);
      // 10 ms: r = 19 → 65215 >> 19 = 0
      expect(tsoSegs(era, x({ minRttNs: 10_000_000 }))).toBe(8);
      // no sample yet (~0U): no bonus
      expect(tsoSegs(era, x({ minRttNs: Infinity }))).toBe(8);
    });
    it(`${id}: the bonus lifts a slow flow above min_tso_segs`, () => {
      // 976 + (65215 >> 1 = 32607) = 33583 → 23.2
      expect(tsoSegs(era, x({ pacingRateBytesPerSec: 1e6, minRttNs: 600_000 }))).toBe(23);
    });
  }
});

describe('tsoSegs limits', () => {
  it('gsoMaxSegs 1 gives one MSS in every era, whatever the rate', () => {
    for (const id of ERA_IDS) {
      expect(
        tsoSegs(ERAS[id].kernel, x({ gsoMaxSegs: 1, pacingRateBytesPerSec: 1.25e9, minRttNs: 1000 })),
      ).toBe(1);
      expect(tsoSegs(ERAS[id].kernel, x({ gsoMaxSegs: 1, minTsoSegs: 8 }))).toBe(1);
    }
  });
  it('sk_gso_max_segs caps the result, also over min_tso_segs', () => {
    expect(tsoSegs(ERAS['6.6'].kernel, x({ pacingRateBytesPerSec: 1.25e9, gsoMaxSegs: 4 }))).toBe(4);
    expect(tsoSegs(ERAS['4.1'].kernel, x({ pacingRateBytesPerSec: 1e6, minTsoSegs: 8, gsoMaxSegs: 3 }))).toBe(
      3,
    );
  });
  it('3.6 (no autosizing) fills the skb up to gso_max_size', () => {
    expect(tsoSegs(ERAS['3.6'].kernel, x({ pacingRateBytesPerSec: 1e6 }))).toBe(45);
    expect(tsoSegs(ERAS['3.6'].kernel, x({ pacingRateBytesPerSec: 1.25e9, mssBytes: 536 }))).toBe(121); // 65215 / 536
    expect(tsoSegs(ERAS['3.6'].kernel, x({ gsoMaxSegs: 16 }))).toBe(16);
  });
});

describe('tsoSegs property', () => {
  it('stays within [1, gsoMaxSegs], covers at most sk_gso_max_size unless min_tso_segs forces more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERA_IDS),
        fc.integer({ min: 88, max: 9000 }),
        fc.double({ min: 1, max: 1e11, noNaN: true }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 65_535 }),
        fc.integer({ min: 1, max: 16 }),
        fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 1e9 })),
        (id, mss, rate, shift, maxSegs, minSegs, minRtt) => {
          const n = tsoSegs(ERAS[id].kernel, {
            mssBytes: mss,
            pacingRateBytesPerSec: rate,
            sk_pacing_shift: shift,
            gsoMaxSizeBytes: 65_536,
            gsoMaxSegs: maxSegs,
            minTsoSegs: minSegs,
            minRttNs: minRtt,
          });
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(maxSegs);
          if (n > minSegs) expect(n * mss).toBeLessThanOrEqual(SK_GSO_MAX);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
