import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AMPDU_MIN_SUBFRAME_BYTES,
  EDCA_DEFAULT,
  MPDU_DELIM_BYTES,
  WLAN_MAC_OVERHEAD_BYTES,
  ackDurationNs,
  aifsNs,
  ampduSubframeBytes,
  bandTiming,
  blockAckDurationNs,
  blockAckExchangeNs,
  dataBitsPerSymbol,
  htPreambleNs,
  legacyDurationNs,
  maxPsduBytesForAirtime,
  mpduBytes,
  phyRateBps,
  ppduDurationNs,
  streams,
  uniformAmpduBytes,
  vhtMaxAmpduBytes,
} from './phy';
import { AC, type PhyRate } from '../types';

const ht = (mcs: number, widthMHz: 20 | 40 = 20, shortGi = false): PhyRate => ({
  mode: 'ht',
  mcs,
  nss: Math.floor(mcs / 8) + 1,
  widthMHz,
  shortGi,
});
const vht = (mcs: number, nss: number, widthMHz: 20 | 40 | 80 | 160, shortGi = false): PhyRate => ({
  mode: 'vht',
  mcs,
  nss,
  widthMHz,
  shortGi,
});

describe('band timing and EDCA', () => {
  it('uses SIFS 16 µs and slot 9 µs on both bands (2.4 GHz: 10 µs SIFS + 6 µs extension)', () => {
    expect(bandTiming('5GHz')).toEqual({ sifsNs: 16_000, slotNs: 9_000 });
    expect(bandTiming('2.4GHz')).toEqual({ sifsNs: 16_000, slotNs: 9_000 });
  });
  it('AIFS[BE] = 16 + 3·9 = 43 µs; DIFS (AIFSN 2) = 34 µs', () => {
    expect(aifsNs('5GHz', 3)).toBe(43_000);
    expect(aifsNs('5GHz', 2)).toBe(34_000);
    expect(aifsNs('5GHz', 7)).toBe(79_000);
  });
  it('has the ieee80211_set_wmm_default values', () => {
    expect(EDCA_DEFAULT[AC.VO]).toEqual({ cwMin: 3, cwMax: 7, aifsn: 2, txopUs: 1504 });
    expect(EDCA_DEFAULT[AC.VI]).toEqual({ cwMin: 7, cwMax: 15, aifsn: 2, txopUs: 3008 });
    expect(EDCA_DEFAULT[AC.BE]).toEqual({ cwMin: 15, cwMax: 1023, aifsn: 3, txopUs: 0 });
    expect(EDCA_DEFAULT[AC.BK]).toEqual({ cwMin: 15, cwMax: 1023, aifsn: 7, txopUs: 0 });
    expect(Object.isFrozen(EDCA_DEFAULT[AC.BE])).toBe(true);
  });
});

describe('rates', () => {
  it('derives streams from the HT MCS and from nss for VHT', () => {
    expect(streams(ht(7))).toBe(1);
    expect(streams(ht(8))).toBe(2);
    expect(streams(ht(15))).toBe(2);
    expect(streams(ht(23))).toBe(3);
    expect(streams(vht(9, 3, 80))).toBe(3);
  });
  it('HT40 MCS15: 270 Mbit/s LGI, 300 Mbit/s SGI', () => {
    expect(dataBitsPerSymbol(ht(15, 40))).toBe(1080);
    expect(phyRateBps(ht(15, 40))).toBeCloseTo(270e6, 0);
    expect(phyRateBps(ht(15, 40, true))).toBeCloseTo(300e6, 0);
  });
  it('matches the HT20/HT40 rate table (Mbit/s, to 0.1)', () => {
    const lgi20 = [6.5, 13, 19.5, 26, 39, 52, 58.5, 65];
    const sgi20 = [7.2, 14.4, 21.7, 28.9, 43.3, 57.8, 65, 72.2];
    const lgi40 = [13.5, 27, 40.5, 54, 81, 108, 121.5, 135];
    const sgi40 = [15, 30, 45, 60, 90, 120, 135, 150];
    for (let m = 0; m < 8; m++) {
      expect(Math.round(phyRateBps(ht(m)) / 1e5) / 10).toBe(lgi20[m]);
      expect(Math.round(phyRateBps(ht(m, 20, true)) / 1e5) / 10).toBe(sgi20[m]);
      expect(Math.round(phyRateBps(ht(m, 40)) / 1e5) / 10).toBe(lgi40[m]);
      expect(Math.round(phyRateBps(ht(m, 40, true)) / 1e5) / 10).toBe(sgi40[m]);
      expect(phyRateBps(ht(m + 8))).toBeCloseTo(2 * phyRateBps(ht(m)), 3);
    }
  });
  it('VHT80 MCS9 1SS: 433.3 Mbit/s SGI, 390 Mbit/s LGI; VHT160 MCS9 2SS SGI 1733.3', () => {
    expect(phyRateBps(vht(9, 1, 80, true)) / 1e6).toBeCloseTo(433.333, 2);
    expect(phyRateBps(vht(9, 1, 80))).toBe(390e6);
    expect(phyRateBps(vht(9, 2, 160, true)) / 1e6).toBeCloseTo(1733.333, 2);
    expect(dataBitsPerSymbol(vht(7, 1, 80))).toBe(1170);
    expect(dataBitsPerSymbol(vht(9, 3, 20))).toBe(3 * 346);
    expect(dataBitsPerSymbol(vht(8, 1, 40))).toBe(648);
  });
  it('rejects rates that do not exist', () => {
    expect(() => dataBitsPerSymbol({ ...ht(7), widthMHz: 80 })).toThrow();
    expect(() => dataBitsPerSymbol(vht(10, 1, 80))).toThrow();
    expect(() => dataBitsPerSymbol(ht(32))).toThrow();
  });
});

describe('PPDU duration (ath_pkt_duration)', () => {
  it('preambles: HT 36 µs (1 SS), 40 µs (2 SS); VHT 40 µs (1 SS)', () => {
    expect(htPreambleNs(ht(7))).toBe(36_000);
    expect(htPreambleNs(ht(15))).toBe(40_000);
    expect(htPreambleNs(vht(9, 1, 80))).toBe(40_000);
    expect(htPreambleNs(vht(9, 2, 80))).toBe(44_000);
  });
  it('HT20 MCS7 LGI 1538 bytes: ceil((8·1538+22)/260) = 48 symbols → 192 + 36 = 228 µs', () => {
    expect(ppduDurationNs(1538, ht(7))).toBe(228_000);
  });
  it('SGI rounds nsym·3.6 µs up (SYMBOL_TIME_HALFGI)', () => {
    // 48 symbols · 3.6 = 172.8 → 173 µs
    expect(ppduDurationNs(1538, ht(7, 20, true))).toBe((173 + 36) * 1000);
    // MCS0: 13 bytes → ceil(126/26) = 5 symbols = exactly 18 µs
    expect(ppduDurationNs(13, ht(0, 20, true))).toBe((18 + 36) * 1000);
    // 10 bytes → ceil(102/26) = 4 symbols = 14.4 → 15 µs
    expect(ppduDurationNs(10, ht(0, 20, true))).toBe((15 + 36) * 1000);
    expect(ppduDurationNs(10, ht(0))).toBe((16 + 36) * 1000);
  });
  it('VHT80 MCS9 1SS SGI, 64 KiB: ceil((8·65536+22)/1560) = 337 symbols → 1214 + 40 µs', () => {
    expect(ppduDurationNs(65536, vht(9, 1, 80, true))).toBe((Math.ceil(337 * 3.6) + 40) * 1000);
  });
  it('is non-decreasing in length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 70000 }),
        (m, sgi, len) => {
          const r = ht(m, 20, sgi);
          expect(ppduDurationNs(len + 1, r)).toBeGreaterThanOrEqual(ppduDurationNs(len, r));
        },
      ),
    );
  });
});

describe('max PSDU for an airtime (ath_max_framelen)', () => {
  it('HT20 MCS0 LGI at 4096 µs: (4060 µs >> 2)·26 − 22 bits → 3296 bytes', () => {
    expect(maxPsduBytesForAirtime(ht(0), 4096)).toBe(3296);
    expect(maxPsduBytesForAirtime(ht(7), 4096)).toBe(Math.floor((1015 * 260 - 22) / 8));
    // SGI: TIME_SYMBOLS_HALFGI(4060) = (20300 − 4)/18 = 1127
    expect(maxPsduBytesForAirtime(ht(0, 20, true), 4096)).toBe(Math.floor((1127 * 26 - 22) / 8));
  });
  it('caps at 65532 for HT and at the VHT A-MPDU maximum for VHT', () => {
    expect(maxPsduBytesForAirtime(ht(7, 40), 4096)).toBe(65532);
    expect(maxPsduBytesForAirtime(vht(9, 4, 160, true), 10_000)).toBe(vhtMaxAmpduBytes());
    expect(vhtMaxAmpduBytes()).toBe(1048575);
    expect(maxPsduBytesForAirtime(ht(0), 30)).toBe(0);
  });
  it('returns a length that fits, and (LGI, uncapped) the largest one', () => {
    const rateArb = fc.oneof(
      fc.record({
        mode: fc.constant<'ht'>('ht'),
        mcs: fc.integer({ min: 0, max: 23 }),
        nss: fc.constant(1),
        widthMHz: fc.constantFrom<20 | 40>(20, 40),
        shortGi: fc.boolean(),
      }),
      fc.record({
        mode: fc.constant<'vht'>('vht'),
        mcs: fc.integer({ min: 0, max: 9 }),
        nss: fc.integer({ min: 1, max: 4 }),
        widthMHz: fc.constantFrom<20 | 40 | 80 | 160>(20, 40, 80, 160),
        shortGi: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 60, max: 10_000 }), (rate, maxUs) => {
        const b = maxPsduBytesForAirtime(rate, maxUs);
        if (b === 0) return;
        expect(ppduDurationNs(b, rate)).toBeLessThanOrEqual(maxUs * 1000);
        const cap = rate.mode === 'ht' ? 65532 : 1048575;
        if (!rate.shortGi && b < cap) expect(ppduDurationNs(b + 1, rate)).toBeGreaterThan(maxUs * 1000);
      }),
    );
  });
});

describe('A-MPDU framing', () => {
  it('pads a middle subframe to 4 bytes, not the last one', () => {
    expect(MPDU_DELIM_BYTES).toBe(4);
    expect(ampduSubframeBytes(1538, false)).toBe(4 + 1538 + 2);
    expect(ampduSubframeBytes(1538, true)).toBe(4 + 1538);
    expect(ampduSubframeBytes(1540, false)).toBe(4 + 1540);
  });
  it('adds ATH_AGGR_GET_NDELIM delimiters below the 256-byte minimum', () => {
    expect(AMPDU_MIN_SUBFRAME_BYTES).toBe(256);
    // TCP ACK: 52 IP bytes → 90-byte MPDU → pad 2 + ceil(166/4) = 42 delimiters
    expect(ampduSubframeBytes(mpduBytes(52), false)).toBe(94 + 2 + 42 * 4);
    expect(ampduSubframeBytes(255, false)).toBe(259 + 1 + 4);
    expect(ampduSubframeBytes(256, false)).toBe(260);
    expect(ampduSubframeBytes(90, true)).toBe(94);
  });
  it('sums a uniform A-MPDU', () => {
    expect(uniformAmpduBytes(1538, 32)).toBe(31 * 1544 + 1542);
    expect(uniformAmpduBytes(1538, 1)).toBe(1542);
    expect(uniformAmpduBytes(1538, 0)).toBe(0);
  });
  it('adds 38 bytes of 802.11 framing to an IP packet', () => {
    expect(WLAN_MAC_OVERHEAD_BYTES).toBe(38);
    expect(mpduBytes(1514 - 14)).toBe(1538);
  });
});

describe('legacy control frames', () => {
  it('BlockAck: 3 symbols at 24 Mbit/s → 32 µs; 12 at 6 Mbit/s → 68 µs', () => {
    expect(blockAckDurationNs('5GHz')).toBe(32_000);
    expect(blockAckDurationNs('5GHz', 6)).toBe(68_000);
    expect(blockAckDurationNs('5GHz', 24)).toBe(legacyDurationNs(32, 24, '5GHz'));
  });
  it('ACK: ceil(134/96) = 2 symbols → 28 µs; ceil(134/24) = 6 → 44 µs', () => {
    expect(ackDurationNs('2.4GHz')).toBe(28_000);
    expect(ackDurationNs('5GHz', 6)).toBe(44_000);
  });
  it('1500 bytes at 54 Mbit/s: ceil(12022/216) = 56 symbols → 244 µs', () => {
    expect(legacyDurationNs(1500, 54, '5GHz')).toBe(244_000);
  });
  it('an exchange is PPDU + SIFS + BA', () => {
    expect(blockAckExchangeNs(228_000, '5GHz')).toBe(228_000 + 16_000 + 32_000);
  });
});
