/**
 * Frame error rate from SNR: the NIST error-rate model as ns-3 implements it
 * (src/wifi/model/nist-error-rate-model.cc, NistErrorRateModel; the OFDM
 * curves of Miller & Pei, "Validation of ns-3 802.11b PHY model", and the
 * convolutional-code union bounds of Frenger et al. / Haccoun & Bégin), with
 * ns-3's DsssErrorRateModel (dsss-error-rate-model.cc) for 802.11b:
 *
 * - uncoded BER: BPSK ½·erfc(√snr); QPSK ½·erfc(√(snr/2)); M-QAM
 *   (√M − 1)/(√M·log2 √M)·erfc(√(snr / (2(M − 1)/3))) (GetQamBer);
 * - coded: the union bound on the first-event error probability of the
 *   K = 7 code, pe = Σ c_d·D^d with D = √(4p(1 − p)), over the distance
 *   spectrum of rate 1/2, 2/3, 3/4 (punctured) and 5/6 (CalculatePe);
 * - a chunk of n bits survives with (1 − pe)^n (GetFecQamBer), so an MPDU
 *   of L bytes is lost with 1 − (1 − pe)^(8L).
 * ns-3 applies the BCC bound to every OFDM MCS, 256- and 1024-QAM included,
 * and so does this model: receivers that decode LDPC gain about 2 dB that it
 * does not credit (an assumption on the safe side, as in ns-3).
 * DSSS: 1 Mbit/s DBPSK ½·exp(−Eb/N0), 2 Mbit/s DQPSK (DqpskFunction),
 * Eb/N0 = snr·22 MHz / bit rate; 5.5 and 11 Mbit/s CCK use ns-3's non-GSL
 * curve fits (berfit coefficients of GetDsssDqpskCck5_5/11SuccessRate).
 *
 * The SNR here is per received stream over the channel's width. A scenario
 * gives a station's SNR in 20 MHz; ./link-error.ts scales it by width and
 * streams.
 */
import { erfc } from './erfc';

/** Constellation size and code rate (numerator/denominator) by OFDM MCS 0..11 (HT uses mcs % 8). */
const OFDM_MCS: readonly (readonly [number, number, number])[] = [
  [2, 1, 2],
  [4, 1, 2],
  [4, 3, 4],
  [16, 1, 2],
  [16, 3, 4],
  [64, 2, 3],
  [64, 3, 4],
  [64, 5, 6],
  [256, 3, 4],
  [256, 5, 6],
  [1024, 3, 4],
  [1024, 5, 6],
];

/** 802.11a/g OFDM rates (Mbit/s) → constellation and code rate (802.11-2020 Table 17-4). */
const LEGACY_OFDM: Readonly<Record<number, readonly [number, number, number]>> = {
  6: [2, 1, 2],
  9: [2, 3, 4],
  12: [4, 1, 2],
  18: [4, 3, 4],
  24: [16, 1, 2],
  36: [16, 3, 4],
  48: [64, 2, 3],
  54: [64, 3, 4],
};

/** GetBpskBer / GetQpskBer / GetQamBer: uncoded bit error rate at linear SNR. */
export function uncodedBer(m: number, snr: number): number {
  if (m === 2) return 0.5 * erfc(Math.sqrt(snr));
  if (m === 4) return 0.5 * erfc(Math.sqrt(snr / 2));
  const sqrtM = Math.sqrt(m);
  // ns-3 divides in integers: (2·(M − 1)) / 3 is exact for M = 16 … 1024.
  const z = Math.sqrt(snr / Math.floor((2 * (m - 1)) / 3));
  return ((sqrtM - 1) / (sqrtM * Math.log2(sqrtM))) * erfc(z);
}

/** Distance spectra (c_d from d_free on) and the 1/(2b) factor of CalculatePe, by code rate. */
const SPECTRUM: Readonly<Record<string, { dFree: number; c: readonly number[]; scale: number }>> = {
  '1/2': {
    dFree: 10,
    c: [36, 0, 211, 0, 1404, 0, 11633, 0, 77433, 0, 502690, 0, 3322763, 0, 21292910, 0, 134365911],
    scale: 0.5,
  },
  '2/3': {
    dFree: 6,
    c: [3, 70, 285, 1276, 6160, 27128, 117019, 498860, 2103891, 8784123],
    scale: 1 / 4,
  },
  '3/4': {
    dFree: 5,
    c: [42, 201, 1492, 10469, 62935, 379644, 2253373, 13073811, 75152755, 428005675],
    scale: 1 / 6,
  },
  '5/6': {
    dFree: 4,
    c: [92, 528, 8694, 79453, 792114, 7375573, 67884974, 610875423, 5427275376, 47664215639],
    scale: 1 / 10,
  },
};

/** CalculatePe: the coded bit error bound for uncoded BER p, capped at 1. */
export function codedBer(p: number, rateNum: number, rateDen: number): number {
  const s = SPECTRUM[`${rateNum}/${rateDen}`];
  if (s === undefined) throw new Error(`no distance spectrum for code rate ${rateNum}/${rateDen}`);
  const d = Math.sqrt(4 * p * (1 - p));
  let pe = 0;
  let dPow = Math.pow(d, s.dFree);
  for (let i = 0; i < s.c.length; i++) {
    pe += s.c[i] * dPow;
    dPow *= d;
  }
  return Math.min(1, s.scale * pe);
}

/** Probability that `bits` coded OFDM bits all decode (GetFecQamBer and friends). */
export function ofdmChunkSuccess(
  m: number,
  rateNum: number,
  rateDen: number,
  snr: number,
  bits: number,
): number {
  const ber = uncodedBer(m, snr);
  if (ber === 0) return 1;
  const pe = codedBer(ber, rateNum, rateDen);
  return Math.pow(1 - pe, bits);
}

/** The modulation of an HT (mcs % 8), VHT or HE MCS. */
export function ofdmMcsModulation(mcs: number): readonly [number, number, number] {
  const row = OFDM_MCS[mcs];
  if (row === undefined) throw new Error(`OFDM MCS ${mcs}`);
  return row;
}

/** The modulation of an 802.11a/g rate in Mbit/s. */
export function legacyOfdmModulation(mbps: number): readonly [number, number, number] {
  const row = LEGACY_OFDM[mbps];
  if (row === undefined) throw new Error(`802.11a/g rate ${mbps} Mbit/s`);
  return row;
}

/** DqpskFunction (dsss-error-rate-model.cc). */
function dqpskBer(x: number): number {
  return (
    ((Math.SQRT2 + 1) / Math.sqrt(8 * Math.PI * Math.SQRT2)) *
    (1 / Math.sqrt(x)) *
    Math.exp(-(2 - Math.SQRT2) * x)
  );
}

/** ns-3's non-GSL CCK fits: BER 0 above 10 (linear SIR), 0.5 below 0.1. */
function cckBer(mbps: 5.5 | 11, sinr: number): number {
  if (sinr > 10) return 0;
  if (sinr < 0.1) return 0.5;
  if (mbps === 5.5) {
    return (
      5.3681634344056195e-1 *
      Math.exp(-Math.pow((sinr - 3.3092430025608586e-3) / 4.1654372361004e-1, 1.0288981434358866))
    );
  }
  const s2 = sinr * sinr;
  return (
    (7.9056742265333456e-3 * s2 - 1.839744939917636e-1 * sinr + 1.0740689468707241) /
    (s2 * sinr + 1.0523316904502553 * s2 + 3.0552298746496687e-1 * sinr + 2.2032715128698435)
  );
}

/** Probability that `bits` DSSS/CCK bits at `mbps` (1, 2, 5.5, 11) all arrive (22 MHz chip-rate SNR). */
export function dsssChunkSuccess(mbps: number, snr: number, bits: number): number {
  let ber: number;
  if (mbps === 1) ber = 0.5 * Math.exp(-(snr * 22));
  else if (mbps === 2) ber = dqpskBer((snr * 22) / 2);
  else if (mbps === 5.5 || mbps === 11) ber = cckBer(mbps, snr);
  else throw new Error(`802.11b rate ${mbps} Mbit/s`);
  return Math.min(1, Math.pow(1 - ber, bits));
}

/** dB → linear power ratio. */
export const dbToLinear = (db: number): number => Math.pow(10, db / 10);
