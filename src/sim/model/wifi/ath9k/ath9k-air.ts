/**
 * What surrounds an ath9k PPDU on the air: the response (BlockAck after an
 * A-MPDU, ACK after a single frame, at the control rate; for a legacy
 * frame the ACK at the highest basic rate not above its rate, after the
 * DSSS SIFS for 802.11b) and the protection in front of it: RTS/CTS for
 * minstrel_ht's fallback series (IEEE80211_TX_RC_USE_RTS_CTS, set by
 * minstrel_ht_set_rate) at the control rate, or, with a non-ERP station in
 * the BSS, a CTS-to-self before every OFDM/HT PPDU (./phy/legacy.ts).
 */
import type { Ns } from '../../../engine/time';
import { ctsToSelfNs, legacyAckExchangeNs } from '../phy/legacy';
import { ackDurationNs, bandTiming, blockAckDurationNs, legacyDurationNs } from '../phy/phy';
import type { Band, PhyRate } from '../types';

/** RTS frame length (frame control, duration, RA, TA, FCS). */
const RTS_BYTES = 20;
/** ACK-sized CTS. */
const CTS_BYTES = 14;
/** The control rate the model answers at (phy.ts DEFAULT_BASIC_RATE_MBPS). */
const CONTROL_MBPS = 24;

/** Airtime before the PPDU: RTS + SIFS + CTS + SIFS, or CTS-to-self + SIFS, or nothing. */
export function protectionNs(rate: PhyRate, rts: boolean, erp: boolean, band: Band): Ns {
  if (rate.mode === 'legacy' && rate.mcs < 4) return 0;
  if (erp) return ctsToSelfNs();
  if (!rts) return 0;
  const sifs = bandTiming(band).sifsNs;
  return (
    legacyDurationNs(RTS_BYTES, CONTROL_MBPS, band) +
    legacyDurationNs(CTS_BYTES, CONTROL_MBPS, band) +
    2 * sifs
  );
}

/** SIFS and the response after the PPDU. */
export function responseNs(rate: PhyRate, isAggr: boolean, band: Band): Ns {
  const sifs = bandTiming(band).sifsNs;
  if (rate.mode === 'legacy') return legacyAckExchangeNs(rate, sifs);
  return sifs + (isAggr ? blockAckDurationNs(band) : ackDurationNs(band));
}
