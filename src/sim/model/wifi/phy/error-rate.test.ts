import { describe, expect, it } from 'vitest';
import { codedBer, dsssChunkSuccess, ofdmChunkSuccess, uncodedBer } from './error-rate';
import { erfc } from './erfc';
import { mpduLossFromSnr, SnrMpduLoss, streamSnrDb } from './link-error';
import { ht, vht } from '../../../scenario/wifi-config';
import type { PhyRate } from '../types';

/**
 * Reference values worked from the formulas of ns-3's NistErrorRateModel
 * (GetQamBer, CalculatePe, GetFecQamBer) and DsssErrorRateModel with the
 * exact erfc, for a 1538-byte MPDU (a 1500-byte IP packet) unless noted.
 */
const db = (x: number): number => Math.pow(10, x / 10);

describe('erfc', () => {
  it('matches tabulated values to the fit’s 1.2e-7 relative error', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1) / 0.157299207050285).toBeCloseTo(1, 6);
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 6);
    expect(erfc(-1)).toBeCloseTo(2 - 0.157299207050285, 7);
  });
});

describe('NIST error-rate model', () => {
  it('uncoded BER: BPSK, QPSK and QAM as GetBpskBer/GetQpskBer/GetQamBer', () => {
    // ½·erfc(√10) for BPSK at 10 dB
    expect(uncodedBer(2, 10) / 3.872108215522035e-6).toBeCloseTo(1, 5);
    // 64-QAM: (8−1)/(8·3)·erfc(√(snr/42)) at 20 dB
    expect(uncodedBer(64, 100) / ((7 / 24) * 0.02909633174125221)).toBeCloseTo(1, 5);
  });

  it('coded BER is the union bound over the K=7 distance spectrum', () => {
    const p = 0.01;
    const d = Math.sqrt(4 * p * (1 - p));
    expect(codedBer(p, 1, 2)).toBeCloseTo(
      Math.min(
        1,
        0.5 *
          (36 * d ** 10 +
            211 * d ** 12 +
            1404 * d ** 14 +
            11633 * d ** 16 +
            77433 * d ** 18 +
            502690 * d ** 20 +
            3322763 * d ** 22 +
            21292910 * d ** 24 +
            134365911 * d ** 26),
      ),
      12,
    );
  });

  it('MCS 7 (64-QAM 5/6): a full frame is lost at 22 dB, 5.4 % at 24 dB', () => {
    expect(1 - ofdmChunkSuccess(64, 5, 6, db(22), 8 * 1538)).toBeGreaterThan(0.999999);
    expect(1 - ofdmChunkSuccess(64, 5, 6, db(24), 8 * 1538)).toBeCloseTo(0.05404, 4);
    // a 100-byte frame (a TCP ACK) at 24 dB: 0.36 %
    expect(1 - ofdmChunkSuccess(64, 5, 6, db(24), 800)).toBeCloseTo(0.003606, 5);
  });

  it('MCS 0 (BPSK 1/2) at 4 dB: 8.9 % for a full frame, 0.6 % for 100 bytes', () => {
    expect(mpduLossFromSnr(4, ht(0), 1538)).toBeCloseTo(0.0895, 4);
    expect(mpduLossFromSnr(4, ht(0), 100)).toBeCloseTo(0.006078, 5);
  });

  it('the SNR per stream falls with width and streams', () => {
    expect(streamSnrDb(30, ht(15))).toBeCloseTo(30 - 3.0103, 4);
    expect(streamSnrDb(30, vht(9, 2, 80, true))).toBeCloseTo(30 - 6.0206 - 3.0103, 4);
    // HT MCS 15 (2 streams of 64-QAM 5/6) at 30 dB: 27 dB per stream
    expect(mpduLossFromSnr(30, ht(15), 1538)).toBeCloseTo(1.754e-7, 9);
  });

  it('DSSS 1 Mbit/s: ½·exp(−22·snr) per bit over 22 MHz', () => {
    const snr = db(-5 - 10 * Math.log10(1.1));
    const lost = 1 - (1 - 0.5 * Math.exp(-snr * 22)) ** (8 * 1538);
    const rate: PhyRate = { mode: 'legacy', mcs: 0, nss: 1, widthMHz: 20, shortGi: false };
    expect(mpduLossFromSnr(-5, rate, 1538)).toBeCloseTo(lost, 10);
    expect(lost).toBeCloseTo(0.99998, 4);
    // at 0 dB: 1 − (1 − ½e^−22)^12304 = 1.7e-6 lost
    expect(1 - dsssChunkSuccess(1, db(0), 8 * 1538)).toBeCloseTo(12304 * 0.5 * Math.exp(-22), 9);
  });

  it('loss rises with the MCS at one SNR, and the cache returns the same values', () => {
    const link = new SnrMpduLoss(25);
    const losses = [0, 3, 5, 7].map((m) => link.probability(ht(m), 1538));
    for (let i = 1; i < losses.length; i++) expect(losses[i]).toBeGreaterThanOrEqual(losses[i - 1]);
    const r = ht(7);
    expect(link.probability(r, 1538)).toBe(link.probability(r, 1538));
  });
});
