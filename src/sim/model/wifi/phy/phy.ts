/**
 * 802.11n/ac PHY airtime: how long a PPDU, a BlockAck or an ACK occupies the
 * air, and how many bytes fit in a given airtime.
 *
 * Mirrors drivers/net/wireless/ath/ath9k/xmit.c (bits_per_symbol[],
 * ath_pkt_duration, ath_max_framelen, ATH_AGGR_GET_NDELIM / PADBYTES in
 * ath_tx_form_aggr) and the VHT bits-per-symbol tables of
 * net/mac80211/airtime.c. EDCA defaults follow ieee80211_set_wmm_default()
 * (net/mac80211/util.c). Durations are whole microseconds, as the kernel
 * computes them, returned in ns.
 */
import type { Ns } from '../../../engine/time';
import { NS_PER_US } from '../../../engine/time';
import { legacyMbps, type Ac, type Band, type EdcaParams, type PhyRate } from '../types';
import { legacyPpduNs } from './legacy';

export interface BandTiming {
  sifsNs: Ns;
  slotNs: Ns;
}

/**
 * 5 GHz: SIFS 16 µs, slot 9 µs (OFDM PHY).
 * 2.4 GHz with ERP-OFDM/HT and short slot: SIFS is 10 µs, but every OFDM PPDU
 * is followed by 6 µs of signal extension, so the gap from the end of the
 * PPDU's energy to the response is 16 µs, the same as 5 GHz. The extension is
 * folded into SIFS here rather than added to every PPDU duration.
 */
const TIMING_5GHZ: BandTiming = Object.freeze({ sifsNs: 16 * NS_PER_US, slotNs: 9 * NS_PER_US });
const TIMING_2GHZ: BandTiming = Object.freeze({ sifsNs: (10 + 6) * NS_PER_US, slotNs: 9 * NS_PER_US });

export function bandTiming(band: Band): BandTiming {
  return band === '5GHz' ? TIMING_5GHZ : TIMING_2GHZ;
}

/** AIFS[AC] = SIFS + AIFSN · slot (802.11 EDCA); AIFSN 2 equals DIFS. */
export function aifsNs(band: Band, aifsn: number): Ns {
  const t = bandTiming(band);
  return t.sifsNs + aifsn * t.slotNs;
}

const edca = (cwMin: number, cwMax: number, aifsn: number, txopUs: number): EdcaParams =>
  Object.freeze({ cwMin, cwMax, aifsn, txopUs });

/** ieee80211_set_wmm_default() for OFDM (aCWmin 15, aCWmax 1023), indexed by IEEE80211_AC_*. */
export const EDCA_DEFAULT: Readonly<Record<Ac, EdcaParams>> = Object.freeze({
  0: edca(3, 7, 2, 1504), // VO: (aCWmin+1)/4-1, (aCWmin+1)/2-1
  1: edca(7, 15, 2, 3008), // VI: (aCWmin+1)/2-1, aCWmin
  2: edca(15, 1023, 3, 0), // BE
  3: edca(15, 1023, 7, 0), // BK
});

/** ath9k bits_per_symbol[mcs % 8][ht40]: data bits per OFDM symbol, one stream. */
const HT_BITS: readonly (readonly [number, number])[] = [
  [26, 54],
  [52, 108],
  [78, 162],
  [104, 216],
  [156, 324],
  [208, 432],
  [234, 486],
  [260, 540],
];

/**
 * airtime.c __VHT_GROUP BW2VBPS columns, one stream, MCS 0..9. VHT20 MCS 9 is
 * really 346.67 (valid only with 3 or 6 streams); airtime.c truncates it to 346.
 */
const VHT_BITS_20 = [26, 52, 78, 104, 156, 208, 234, 260, 312, 346];
const VHT_BITS_40 = [54, 108, 162, 216, 324, 432, 486, 540, 648, 720];
const VHT_BITS_80 = [117, 234, 351, 468, 702, 936, 1053, 1170, 1404, 1560];
const VHT_BITS_160 = [234, 468, 702, 936, 1404, 1872, 2106, 2340, 2808, 3120];

/** PLCP SERVICE (16) + tail (6) bits (ath9k OFDM_PLCP_BITS). */
const OFDM_PLCP_BITS = 22;
/** Largest PSDU ath_max_framelen returns (fits the 16-bit HT length field with room for padding). */
const HT_MAX_FRAMELEN_BYTES = 65532;
/** VHT maximum A-MPDU length exponent 7: 2^(13+7) − 1 octets. */
const VHT_MAX_AMPDU_BYTES = 1048575;

/** Spatial streams: HT_RC_2_STREAMS (ath9k) for HT, rate.nss for VHT. */
export function streams(rate: PhyRate): number {
  if (rate.mode === 'ht') return Math.floor(rate.mcs / 8) + 1;
  return rate.nss;
}

/** Data bits per OFDM symbol over all streams. */
export function dataBitsPerSymbol(rate: PhyRate): number {
  if (rate.mode === 'legacy') throw new Error('legacy rates have no HT/VHT bits per symbol');
  const nss = streams(rate);
  if (rate.mode === 'ht') {
    if (rate.mcs < 0 || rate.mcs > 31 || !Number.isInteger(rate.mcs)) throw new Error(`HT MCS ${rate.mcs}`);
    if (rate.widthMHz !== 20 && rate.widthMHz !== 40) throw new Error(`HT width ${rate.widthMHz} MHz`);
    return HT_BITS[rate.mcs % 8][rate.widthMHz === 40 ? 1 : 0] * nss;
  }
  if (rate.mcs < 0 || rate.mcs > 9 || !Number.isInteger(rate.mcs)) throw new Error(`VHT MCS ${rate.mcs}`);
  if (nss < 1 || nss > 8 || !Number.isInteger(nss)) throw new Error(`VHT nss ${nss}`);
  const table =
    rate.widthMHz === 20
      ? VHT_BITS_20
      : rate.widthMHz === 40
        ? VHT_BITS_40
        : rate.widthMHz === 80
          ? VHT_BITS_80
          : VHT_BITS_160;
  return table[rate.mcs] * nss;
}

/** PHY data rate in bit/s: bits per symbol / symbol time (4 µs, or 3.6 µs with short GI). */
export function phyRateBps(rate: PhyRate): number {
  if (rate.mode === 'legacy') return legacyMbps(rate) * 1e6;
  const bits = dataBitsPerSymbol(rate);
  return rate.shortGi ? (bits * 10_000_000) / 36 : bits * 250_000;
}

/** Preamble in whole µs: L-STF 8 + L-LTF 8 + L-SIG 4 + HT-SIG/VHT-SIG-A 8 + STF 4 + 4·Nss LTF (+ VHT-SIG-B 4). */
function preambleUs(rate: PhyRate): number {
  // 4·Nss training fields as ath9k HT_LTF() and airtime.c use; the standard
  // sends 4 LTFs for 3 streams (and 6/8 for 5/7), a 4 µs difference there.
  const base = 8 + 8 + 4 + 8 + 4 + 4 * streams(rate);
  return rate.mode === 'vht' ? base + 4 : base;
}

/** HT mixed-format or VHT preamble duration. */
export function htPreambleNs(rate: PhyRate): Ns {
  return preambleUs(rate) * NS_PER_US;
}

/** ath9k SYMBOL_TIME / SYMBOL_TIME_HALFGI: nsym·4 µs, or ceil(nsym·3.6) µs. */
function symbolsUs(nsym: number, shortGi: boolean): number {
  return shortGi ? Math.floor((nsym * 18 + 4) / 5) : nsym * 4;
}

/**
 * ath_pkt_duration(): airtime of a PSDU of `psduBytes` (for an A-MPDU, the sum
 * of ampduSubframeBytes). The same symbol rounding is used for VHT.
 */
export function ppduDurationNs(psduBytes: number, rate: PhyRate): Ns {
  if (rate.mode === 'legacy') return legacyPpduNs(psduBytes, rate);
  const nsymbits = dataBitsPerSymbol(rate);
  const nsym = Math.ceil((psduBytes * 8 + OFDM_PLCP_BITS) / nsymbits);
  return (symbolsUs(nsym, rate.shortGi) + preambleUs(rate)) * NS_PER_US;
}

/**
 * ath_max_framelen() (current form, preamble subtracted first): the largest
 * PSDU whose PPDU lasts at most `maxUs`. Capped at 65532 for HT (ath9k) and
 * at the VHT maximum A-MPDU length for VHT.
 */
export function maxPsduBytesForAirtime(rate: PhyRate, maxUs: number): number {
  const usec = Math.floor(maxUs) - preambleUs(rate);
  if (usec <= 0) return 0;
  // TIME_SYMBOLS / TIME_SYMBOLS_HALFGI
  const symbols = rate.shortGi ? Math.floor((usec * 5 - 4) / 18) : Math.floor(usec / 4);
  const bits = symbols * dataBitsPerSymbol(rate) - OFDM_PLCP_BITS;
  if (bits <= 0) return 0;
  const cap = rate.mode === 'ht' ? HT_MAX_FRAMELEN_BYTES : VHT_MAX_AMPDU_BYTES;
  return Math.min(Math.floor(bits / 8), cap);
}

/** ATH_AGGR_DELIM_SZ: the MPDU delimiter in front of every A-MPDU subframe. */
export const MPDU_DELIM_BYTES = 4;
/** ATH_AGGR_MINPLEN: a subframe shorter than this is padded with extra delimiters. */
export const AMPDU_MIN_SUBFRAME_BYTES = 256;

/**
 * Bytes one MPDU adds to an A-MPDU, as ath_tx_form_aggr accumulates `al`:
 * delimiter + MPDU, then, only if another subframe follows, PADBYTES to a
 * 4-byte boundary plus ATH_AGGR_GET_NDELIM(mpdu) = ceil((256 − mpdu)/4)
 * delimiters for short frames. The MPDU-density rule (extra delimiters per
 * µs of density) is not modelled here. A lone MPDU sent without aggregation
 * has no delimiter at all: its PSDU is just mpduBytes.
 */
export function ampduSubframeBytes(mpduBytes: number, isLast: boolean): number {
  const len = MPDU_DELIM_BYTES + mpduBytes;
  if (isLast) return len;
  const pad = (4 - (len % 4)) % 4;
  const ndelim =
    mpduBytes < AMPDU_MIN_SUBFRAME_BYTES
      ? Math.ceil((AMPDU_MIN_SUBFRAME_BYTES - mpduBytes) / MPDU_DELIM_BYTES)
      : 0;
  return len + pad + ndelim * MPDU_DELIM_BYTES;
}

/** PSDU length of an A-MPDU of `n` equal MPDUs (n = 1 still counts one delimiter). */
export function uniformAmpduBytes(mpduBytes: number, n: number): number {
  if (n <= 0) return 0;
  return (n - 1) * ampduSubframeBytes(mpduBytes, false) + ampduSubframeBytes(mpduBytes, true);
}

/**
 * 802.11 framing around an IP packet, no encryption: QoS data header 26
 * (frame control 2, duration 2, three addresses 18, sequence control 2, QoS
 * control 2) + LLC/SNAP 8 (replaces the 14-byte Ethernet header) + FCS 4.
 */
export const WLAN_MAC_OVERHEAD_BYTES = 26 + 8 + 4;

/** MPDU length for an IP packet; an Ethernet frame of L2 length n carries ipBytes = n − 14. */
export function mpduBytes(ipBytes: number): number {
  return ipBytes + WLAN_MAC_OVERHEAD_BYTES;
}

/**
 * Non-HT OFDM frame (control responses): 20 µs preamble + SIGNAL, then
 * ceil((16 + 8·bytes + 6) / (4·Mbit/s)) symbols of 4 µs. On 2.4 GHz the 6 µs
 * signal extension is counted in bandTiming().sifsNs, so the band does not
 * change the result; it is taken so callers need not know that.
 */
export function legacyDurationNs(bytes: number, rateMbps: number, _band: Band): Ns {
  const nsym = Math.ceil((16 + 8 * bytes + 6) / (4 * rateMbps));
  return (20 + nsym * 4) * NS_PER_US;
}

/** Compressed BlockAck frame length (a third-party driver's BA_LEN; 802.11 BA with 64-bit bitmap). */
export const BLOCK_ACK_BYTES = 32;
/** ACK frame length (frame control, duration, RA, FCS). */
export const ACK_BYTES = 14;
/** Control response rate when none is given: the highest mandatory OFDM basic rate. */
export const DEFAULT_BASIC_RATE_MBPS = 24;

/** Compressed BlockAck: 32 µs at 24 Mbit/s, 68 µs at 6 Mbit/s. */
export function blockAckDurationNs(band: Band, basicRateMbps: number = DEFAULT_BASIC_RATE_MBPS): Ns {
  return legacyDurationNs(BLOCK_ACK_BYTES, basicRateMbps, band);
}

/** ACK: 28 µs at 24 Mbit/s, 44 µs at 6 Mbit/s. */
export function ackDurationNs(band: Band, basicRateMbps: number = DEFAULT_BASIC_RATE_MBPS): Ns {
  return legacyDurationNs(ACK_BYTES, basicRateMbps, band);
}

/** Medium time of one A-MPDU exchange: PPDU + SIFS + BlockAck (what Contender.startTxop returns). */
export function blockAckExchangeNs(ppduNs: Ns, band: Band, basicRateMbps?: number): Ns {
  return ppduNs + bandTiming(band).sifsNs + blockAckDurationNs(band, basicRateMbps);
}

/** Medium time of a single-MPDU exchange: PPDU + SIFS + ACK. */
export function ackExchangeNs(ppduNs: Ns, band: Band, basicRateMbps?: number): Ns {
  return ppduNs + bandTiming(band).sifsNs + ackDurationNs(band, basicRateMbps);
}

/** VHT maximum A-MPDU length (exponent 7); firmware may cap lower. */
export function vhtMaxAmpduBytes(): number {
  return VHT_MAX_AMPDU_BYTES;
}
