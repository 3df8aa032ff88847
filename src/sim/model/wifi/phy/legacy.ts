/**
 * 802.11a/b/g airtime per frame, from the standard's TXTIME formulas
 * (IEEE 802.11-2020 15.3.3 DSSS, 16.3.4 HR/DSSS, 17.4.3 OFDM, 18.5.3
 * ERP-OFDM), as mac80211's ieee80211_frame_duration (net/mac80211/util.c)
 * computes them:
 * - DSSS/CCK (1, 2, 5.5, 11 Mbit/s): PLCP preamble + header 144 + 48 = 192 µs
 *   (long) or 72 + 24 = 96 µs (short; 1 Mbit/s is always long), then
 *   ⌈8·L / rate⌉ µs; SIFS 10 µs, slot 20 µs (long) with 11b stations present;
 * - OFDM: 16 µs preamble + 4 µs SIGNAL + 4 µs per symbol of 16 + 8·L + 6
 *   bits at 4·rate bits per symbol; on 2.4 GHz (ERP-OFDM) a 6 µs signal
 *   extension follows, which ./phy.ts folds into the 16 µs it uses as SIFS;
 * - the ACK goes at the highest basic rate not above the data rate
 *   (802.11 10.6.6.5.2): DSSS basic rates 1, 2, 5.5, 11 Mbit/s (the ERP
 *   BSS default of hostapd), OFDM 6, 12, 24;
 * - ERP protection (802.11 10.26): while a non-ERP (11b) station is in the
 *   BSS, every OFDM or HT PPDU is preceded by a CTS-to-self at a DSSS rate
 *   and SIFS. mac80211 takes the fastest basic rate not above the data
 *   rate: 11 Mbit/s with a long preamble (the 11b station may not decode a
 *   short one) — an assumption on the basic rate set.
 */
import type { Ns } from '../../../engine/time';
import { NS_PER_US } from '../../../engine/time';
import { isDsss, legacyMbps, type PhyRate } from '../types';

/** DSSS SIFS (802.11 15.4.4: 10 µs). */
export const DSSS_SIFS_NS: Ns = 10 * NS_PER_US;
/** ACK and CTS frame length (frame control, duration, RA, FCS). */
const ACK_BYTES = 14;
export const CTS_BYTES = 14;

/** TXTIME of a DSSS/CCK PPDU of `bytes` at `mbps`. */
export function dsssDurationNs(bytes: number, mbps: number, shortPreamble: boolean): Ns {
  const plcpUs = shortPreamble && mbps !== 1 ? 96 : 192;
  return (plcpUs + Math.ceil((8 * bytes * 10) / (mbps * 10))) * NS_PER_US;
}

/** TXTIME of an OFDM (802.11a/g) PPDU of `bytes` at `mbps` (signal extension not included). */
export function ofdmDurationNs(bytes: number, mbps: number): Ns {
  return (20 + 4 * Math.ceil((16 + 8 * bytes + 6) / (4 * mbps))) * NS_PER_US;
}

/** A legacy PPDU carrying `bytes`. */
export function legacyPpduNs(bytes: number, rate: PhyRate): Ns {
  const mbps = legacyMbps(rate);
  return isDsss(rate)
    ? dsssDurationNs(bytes, mbps, rate.shortPreamble === true)
    : ofdmDurationNs(bytes, mbps);
}

const DSSS_BASIC = [1, 2, 5.5, 11];
const OFDM_BASIC = [6, 12, 24];

/** The highest basic rate not above `mbps` (the lowest basic rate if none is). */
function basicBelow(mbps: number, basic: readonly number[]): number {
  let r = basic[0];
  for (const b of basic) if (b <= mbps) r = b;
  return r;
}

/** SIFS + ACK after a legacy data frame (the ACK at the highest basic rate not above the data rate). */
export function legacyAckExchangeNs(rate: PhyRate, sifsOfdmNs: Ns): Ns {
  const mbps = legacyMbps(rate);
  if (isDsss(rate)) {
    const ackMbps = basicBelow(mbps, DSSS_BASIC);
    return DSSS_SIFS_NS + dsssDurationNs(ACK_BYTES, ackMbps, rate.shortPreamble === true);
  }
  return sifsOfdmNs + ofdmDurationNs(ACK_BYTES, basicBelow(mbps, OFDM_BASIC));
}

/** ERP protection: CTS-to-self at 11 Mbit/s, long preamble, then SIFS, before an OFDM/HT PPDU. */
export function ctsToSelfNs(): Ns {
  return dsssDurationNs(CTS_BYTES, 11, false) + DSSS_SIFS_NS;
}
