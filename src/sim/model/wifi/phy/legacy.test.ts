import { describe, expect, it } from 'vitest';
import type { PhyRate } from '../types';
import { ctsToSelfNs, dsssDurationNs, legacyAckExchangeNs, legacyPpduNs, ofdmDurationNs } from './legacy';
import { mpduBytes } from './phy';

const legacy = (mcs: number, shortPreamble = false): PhyRate => ({
  mode: 'legacy',
  mcs,
  nss: 1,
  widthMHz: 20,
  shortGi: false,
  shortPreamble,
});
const US = 1000;
/** The MPDU of a 1500-byte IP packet: 1538 bytes, 12 304 bits. */
const L = mpduBytes(1500);

describe('legacy airtime per frame (802.11-2020 15.3.3, 16.3.4, 17.4.3)', () => {
  it('DSSS 1 Mbit/s: 192 µs PLCP + 12 304 µs; ACK at 1 Mbit/s 304 µs after a 10 µs SIFS', () => {
    expect(L).toBe(1538);
    expect(legacyPpduNs(L, legacy(0))).toBe(12_496 * US);
    expect(legacyAckExchangeNs(legacy(0), 16 * US)).toBe((10 + 304) * US);
    // 1 Mbit/s has no short preamble
    expect(legacyPpduNs(L, legacy(0, true))).toBe(12_496 * US);
  });

  it('CCK 11 Mbit/s: short preamble 96 µs + ⌈12304/11⌉ = 1119 µs', () => {
    expect(legacyPpduNs(L, legacy(3, true))).toBe(1215 * US);
    expect(dsssDurationNs(L, 11, false)).toBe((192 + 1119) * US);
    expect(dsssDurationNs(L, 5.5, false)).toBe((192 + 2238) * US);
  });

  it('OFDM 54 Mbit/s: 20 µs + 58 symbols; 6 Mbit/s: 514 symbols; the ACK at the highest basic rate below', () => {
    expect(legacyPpduNs(L, legacy(11))).toBe(252 * US);
    expect(ofdmDurationNs(L, 6)).toBe(2076 * US);
    expect(legacyAckExchangeNs(legacy(11), 16 * US)).toBe((16 + 28) * US);
    expect(legacyAckExchangeNs(legacy(4), 16 * US)).toBe((16 + 44) * US);
  });

  it('ERP protection: CTS-to-self at 11 Mbit/s long preamble, 203 µs + SIFS', () => {
    expect(ctsToSelfNs()).toBe(213 * US);
  });
});
