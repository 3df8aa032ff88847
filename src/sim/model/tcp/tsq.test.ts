/**
 * TSQ limit and shortcut (tcp_small_queue_check, net/ipv4/tcp_output.c) per
 * era. Expected values are worked out by hand from the kernel formula:
 * limit = max(2·truesize, rate >> shift), min sysctl (when the era applies
 * it), << factor, + rate·tx_delay >> 19.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERAS, ERA_IDS } from '../../scenario/eras';
import type { KernelFeatures } from './kernel-features';
import { PacingStatus } from '../skb';
import { tsqLimitBytes, tsqShortcut, type TsqInputs } from './tsq';

function x(over: Partial<TsqInputs>): TsqInputs {
  return {
    skbTruesizeBytes: 4000,
    pacingRateBytesPerSec: 125e6,
    sk_pacing_shift: 10,
    sk_pacing_status: PacingStatus.NONE,
    limitOutputBytes: 131_072,
    txDelayUs: 0,
    factor: 0,
    ...over,
  };
}

describe('tsqLimitBytes, 3.6 (sysctl alone)', () => {
  const eraProfile = ERAS['3.6'];
  const era = eraProfile.kernel;
  it('ignores the rate and the truesize', () => {
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1.25e9 }))).toBe(131_072);
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1e3, skbTruesizeBytes: 100_000 }))).toBe(131_072);
  });
  it('has no retransmit factor', () => {
    expect(tsqLimitBytes(era, x({ factor: 1 }))).toBe(131_072);
  });
});

describe('tsqLimitBytes, 4.1 (inline TSQ, global cap)', () => {
  const eraProfile = ERAS['4.1'];
  const era = eraProfile.kernel;
  it('uses rate >> 10 below the cap', () => {
    // 12.5e6 / 1024 = 12207.03 → 12207 > 2·4000
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 12.5e6 }))).toBe(12_207);
    // 125e6 / 1024 = 122070.3 → 122070 < 131072
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 125e6 }))).toBe(122_070);
  });
  it('uses 2·truesize when the rate term is smaller', () => {
    // 1e6 / 1024 = 976 < 2·2944 = 5888
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1e6, skbTruesizeBytes: 2944 }))).toBe(5888);
  });
  it('caps at the sysctl for paced and unpaced sockets alike', () => {
    // 1.25e9 / 1024 = 1220703 > 131072
    for (const st of [PacingStatus.NONE, PacingStatus.NEEDED, PacingStatus.FQ]) {
      expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1.25e9, sk_pacing_status: st }))).toBe(131_072);
    }
  });
  it('does not double for retransmits', () => {
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1.25e9, factor: 1 }))).toBe(131_072);
  });
  it('takes the rate term as ~0U (2^32 − 1) before the first pacing update', () => {
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: Infinity }))).toBe(131_072);
  });
});

describe('tsqLimitBytes, 4.16 (shift 8 from mac80211, 256 KB cap, factor)', () => {
  const eraProfile = ERAS['4.16'];
  const era = eraProfile.kernel;
  it('uses the socket shift', () => {
    // 12.5e6 / 256 = 48828.1
    expect(
      tsqLimitBytes(era, x({ pacingRateBytesPerSec: 12.5e6, sk_pacing_shift: 8, limitOutputBytes: 262_144 })),
    ).toBe(48_828);
  });
  it('doubles for retransmits after the cap', () => {
    const y = x({
      pacingRateBytesPerSec: 1.25e9,
      limitOutputBytes: 262_144,
      sk_pacing_status: PacingStatus.FQ,
      factor: 1,
    });
    expect(tsqLimitBytes(era, y)).toBe(524_288);
  });
});

describe.each(['5.4', '6.6'] as const)('tsqLimitBytes, %s (cap only for unpaced sockets)', (id) => {
  const eraProfile = ERAS[id];
  const era = eraProfile.kernel;
  const lob = eraProfile.limitOutputBytes;
  it('has the 1 MB default', () => {
    expect(lob).toBe(1_048_576);
  });
  it('applies the cap with SK_PACING_NONE', () => {
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1.25e9, limitOutputBytes: lob }))).toBe(1_048_576);
  });
  it.each([PacingStatus.NEEDED, PacingStatus.FQ])('does not apply it with pacing status %s', (st) => {
    const y = x({ pacingRateBytesPerSec: 1.25e9, limitOutputBytes: lob, sk_pacing_status: st });
    expect(tsqLimitBytes(era, y)).toBe(1_220_703);
    // uncapped ~0U rate: (2^32 − 1) >> 10 = 4194303
    expect(tsqLimitBytes(era, { ...y, pacingRateBytesPerSec: Infinity })).toBe(4_194_303);
  });
  it('doubles for retransmits', () => {
    expect(tsqLimitBytes(era, x({ pacingRateBytesPerSec: 1.25e9, limitOutputBytes: lob, factor: 1 }))).toBe(
      2_097_152,
    );
    const fqx = x({
      pacingRateBytesPerSec: 1.25e9,
      limitOutputBytes: lob,
      sk_pacing_status: PacingStatus.FQ,
      factor: 1,
    });
    expect(tsqLimitBytes(era, fqx)).toBe(2_441_406);
  });
  it('adds pacing_rate · tx_delay >> 19 for TCP_TX_DELAY', () => {
    // 122070 + floor(125e6 · 1000 / 524288) = 122070 + 238418
    expect(tsqLimitBytes(era, x({ limitOutputBytes: lob, txDelayUs: 1000 }))).toBe(360_488);
    // after the doubling: 2·122070 + floor(12.5e6 · 250 / 524288) = 244140 + 5960
    expect(
      tsqLimitBytes(
        era,
        x({ limitOutputBytes: lob, txDelayUs: 250, factor: 1, pacingRateBytesPerSec: 12.5e6 }),
      ),
    ).toBe(2 * 12_207 + 5960);
  });
});

describe('tsqLimitBytes, 6.16 (cap for every socket)', () => {
  const eraProfile = ERAS['6.16'];
  const era = eraProfile.kernel;
  it('has the 4 MB default and caps paced sockets too', () => {
    expect(eraProfile.limitOutputBytes).toBe(4_194_304);
    // 100 Gbit/s: 12.5e9 / 1024 = 12207031 > 4 MB
    for (const st of [PacingStatus.NONE, PacingStatus.NEEDED, PacingStatus.FQ]) {
      const y = x({ pacingRateBytesPerSec: 12.5e9, limitOutputBytes: 4_194_304, sk_pacing_status: st });
      expect(tsqLimitBytes(era, y)).toBe(4_194_304);
      expect(tsqLimitBytes(era, { ...y, factor: 1 })).toBe(8_388_608);
    }
  });
});

describe('retransmit factor by era', () => {
  it('doubles exactly where the era profile says so', () => {
    const doubled = ERA_IDS.filter(
      (id) => tsqLimitBytes(ERAS[id].kernel, x({ pacingRateBytesPerSec: 12.5e6, factor: 1 })) === 24_414,
    );
    const single = ERA_IDS.filter(
      (id) => tsqLimitBytes(ERAS[id].kernel, x({ pacingRateBytesPerSec: 12.5e6, factor: 1 })) === 12_207,
    );
    expect(doubled).toEqual(['4.16', '4.17', '5.4', '6.1', '6.6', '6.16']);
    expect(single).toEqual(['4.1', '4.9']);
  });
});

/**
 * The kernel arithmetic on integers (BigInt shifts), independent of the
 * model's float maths. The tx_delay term is added in every era, as the model
 * does (the socket option itself only exists from 5.4).
 */
function kernelLimit(era: KernelFeatures, y: TsqInputs): bigint {
  const cap = BigInt(y.limitOutputBytes);
  const rate = BigInt(y.pacingRateBytesPerSec);
  let limit = cap;
  if (era.tsqDynamicLimit) {
    limit = rate >> BigInt(y.sk_pacing_shift);
    const two = 2n * BigInt(y.skbTruesizeBytes);
    if (two > limit) limit = two;
    if (!(era.tsqCapOnlyUnpaced && y.sk_pacing_status !== PacingStatus.NONE) && limit > cap) limit = cap;
  }
  if (era.tsqRetransmitFactor) limit <<= BigInt(y.factor);
  if (y.txDelayUs > 0) limit += (rate * BigInt(y.txDelayUs)) >> 19n;
  return limit;
}

describe('tsqLimitBytes property', () => {
  it('matches the integer kernel formula for integer inputs in every era', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERA_IDS),
        fc.integer({ min: 700, max: 200_000 }),
        fc.integer({ min: 1, max: 2 ** 34 }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(PacingStatus.NONE, PacingStatus.NEEDED, PacingStatus.FQ),
        fc.integer({ min: 1, max: 8 << 20 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(0 as const, 1 as const),
        (id, truesize, rate, shift, status, lob, txDelay, factor) => {
          const y: TsqInputs = {
            skbTruesizeBytes: truesize,
            pacingRateBytesPerSec: rate,
            sk_pacing_shift: shift,
            sk_pacing_status: status,
            limitOutputBytes: lob,
            txDelayUs: txDelay,
            factor,
          };
          expect(BigInt(tsqLimitBytes(ERAS[id].kernel, y))).toBe(kernelLimit(ERAS[id].kernel, y));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('tsqShortcut', () => {
  it("'none' (3.6 .. 4.9) never lets an skb past the limit", () => {
    for (const id of ['3.6', '4.1', '4.9'] as const) {
      expect(ERAS[id].kernel.tsqShortcut).toBe('none');
      expect([0, 1, 2].map((n) => tsqShortcut(ERAS[id].kernel, n))).toEqual([false, false, false]);
    }
  });
  it("'empty' (rb-tree era, 4.16 .. 5.4) only with an empty rtx queue", () => {
    for (const id of ['4.16', '4.17', '5.4'] as const) {
      expect(ERAS[id].kernel.tsqShortcut).toBe('empty');
      expect([0, 1, 2].map((n) => tsqShortcut(ERAS[id].kernel, n))).toEqual([true, false, false]);
    }
  });
  it("'single' (f921a4a5bffa, 6.6 and 6.16) also with exactly one skb", () => {
    for (const id of ['6.6', '6.16'] as const) {
      expect(ERAS[id].kernel.tsqShortcut).toBe('single');
      expect([0, 1, 2, 50].map((n) => tsqShortcut(ERAS[id].kernel, n))).toEqual([true, true, false, false]);
    }
  });
});
