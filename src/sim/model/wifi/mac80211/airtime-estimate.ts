/**
 * mac80211's airtime estimate for Airtime Queue Limits, as
 * ieee80211_tx_dequeue charges it: ieee80211_calc_expected_tx_airtime()
 * (net/mac80211/airtime.c) from the station's last TX rate, stored in 4 µs
 * units by ieee80211_info_set_tx_time_est() (include/net/mac80211.h: the
 * value is truncated to a multiple of 4, at most 4092; the 2022 proposal to
 * round it up, "mac80211: improve AQL tx time estimation", was not merged).
 *
 * airtime.c keeps, per MCS group, the duration of a 1024-byte packet in
 * 1/1024 µs (MCS_DURATION / HE_DURATION over its own bits-per-symbol
 * tables), shifted right by the group's GROUP_SHIFT to fit 16 bits. The
 * frame's length gets 38 bytes ("Ethernet header length") added. By era:
 * - 'v5.5' (the AQL merge, v5.5–v5.8): every frame is charged as if sent
 *   alone, its share of the duration plus the whole PPDU overhead
 *   36 + 4·Nss µs (ieee80211_calc_tx_airtime_rate → calc_rx_airtime); no
 *   VHT 160 MHz groups yet (8e280369b907, v5.9), so such a rate is charged 0;
 * - 'v5.9' (f01cfbaf9b29 "improve AQL aggregation estimation for low data
 *   rates" and 1f38b8c564b8 "extend AQL aggregation estimation to HE and fix
 *   unit mismatch", both v5.9; 3ff901cb5df1's flat A-MPDU of 16 from the
 *   same merge window never shipped): an aggregated (non-VO) frame is
 *   charged its share plus the overhead divided by 2^agg_shift, the
 *   aggregation the rate suggests, at least 4 µs.
 * Integer arithmetic throughout, as in C; the 160 MHz VHT group shift is
 * taken from 243 bits per symbol, as the kernel's table has it.
 */
import type { PhyRate } from '../types';

const AVG_PKT_SIZE = 1024;
const MCS_NBITS = AVG_PKT_SIZE << 3;

/** DIV_ROUND_UP(MCS_NBITS << 10, bps). */
const kSyms = (bps: number): number => Math.ceil((MCS_NBITS * 1024) / bps);

/** MCS_SYMBOL_TIME / HE_SYMBOL_TIME in 1/1024 µs. */
function symbolTime(rate: PhyRate, ksyms: number): number {
  if (rate.mode !== 'he') return rate.shortGi ? Math.floor((ksyms * 4 * 18) / 20) : ksyms * 4;
  const gi = rate.giNs ?? 800;
  if (gi === 800) return Math.floor((ksyms * 16 * 17) / 20);
  if (gi === 1600) return Math.floor((ksyms * 16 * 18) / 20);
  return ksyms * 16;
}

const W = { 20: 0, 40: 1, 80: 2, 160: 3 } as const;
/** Bits per symbol per stream by MCS, columns 20/40/80/160 MHz (airtime.c __MCS_GROUP, __VHT_GROUP, __HE_GROUP). */
const HT_BPS = [26, 52, 78, 104, 156, 208, 234, 260].map((b, i) => [
  b,
  [54, 108, 162, 216, 324, 432, 486, 540][i],
]);
const VHT_BPS = [
  [26, 54, 117, 234],
  [52, 108, 234, 468],
  [78, 162, 351, 702],
  [104, 216, 468, 936],
  [156, 324, 702, 1404],
  [208, 432, 936, 1872],
  [234, 486, 1053, 2106],
  [260, 540, 1170, 2340],
  [312, 648, 1404, 2808],
  [346, 720, 1560, 3120],
];
const HE_BPS = [
  [115, 230, 489, 979],
  [230, 475, 979, 1958],
  [345, 705, 1468, 2937],
  [475, 936, 1958, 3916],
  [705, 1411, 2937, 5875],
  [936, 1872, 3916, 7833],
  [1051, 2102, 4406, 8827],
  [1166, 2347, 4896, 9806],
  [1411, 2808, 5875, 11764],
  [1555, 3124, 6523, 13060],
  [1756, 3513, 7344, 14702],
  [1944, 3902, 8164, 16329],
];
/** The MCS 0 column the group shifts are computed from (VHT 160 MHz: 243, as in VHT_GROUP_SHIFT). */
const VHT_SHIFT_BPS = [26, 54, 117, 243];

/** GROUP_SHIFT(duration) = max(0, 16 − clz32(duration)). */
const groupShift = (d: number): number => Math.max(0, 16 - Math.clz32(d));

/** ieee80211_get_rate_duration(): the 1024-byte duration (1/1024 µs) as the table returns it. */
export function rateDuration(rate: PhyRate): number {
  const streams = rate.mode === 'ht' ? Math.floor(rate.mcs / 8) + 1 : rate.nss;
  const w = W[rate.widthMHz];
  let bps: number;
  let bps0: number;
  if (rate.mode === 'ht') {
    bps = HT_BPS[rate.mcs % 8][w];
    bps0 = HT_BPS[0][w];
  } else if (rate.mode === 'vht') {
    bps = VHT_BPS[rate.mcs][w];
    bps0 = VHT_SHIFT_BPS[w];
  } else {
    bps = HE_BPS[rate.mcs][w];
    bps0 = HE_BPS[0][w];
  }
  const shift = groupShift(symbolTime(rate, kSyms(streams * bps0)));
  const stored = symbolTime(rate, kSyms(streams * bps)) >> shift;
  return stored << shift;
}

/** Which ieee80211_calc_expected_tx_airtime (see the header). */
export type AqlEstimateForm = 'v5.5' | 'v5.9';

/** agg_shift of v5.9+: the A-MPDU size (2^shift) the rate's 1024-byte duration suggests. */
function aggShift(rate: PhyRate, duration: number): number {
  if (duration > 400 * 1024) return 1; // <= VHT20 MCS2 1S
  if (duration > 250 * 1024) return 2;
  if (duration > 150 * 1024) return 3;
  if (duration > 70 * 1024) return 4;
  if (rate.mode !== 'he' || duration > 20 * 1024) return 5;
  return 6;
}

/**
 * ieee80211_calc_expected_tx_airtime() for a queued frame of `skbLenBytes`
 * (the 802.11 frame, without FCS) to a station last sent to at `rate`, in
 * µs, as ieee80211_info_set_tx_time_est stores it (4 µs units, at most
 * 4092). `ampdu`: the frame's TXQ is not AC_VO (v5.9+ only).
 */
export function expectedTxAirtimeUs(
  rate: PhyRate,
  skbLenBytes: number,
  form: AqlEstimateForm = 'v5.9',
  ampdu = true,
): number {
  const len = skbLenBytes + 38; // "Ethernet header length"
  const streams = rate.mode === 'ht' ? Math.floor(rate.mcs / 8) + 1 : rate.nss;
  const overhead = 36 + (streams << 2);
  if (form === 'v5.5' && rate.mode === 'vht' && rate.widthMHz === 160) return 0;
  const duration = rateDuration(rate);
  const share = Math.floor(Math.floor((duration * len) / AVG_PKT_SIZE) / 1024);
  let us: number;
  if (form === 'v5.5' || !ampdu) us = share + overhead;
  else us = Math.max(share + (overhead >> aggShift(rate, duration)), 4);
  return (Math.min(us, 4095) >> 2) << 2;
}
