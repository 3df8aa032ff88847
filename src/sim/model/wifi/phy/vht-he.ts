/**
 * VHT (802.11ac) and HE SU (802.11ax) PPDU airtime as the standard defines
 * TXTIME (IEEE 802.11-2020 21.4.3 eq. 21-105/106; 802.11ax-2021 27.4.3
 * eq. 27-135 with the pre-FEC padding of 27.3.12), for the firmware and
 * hardware aggregators of ath10k and mt76. ath9k and brcmfmac keep the
 * ath_pkt_duration form of ./phy.ts, which rounds short-GI symbols per µs.
 *
 * - VHT: L-STF 8 + L-LTF 8 + L-SIG 4 + VHT-SIG-A 8 + VHT-STF 4 + N_VHTLTF·4 +
 *   VHT-SIG-B 4 µs, then N_SYM symbols of 4 µs, or with short GI
 *   4·⌈3.6·N_SYM / 4⌉ µs (the symbols end on the 4 µs L-SIG grid).
 * - HE SU: L-STF 8 + L-LTF 8 + L-SIG 4 + RL-SIG 4 + HE-SIG-A 8 + HE-STF 4 µs,
 *   N_HELTF·(HE-LTF + GI) with HE-LTF 3.2/6.4/12.8 µs (1x/2x/4x), N_SYM
 *   symbols of 12.8 µs + GI, and the packet extension T_PE set by the last
 *   symbol's pre-FEC padding factor a and the receiver's nominal packet
 *   padding (0, 8 or 16 µs; mt7915 advertises 16 µs, mt7915/init.c).
 * - N_SYM = ⌈(8·PSDU + 16 + 6·N_ES) / N_DBPS⌉ with one BCC encoder (N_ES = 1),
 *   as the kernel's own airtime code assumes (net/mac80211/airtime.c counts
 *   whole symbols of bits per symbol); with LDPC or more encoders the
 *   standard adds at most a symbol.
 * N_DBPS = N_SD · N_BPSCS · R · N_SS (floored for HE, where it is not whole).
 */
import type { Ns } from '../../../engine/time';
import type { PhyRate } from '../types';

/** aPPDUMaxTime: the longest HT/VHT/HE PPDU (the L-SIG length field at 6 Mbit/s: 5.484 ms). */
export const PPDU_MAX_US = 5484;
/** Largest A-MPDU a VHT receiver may advertise (exponent 7: 2^20 − 1 octets). */
export const VHT_MAX_AMPDU_BYTES = 1_048_575;
/** Largest HE PSDU (the HE maximum A-MPDU length, 802.11ax 9.4.2.248.2). */
export const HE_MAX_AMPDU_BYTES = 6_500_631;
/** BlockAck windows: 64 MPDUs (HT/VHT, IEEE80211_MAX_AMPDU_BUF_HT), 256 (HE, IEEE80211_MAX_AMPDU_BUF_HE). */
export const BA_WINDOW_VHT = 64;
export const BA_WINDOW_HE = 256;

/** SERVICE 16 bits, tail 6 bits per BCC encoder. */
const SERVICE_BITS = 16;
const TAIL_BITS = 6;

/** Data subcarriers per width: VHT (52/108/234/468) and HE RU 242/484/996/2×996 (and their short-symbol counts). */
const VHT_NSD: Record<number, number> = { 20: 52, 40: 108, 80: 234, 160: 468 };
const HE_NSD: Record<number, number> = { 20: 234, 40: 468, 80: 980, 160: 1960 };
const HE_NSD_SHORT: Record<number, number> = { 20: 60, 40: 120, 80: 240, 160: 492 };

/** Bits per subcarrier and coding rate (numerator, denominator) by MCS; VHT uses 0..9, HE 0..11. */
const MCS_MOD: readonly (readonly [number, number, number])[] = [
  [1, 1, 2],
  [2, 1, 2],
  [2, 3, 4],
  [4, 1, 2],
  [4, 3, 4],
  [6, 2, 3],
  [6, 3, 4],
  [6, 5, 6],
  [8, 3, 4],
  [8, 5, 6],
  [10, 3, 4],
  [10, 5, 6],
];

/** VHT MCS/width/streams the standard excludes (21.5: the tables mark them "not valid"). */
function vhtExcluded(mcs: number, width: number, nss: number): boolean {
  if (mcs === 9 && width === 20) return nss !== 3 && nss !== 6;
  if (mcs === 6 && width === 80) return nss === 3 || nss === 7;
  if (mcs === 9 && width === 80) return nss === 6;
  if (mcs === 9 && width === 160) return nss === 3;
  return false;
}

/** Why `rate` is not a VHT or HE rate (null when it is). */
export function vhtHeRateError(rate: PhyRate): string | null {
  const { mode, mcs, nss, widthMHz } = rate;
  if (mode !== 'vht' && mode !== 'he') return `mode ${mode} is neither VHT nor HE`;
  const maxMcs = mode === 'vht' ? 9 : 11;
  if (!Number.isInteger(mcs) || mcs < 0 || mcs > maxMcs)
    return `${mode.toUpperCase()} MCS ${mcs} (0 to ${maxMcs})`;
  if (!Number.isInteger(nss) || nss < 1 || nss > 8) return `nss ${nss} (1 to 8)`;
  if (!(widthMHz in VHT_NSD)) return `width ${widthMHz} MHz`;
  if (mode === 'vht' && vhtExcluded(mcs, widthMHz, nss))
    return `VHT MCS ${mcs} at ${widthMHz} MHz with ${nss} streams is not a valid rate (802.11 21.5)`;
  if (mode === 'he') {
    const gi = rate.giNs ?? 800;
    const ltf = heLtf(rate);
    const ok = (ltf === 1 && gi === 800) || (ltf === 2 && gi !== 3200) || (ltf === 4 && gi !== 1600);
    if (!ok) return `HE-LTF ${ltf}x with a ${gi} ns GI is not an HE SU combination`;
  }
  return null;
}

function check(rate: PhyRate): void {
  const e = vhtHeRateError(rate);
  if (e !== null) throw new Error(e);
}

/** HE-LTF size: given, or 4x with the 3.2 µs GI and 2x otherwise. */
function heLtf(rate: PhyRate): 1 | 2 | 4 {
  return rate.heLtf ?? ((rate.giNs ?? 800) === 3200 ? 4 : 2);
}

/** N_DBPS over all streams. */
export function vhtHeDataBits(rate: PhyRate): number {
  check(rate);
  const [bpsc, rn, rd] = MCS_MOD[rate.mcs];
  const nsd = (rate.mode === 'vht' ? VHT_NSD : HE_NSD)[rate.widthMHz];
  return Math.floor((nsd * bpsc * rn * rate.nss) / rd);
}

/** N_DBPS,short of HE's pre-FEC padding (the data bits of a quarter symbol). */
function heShortDataBits(rate: PhyRate): number {
  const [bpsc, rn, rd] = MCS_MOD[rate.mcs];
  return Math.floor((HE_NSD_SHORT[rate.widthMHz] * bpsc * rn * rate.nss) / rd);
}

/** N_VHTLTF / N_HELTF by space-time streams (no STBC): 1, 2, 4, 4, 6, 6, 8, 8. */
export function trainingFields(nss: number): number {
  return nss <= 2 ? nss : nss <= 4 ? 4 : nss <= 6 ? 6 : 8;
}

/** Data symbol duration in ns: VHT 4000 (or 3600 with short GI), HE 12800 + GI. */
export function symbolNs(rate: PhyRate): Ns {
  if (rate.mode === 'he') return 12_800 + (rate.giNs ?? 800);
  return rate.shortGi ? 3600 : 4000;
}

/** Everything before the data symbols, in ns. */
export function preambleNs(rate: PhyRate): Ns {
  check(rate);
  const n = trainingFields(rate.nss);
  if (rate.mode === 'vht') return (8 + 8 + 4 + 8 + 4 + 4 * n + 4) * 1000;
  return (8 + 8 + 4 + 4 + 8 + 4) * 1000 + n * (3200 * heLtf(rate) + (rate.giNs ?? 800));
}

/** Data symbols for a PSDU of `psduBytes`. */
export function dataSymbols(psduBytes: number, rate: PhyRate): number {
  return Math.ceil((8 * psduBytes + SERVICE_BITS + TAIL_BITS) / vhtHeDataBits(rate));
}

/**
 * HE packet extension (802.11ax Table 27-46): the pre-FEC padding factor a
 * (1..4, how many quarters of the last symbol carry data) against the
 * receiver's nominal packet padding: 8 µs → 0, 0, 4, 8 µs; 16 µs → 4, 8, 12, 16 µs.
 */
export function hePacketExtensionNs(psduBytes: number, rate: PhyRate, nominalPaddingUs: 0 | 8 | 16): Ns {
  if (nominalPaddingUs === 0) return 0;
  const excess = (8 * psduBytes + SERVICE_BITS + TAIL_BITS) % vhtHeDataBits(rate);
  const a = excess === 0 ? 4 : Math.min(4, Math.ceil(excess / heShortDataBits(rate)));
  const us = nominalPaddingUs === 16 ? 4 * a : Math.max(0, 4 * (a - 2));
  return us * 1000;
}

export interface TxTimeOptions {
  /** HE: the receiver's nominal packet padding (µs); 0 without packet extension. */
  nominalPaddingUs?: 0 | 8 | 16;
}

/** TXTIME of a VHT or HE SU PPDU carrying `psduBytes`, in ns. */
export function vhtHeTxTimeNs(psduBytes: number, rate: PhyRate, opts: TxTimeOptions = {}): Ns {
  const nsym = dataSymbols(psduBytes, rate);
  const pre = preambleNs(rate);
  if (rate.mode === 'vht') {
    if (!rate.shortGi) return pre + nsym * 4000;
    // 4·⌈3.6·N_SYM / 4⌉ µs = 4000·⌈9·N_SYM / 10⌉ ns.
    return pre + 4000 * Math.ceil((9 * nsym) / 10);
  }
  return pre + nsym * symbolNs(rate) + hePacketExtensionNs(psduBytes, rate, opts.nominalPaddingUs ?? 0);
}

/** The PHY rate in bit/s (N_DBPS per symbol time). */
export function vhtHeRateBps(rate: PhyRate): number {
  return (vhtHeDataBits(rate) * 1e9) / symbolNs(rate);
}

/** Largest PSDU whose PPDU lasts at most `maxUs` (the TXTIME is monotonic in the length). */
export function maxPsduForTimeNs(rate: PhyRate, maxNs: Ns, opts: TxTimeOptions = {}): number {
  let hi = rate.mode === 'he' ? HE_MAX_AMPDU_BYTES : VHT_MAX_AMPDU_BYTES;
  if (vhtHeTxTimeNs(hi, rate, opts) <= maxNs) return hi;
  if (vhtHeTxTimeNs(1, rate, opts) > maxNs) return 0;
  let lo = 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (vhtHeTxTimeNs(mid, rate, opts) <= maxNs) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** MPDU delimiter in front of every A-MPDU subframe (VHT and HE send even one MPDU as an A-MPDU). */
export const DELIMITER_BYTES = 4;

/** Bytes an MPDU adds to an A-MPDU: delimiter + MPDU, padded to 4 octets unless it is the last. */
export function vhtSubframeBytes(mpduBytes: number, isLast: boolean): number {
  const len = DELIMITER_BYTES + mpduBytes;
  return isLast ? len : (len + 3) & ~3;
}

/** A-MSDU subframe header: DA 6, SA 6, length 2. */
export const AMSDU_SUBFRAME_HDR_BYTES = 14;
/** LLC/SNAP 8 in front of the IP packet inside each MSDU. */
const LLC_SNAP_BYTES = 8;
/** QoS data MAC header 26 + FCS 4 around the MPDU's body. */
const MPDU_HDR_FCS_BYTES = 26 + 4;

/** Bytes one IP packet adds to an A-MSDU (header, LLC/SNAP, packet, padded to 4 octets unless last). */
export function amsduSubframeBytes(ipBytes: number, isLast: boolean): number {
  const len = AMSDU_SUBFRAME_HDR_BYTES + LLC_SNAP_BYTES + ipBytes;
  return isLast ? len : (len + 3) & ~3;
}

/** MPDU length of an A-MSDU carrying `ipBytes` packets (one packet: a plain MPDU, no A-MSDU header). */
export function amsduMpduBytes(ipBytes: readonly number[]): number {
  let padded = 0;
  for (let i = 0; i < ipBytes.length - 1; i++) padded += amsduSubframeBytes(ipBytes[i], false);
  return amsduMpduBytesWith(padded, ipBytes.length, ipBytes[ipBytes.length - 1]);
}

/**
 * amsduMpduBytes of `count` packets given the padded subframes of all but
 * the last (`paddedBytes`, the sum of amsduSubframeBytes(ip, false)) and the
 * last one's IP bytes: an A-MSDU measured as it grows, one packet at a time.
 */
export function amsduMpduBytesWith(paddedBytes: number, count: number, lastIpBytes: number): number {
  if (count === 1) return MPDU_HDR_FCS_BYTES + LLC_SNAP_BYTES + lastIpBytes;
  return MPDU_HDR_FCS_BYTES + paddedBytes + amsduSubframeBytes(lastIpBytes, true);
}

/**
 * Compressed BlockAck frame: frame control 2, duration 2, RA 6, TA 6, BA
 * control 2, starting sequence control 2, bitmap (8 octets for a 64 window,
 * 32 for 256), FCS 4: 32 or 56 octets.
 */
export function blockAckBytes(window: number): number {
  return 2 + 2 + 6 + 6 + 2 + 2 + (window > 64 ? 32 : 8) + 4;
}
