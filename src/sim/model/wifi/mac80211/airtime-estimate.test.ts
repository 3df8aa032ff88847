/** AQL's airtime estimate against airtime.c worked through by hand. */
import { describe, expect, it } from 'vitest';
import { expectedTxAirtimeUs, rateDuration } from './airtime-estimate';

describe('ieee80211_calc_expected_tx_airtime', () => {
  it('VHT80 2SS MCS9 short GI: a 1534-byte frame is charged 12 µs', () => {
    // ksyms ⌈8 388 608 / 3120⌉ = 2689, ·4·18/20 = 9680; group shift from MCS 0
    // (⌈8 388 608 / 234⌉ = 35 849 → 129 056, 17 bits) is 1, 9680 survives it.
    const r = { mode: 'vht', mcs: 9, nss: 2, widthMHz: 80, shortGi: true } as const;
    expect(rateDuration(r)).toBe(9680);
    // (9680 · 1572 / 1024) / 1024 = 14, + (36 + 8) >> 5 = 15 µs, stored as 3 units of 4.
    expect(expectedTxAirtimeUs(r, 1534)).toBe(12);
  });

  it('HE80 2SS MCS11 0.8 µs GI: 8 µs (agg_shift 6 leaves no overhead)', () => {
    // ⌈8 388 608 / 16 328⌉ = 514, ·16·17/20 = 6990; (6990 · 1572 / 1024) / 1024 = 10; 44 >> 6 = 0.
    const r = { mode: 'he', mcs: 11, nss: 2, widthMHz: 80, shortGi: false, giNs: 800 } as const;
    expect(rateDuration(r)).toBe(6990);
    expect(expectedTxAirtimeUs(r, 1534)).toBe(8);
  });

  it('HT20 MCS0: an unaggregatable rate is charged its whole overhead halved, capped at 4092 µs', () => {
    // ⌈8 388 608 / 26⌉ = 322 639, ·4 = 1 290 556: 21 bits, group shift 16 − 11 = 5 keeps
    // 1 290 528 (> 400·1024 → agg_shift 1); (1 290 528 · 1572 / 1024) / 1024 = 1934, + 40 >> 1 = 1954 → 1952.
    const r = { mode: 'ht', mcs: 0, nss: 1, widthMHz: 20, shortGi: false } as const;
    expect(rateDuration(r)).toBe(1_290_528);
    expect(expectedTxAirtimeUs(r, 1534)).toBe(1952);
  });

  it('v5.5 (the AQL merge, to v5.8): each frame charged unaggregated, the whole PPDU overhead', () => {
    const vht80 = { mode: 'vht', mcs: 9, nss: 2, widthMHz: 80, shortGi: true } as const;
    // (9680 · 1572 / 1024) / 1024 = 14, + 36 + 4·2 = 58 µs, stored as 14 units of 4.
    expect(expectedTxAirtimeUs(vht80, 1534, 'v5.5')).toBe(56);
    // HT20 MCS0: 1934 + 40 = 1974 → 1972 (v5.9: 1952).
    const ht0 = { mode: 'ht', mcs: 0, nss: 1, widthMHz: 20, shortGi: false } as const;
    expect(expectedTxAirtimeUs(ht0, 1534, 'v5.5')).toBe(1972);
    // No VHT 160 MHz groups before 8e280369b907 (v5.9): no rate, no charge.
    const vht160 = { mode: 'vht', mcs: 9, nss: 2, widthMHz: 160, shortGi: true } as const;
    expect(expectedTxAirtimeUs(vht160, 1534, 'v5.5')).toBe(0);
    expect(expectedTxAirtimeUs(vht160, 1534, 'v5.9')).toBeGreaterThan(0);
  });

  it('v5.9: a frame on AC_VO (ampdu false) is charged unaggregated; small frames at least 4 µs', () => {
    const vht80 = { mode: 'vht', mcs: 9, nss: 2, widthMHz: 80, shortGi: true } as const;
    expect(expectedTxAirtimeUs(vht80, 1534, 'v5.9', false)).toBe(56);
    // A 60-byte frame: (9680 · 98 / 1024) / 1024 = 0, + 44 >> 5 = 1 → max(1, 4) = 4.
    expect(expectedTxAirtimeUs(vht80, 60, 'v5.9')).toBe(4);
  });
});
