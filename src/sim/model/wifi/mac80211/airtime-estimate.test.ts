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
});
