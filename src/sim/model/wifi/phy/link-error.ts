/**
 * MPDU loss on one link, by rate and MPDU length: either a scenario's pinned
 * full-frame error rate (./mpdu-error.ts, the same for every rate), or the
 * link's SNR through the NIST error-rate model (./error-rate.ts), so that a
 * faster MCS, a wider channel or more streams lose more frames and rate
 * control has something to choose from.
 *
 * The scenario states a station's SNR in a 20 MHz channel (the signal over
 * the noise floor, −174 dBm/Hz + 10·log10(20 MHz) + noise figure). How it
 * moves with the PPDU (assumptions, named):
 * - width: the transmit power is the same whatever the width, the noise
 *   grows with it: −3 dB at 40 MHz, −6 at 80, −9 at 160 (ns-3 integrates the
 *   noise over the channel width the same way); DSSS occupies 22 MHz (−0.4 dB);
 * - streams: the power is split over N_SS streams and the receiver has as
 *   many antennas as streams, without diversity gain: −10·log10(N_SS) dB;
 * - the PHY header is taken to decode whenever the data does (it is sent at
 *   BPSK ½), and each PPDU sees the same SNR (no fading).
 */
import {
  dbToLinear,
  dsssChunkSuccess,
  legacyOfdmModulation,
  ofdmChunkSuccess,
  ofdmMcsModulation,
} from './error-rate';
import { MpduErrorModel } from './mpdu-error';
import { isDsss, legacyMbps, type PhyRate } from '../types';

/** What a transmitter asks of a link: the chance an MPDU of `mpduBytes` sent at `rate` is lost. */
export interface MpduLoss {
  probability(rate: PhyRate, mpduBytes: number): number;
  /** True when no MPDU is ever lost (no random draw needed). */
  readonly lossless: boolean;
}

/** A pinned full-size frame error rate, the same at every rate (scaled by length). */
export class FixedMpduLoss implements MpduLoss {
  private readonly model: MpduErrorModel;
  readonly lossless: boolean;
  constructor(readonly fullFrameErrorRate: number) {
    this.model = new MpduErrorModel(fullFrameErrorRate);
    this.lossless = fullFrameErrorRate <= 0;
  }
  probability(_rate: PhyRate, mpduBytes: number): number {
    return this.model.probability(mpduBytes);
  }
}

/** Per-stream SNR (dB) of a PPDU at `rate` on a link whose 20 MHz SNR is `snr20Db`. */
export function streamSnrDb(snr20Db: number, rate: PhyRate): number {
  if (rate.mode === 'legacy') return isDsss(rate) ? snr20Db - 10 * Math.log10(22 / 20) : snr20Db;
  const nss = rate.mode === 'ht' ? Math.floor(rate.mcs / 8) + 1 : rate.nss;
  return snr20Db - 10 * Math.log10(rate.widthMHz / 20) - 10 * Math.log10(nss);
}

/** Loss of an MPDU of `mpduBytes` at `rate` with a 20 MHz SNR of `snr20Db` (NIST / DSSS model). */
export function mpduLossFromSnr(snr20Db: number, rate: PhyRate, mpduBytes: number): number {
  const snr = dbToLinear(streamSnrDb(snr20Db, rate));
  const bits = 8 * mpduBytes;
  if (rate.mode === 'legacy') {
    const mbps = legacyMbps(rate);
    if (isDsss(rate)) return 1 - dsssChunkSuccess(mbps, snr, bits);
    const [m, rn, rd] = legacyOfdmModulation(mbps);
    return 1 - ofdmChunkSuccess(m, rn, rd, snr, bits);
  }
  const [m, rn, rd] = ofdmMcsModulation(rate.mode === 'ht' ? rate.mcs % 8 : rate.mcs);
  return 1 - ofdmChunkSuccess(m, rn, rd, snr, bits);
}

/** The link's SNR through the error-rate model, cached per rate object and length. */
export class SnrMpduLoss implements MpduLoss {
  readonly lossless = false;
  private readonly cache = new WeakMap<PhyRate, Map<number, number>>();
  /** The last answer: an aggregate's MPDUs mostly share rate and length. */
  private lastRate: PhyRate | null = null;
  private lastLen = -1;
  private lastP = 0;
  constructor(readonly snr20Db: number) {}

  probability(rate: PhyRate, mpduBytes: number): number {
    if (rate === this.lastRate && mpduBytes === this.lastLen) return this.lastP;
    let byLen = this.cache.get(rate);
    if (byLen === undefined) {
      byLen = new Map();
      this.cache.set(rate, byLen);
    }
    let p = byLen.get(mpduBytes);
    if (p === undefined) {
      p = mpduLossFromSnr(this.snr20Db, rate, mpduBytes);
      byLen.set(mpduBytes, p);
    }
    this.lastRate = rate;
    this.lastLen = mpduBytes;
    this.lastP = p;
    return p;
  }
}

/** The loss model of a station's link: its SNR when given, else its pinned frame error rate. */
export function linkLoss(snrDb: number | null | undefined, frameErrorRate: number): MpduLoss {
  return snrDb === null || snrDb === undefined ? new FixedMpduLoss(frameErrorRate) : new SnrMpduLoss(snrDb);
}
