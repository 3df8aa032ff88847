/**
 * minstrel_ht's rate groups (net/mac80211/rc80211_minstrel_ht.c, v4.14:
 * minstrel_mcs_groups[], MCS_GROUP, VHT_GROUP, MCS_DURATION, and the
 * supported masks of minstrel_ht_update_caps / minstrel_get_valid_vht_rates):
 * one group per (width, guard interval, streams) the peer supports, sorted
 * BW → SGI → streams as GROUP_IDX has it, each with the MCS it may use and
 * the time one average packet takes at each (1200 bytes in an A-MPDU of 16,
 * AVG_PKT_SIZE / AVG_AMPDU_SIZE). HE groups (mt76's MT7915 firmware and the
 * 5.x minstrel_ht that never got them) follow the same pattern over MCS
 * 0..11 with the peer's HE guard interval.
 */
import { dataBitsPerSymbol } from '../phy/phy';
import { symbolNs, vhtHeDataBits, vhtHeRateError } from '../phy/vht-he';
import type { PhyRate } from '../types';

/** AVG_PKT_SIZE × AVG_AMPDU_SIZE × 8 bits: MCS_NBITS. */
const MCS_NBITS = 1200 * 16 * 8;
const AVG_AMPDU_SIZE = 16;

export interface MinstrelGroup {
  streams: number;
  /** The rate of each MCS of the group (index = MCS within the group), null where not supported. */
  rates: (PhyRate | null)[];
  /** minstrel's duration[] in ns: the airtime of one average packet without overhead. */
  durationNs: number[];
}

/** MCS_DURATION(streams, sgi, bps): ceil(MCS_NBITS / bits per symbol) symbols, divided over AVG_AMPDU_SIZE. */
function mcsDurationNs(rate: PhyRate): number {
  if (rate.mode === 'he') {
    const syms = Math.ceil(MCS_NBITS / vhtHeDataBits(rate));
    return Math.trunc((syms * symbolNs(rate)) / AVG_AMPDU_SIZE);
  }
  const syms = Math.ceil(MCS_NBITS / dataBitsPerSymbol(rate));
  const ns = rate.shortGi ? Math.trunc((syms * 18000 + 4000) / 5) : syms * 4000;
  return Math.trunc(ns / AVG_AMPDU_SIZE);
}

function rateAt(
  cap: PhyRate,
  mcs: number,
  streams: number,
  width: PhyRate['widthMHz'],
  sgi: boolean,
): PhyRate | null {
  if (cap.mode === 'ht') {
    return { mode: 'ht', mcs: mcs + 8 * (streams - 1), nss: streams, widthMHz: width, shortGi: sgi };
  }
  const r: PhyRate = { ...cap, mcs, nss: streams, widthMHz: width, shortGi: sgi };
  return vhtHeRateError(r) === null ? r : null;
}

/**
 * The groups minstrel_ht keeps for a peer whose best rate is `cap`: widths
 * up to cap's, long GI and (when cap uses it) short GI, 1..cap's streams,
 * MCS up to the cap's own (HT: 0..7 per stream; VHT: the 0–7/0–8/0–9 map).
 */
export function minstrelGroups(cap: PhyRate): MinstrelGroup[] {
  if (cap.mode === 'legacy') throw new Error('minstrel_ht: a legacy station uses minstrel, not minstrel_ht');
  const maxStreams = cap.mode === 'ht' ? Math.floor(cap.mcs / 8) + 1 : cap.nss;
  const maxMcs = cap.mode === 'ht' ? 7 : cap.mcs;
  const perGroup = cap.mode === 'ht' ? 8 : cap.mode === 'vht' ? 10 : 12;
  const widths = ([20, 40, 80, 160] as const).filter(
    (w) => w <= cap.widthMHz && (cap.mode !== 'ht' || w <= 40),
  );
  const gis = cap.mode !== 'he' && cap.shortGi ? [false, true] : [false];
  const groups: MinstrelGroup[] = [];
  for (const w of widths)
    for (const sgi of gis)
      for (let s = 1; s <= maxStreams; s++) {
        const rates: (PhyRate | null)[] = [];
        const durationNs: number[] = [];
        for (let m = 0; m < perGroup; m++) {
          const r = m <= maxMcs ? rateAt(cap, m, s, w, sgi) : null;
          rates.push(r);
          durationNs.push(r === null ? 0 : mcsDurationNs(r));
        }
        if (rates.some((r) => r !== null)) groups.push({ streams: s, rates, durationNs });
      }
  return groups;
}

/**
 * ieee80211_frame_duration() for an OFDM frame of `len` bytes at `rate100k`
 * (100 kbit/s units) with ERP or on 5 GHz: 16 µs SIFS (+ signal extension),
 * 16 µs preamble, 4 µs SIGNAL, 4 µs per symbol of (16 + 8·(len + 4) + 6) bits.
 */
export function ofdmFrameDurationUs(len: number, rate100k: number): number {
  return 16 + 16 + 4 + 4 * Math.ceil(((16 + 8 * (len + 4) + 6) * 10) / (4 * rate100k));
}
