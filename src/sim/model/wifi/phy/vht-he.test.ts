/**
 * VHT and HE SU airtime against durations worked out by hand from the
 * standard's TXTIME (the arithmetic is in each case's comment).
 */
import { describe, expect, it } from 'vitest';
import type { PhyRate } from '../types';
import {
  amsduMpduBytes,
  amsduSubframeBytes,
  blockAckBytes,
  hePacketExtensionNs,
  maxPsduForTimeNs,
  preambleNs,
  vhtHeDataBits,
  vhtHeRateBps,
  vhtHeRateError,
  vhtHeTxTimeNs,
  vhtSubframeBytes,
} from './vht-he';

const vht = (mcs: number, nss: number, widthMHz: 20 | 40 | 80 | 160, shortGi: boolean): PhyRate => ({
  mode: 'vht',
  mcs,
  nss,
  widthMHz,
  shortGi,
});
const he = (
  mcs: number,
  nss: number,
  widthMHz: 20 | 40 | 80 | 160,
  giNs: 800 | 1600 | 3200,
  heLtf: 1 | 2 | 4,
): PhyRate => ({ mode: 'he', mcs, nss, widthMHz, shortGi: false, giNs, heLtf });

describe('VHT TXTIME', () => {
  it('VHT80 2SS MCS9 short GI, one 1538-byte MPDU: 44 + 16 = 60 µs', () => {
    // PSDU 4 + 1538 = 1542; N_DBPS = 234·8·5/6·2 = 3120; N_SYM = ⌈(12336 + 22) / 3120⌉ = 4;
    // data 4·⌈3.6·4/4⌉ = 16 µs; preamble 8+8+4+8+4 + 2·4 + 4 = 44 µs.
    const r = vht(9, 2, 80, true);
    expect(vhtHeDataBits(r)).toBe(3120);
    expect(vhtHeTxTimeNs(vhtSubframeBytes(1538, true), r)).toBe(60_000);
  });

  it('VHT80 2SS MCS9 long GI, 64 MPDUs of 1538 bytes: 44 + 254·4 = 1060 µs', () => {
    // 63 subframes of 4 + 1538 padded to 1544, the last 1542: 98 814 bytes;
    // ⌈(790 512 + 22) / 3120⌉ = 254 symbols of 4 µs.
    const psdu = 63 * vhtSubframeBytes(1538, false) + vhtSubframeBytes(1538, true);
    expect(psdu).toBe(98_814);
    expect(vhtHeTxTimeNs(psdu, vht(9, 2, 80, false))).toBe(1_060_000);
  });

  it('VHT20 1SS MCS0, 100 bytes: 40 + 32·4 = 168 µs', () => {
    // N_DBPS 26; ⌈(800 + 22) / 26⌉ = 32; preamble 36 + 4.
    expect(vhtHeTxTimeNs(100, vht(0, 1, 20, false))).toBe(168_000);
  });

  it('VHT160 4SS MCS9 short GI, the largest VHT A-MPDU (1 048 575 bytes): 52 + 2424 = 2476 µs', () => {
    // N_DBPS 468·8·5/6·4 = 12 480; ⌈(8 388 600 + 22) / 12 480⌉ = 673; 4·⌈0.9·673⌉ = 4·606 = 2424;
    // four VHT-LTFs: preamble 36 + 16 = 52 µs.
    expect(vhtHeTxTimeNs(1_048_575, vht(9, 4, 160, true))).toBe(2_476_000);
  });

  it('the 5.484 ms PPDU limit at VHT80 2SS MCS9 short GI allows 589 287 bytes', () => {
    // 5484 − 44 = 5440 µs of data: ⌈0.9·N⌉ ≤ 1360 → N ≤ 1511; 1511·3120 = 4 714 320 bits,
    // (4 714 320 − 22) / 8 = 589 287.25.
    const r = vht(9, 2, 80, true);
    expect(maxPsduForTimeNs(r, 5_484_000)).toBe(589_287);
    expect(vhtHeTxTimeNs(589_287, r)).toBe(5_484_000);
    expect(vhtHeTxTimeNs(589_288, r)).toBeGreaterThan(5_484_000);
  });

  it('rejects the MCS the standard excludes, and names the rate', () => {
    expect(vhtHeRateError(vht(9, 1, 20, false))).toMatch(/VHT MCS 9 at 20 MHz with 1 streams/);
    expect(vhtHeRateError(vht(9, 3, 20, false))).toBeNull();
    expect(vhtHeRateError(vht(6, 3, 80, false))).not.toBeNull();
    expect(vhtHeRateError(vht(9, 6, 80, false))).not.toBeNull();
    expect(vhtHeRateError(vht(9, 3, 160, false))).not.toBeNull();
    expect(() => vhtHeTxTimeNs(100, vht(10, 1, 80, false))).toThrow(/MCS 10/);
  });

  it('VHT80 2SS MCS9 short GI is 866.7 Mbit/s', () => {
    expect(vhtHeRateBps(vht(9, 2, 80, true)) / 1e6).toBeCloseTo(866.667, 3);
  });
});

describe('HE SU TXTIME', () => {
  it('HE80 2SS MCS11, 0.8 µs GI, 2x LTF, 16 µs padding, one MPDU: 50.4 + 13.6 + 16 = 80 µs', () => {
    // N_DBPS ⌊980·10·5/6·2⌋ = 16 333; 12 358 bits fit one symbol; excess 12 358 over
    // N_DBPS,short 240·10·5/6·2 = 4000 → a = 4 → T_PE 16 µs; preamble 36 + 2·(6.4 + 0.8) = 50.4.
    const r = he(11, 2, 80, 800, 2);
    expect(vhtHeDataBits(r)).toBe(16_333);
    expect(preambleNs(r)).toBe(50_400);
    expect(hePacketExtensionNs(1542, r, 16)).toBe(16_000);
    expect(vhtHeTxTimeNs(1542, r, { nominalPaddingUs: 16 })).toBe(80_000);
  });

  it('HE20 1SS MCS0, 3.2 µs GI, 4x LTF, no padding, 100 bytes: 52 + 8·16 = 180 µs', () => {
    // N_DBPS 234/2 = 117; ⌈822 / 117⌉ = 8 symbols of 12.8 + 3.2; preamble 36 + (12.8 + 3.2).
    expect(vhtHeTxTimeNs(100, he(0, 1, 20, 3200, 4))).toBe(180_000);
  });

  it('HE160 4SS MCS11, 0.8 µs GI, 2x LTF, 16 µs padding, 1 MB: 64.8 + 123·13.6 + 8 = 1745.6 µs', () => {
    // N_DBPS ⌊1960·10·5/6·4⌋ = 65 333; ⌈8 000 022 / 65 333⌉ = 123; excess 29 396 over
    // N_DBPS,short 492·10·5/6·4 = 16 400 → a = 2 → T_PE 8 µs; preamble 36 + 4·7.2.
    expect(vhtHeTxTimeNs(1_000_000, he(11, 4, 160, 800, 2), { nominalPaddingUs: 16 })).toBe(1_745_600);
  });

  it('HE40 1SS MCS7, 1.6 µs GI, 2x LTF, 8 µs padding: the packet extension follows a', () => {
    // N_DBPS 468·6·5/6 = 2340, N_DBPS,short 120·6·5/6 = 600. 8·L + 22 − 2340·k is the excess:
    // L = 72 → 598 bits → a = 1 → 0 µs; L = 200 → 1622 → a = 3 → 4 µs; L = 290 → 2342 → 2 bits → a = 1.
    const r = he(7, 1, 40, 1600, 2);
    expect(hePacketExtensionNs(72, r, 8)).toBe(0);
    expect(hePacketExtensionNs(200, r, 8)).toBe(4000);
    expect(hePacketExtensionNs(290, r, 8)).toBe(0);
    // 200 bytes: preamble 36 + (6.4 + 1.6) = 44, one symbol of 14.4, T_PE 4: 62.4 µs.
    expect(vhtHeTxTimeNs(200, r, { nominalPaddingUs: 8 })).toBe(62_400);
  });

  it('HE80 2SS MCS11 is 1201 Mbit/s; the PPDU limit binds an HE160 4SS A-MPDU before its length limit', () => {
    expect(vhtHeRateBps(he(11, 2, 80, 800, 2)) / 1e6).toBeCloseTo(1200.97, 1);
    // 5484 − 64.8 µs: 398 symbols of 13.6 with a = 1 (4 µs): 8·L + 22 ≤ 397·65 333 + 16 400.
    const r = he(11, 4, 160, 800, 2);
    expect(maxPsduForTimeNs(r, 5_484_000, { nominalPaddingUs: 16 })).toBe(3_244_197);
  });

  it('only the HE SU GI/LTF pairs are allowed', () => {
    expect(vhtHeRateError(he(5, 1, 80, 1600, 4))).toMatch(/4x with a 1600 ns GI/);
    expect(vhtHeRateError(he(5, 1, 80, 3200, 2))).not.toBeNull();
    expect(vhtHeRateError(he(5, 1, 80, 800, 1))).toBeNull();
    expect(vhtHeRateError(he(12, 1, 80, 800, 2))).toMatch(/MCS 12/);
  });
});

describe('frames inside the A-MPDU', () => {
  it('A-MSDU: 14-byte subframe headers and LLC/SNAP, padded to 4 octets but the last', () => {
    // 14 + 8 + 1500 = 1522 (a multiple of 2, padded to 1524); MPDU = 26 + 1524 + 1522 + 4.
    expect(amsduSubframeBytes(1500, false)).toBe(1524);
    expect(amsduSubframeBytes(1500, true)).toBe(1522);
    expect(amsduMpduBytes([1500, 1500])).toBe(26 + 1524 + 1522 + 4);
    // One packet is a plain MPDU: 26 + 8 + 1500 + 4 = 1538.
    expect(amsduMpduBytes([1500])).toBe(1538);
  });

  it('compressed BlockAck: 32 bytes for a 64 window, 56 for 256', () => {
    expect(blockAckBytes(64)).toBe(32);
    expect(blockAckBytes(256)).toBe(56);
  });
});
