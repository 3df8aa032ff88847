/**
 * Shared WiFi vocabulary: PHY rates, access categories, and the contract
 * between the shared medium (EDCA) and each transmitter on it.
 */
import type { Ns } from '../../engine/time';

/** A data rate as rate control would pick it. */
export interface PhyRate {
  mode: 'ht' | 'vht' | 'he' | 'legacy';
  /**
   * HT: 0..15 (8..15 two streams); VHT: 0..9 per stream; HE: 0..11 per stream;
   * legacy: the index into LEGACY_RATES_MBPS (mac80211's 2.4 GHz bitrate order).
   */
  mcs: number;
  /** Spatial streams (HT derives it from mcs; VHT and HE use this field). */
  nss: number;
  widthMHz: 20 | 40 | 80 | 160;
  /** HT/VHT: 400 ns guard interval instead of 800 (HE uses giNs). */
  shortGi: boolean;
  /** HE: the data symbols' guard interval, 800, 1600 or 3200 ns (default 800). */
  giNs?: 800 | 1600 | 3200;
  /** HE: HE-LTF size 1x, 2x or 4x (3.2, 6.4, 12.8 µs; default 2x, or 4x with a 3200 ns GI). */
  heLtf?: 1 | 2 | 4;
  /** Legacy DSSS/CCK (2, 5.5, 11 Mbit/s): the short PLCP preamble (802.11b 16.2.2.3). */
  shortPreamble?: boolean;
}

/** 802.11b DSSS/CCK then 802.11a/g OFDM rates in Mbit/s, in mac80211's 2.4 GHz bitrate order. */
export const LEGACY_RATES_MBPS: readonly number[] = [1, 2, 5.5, 11, 6, 9, 12, 18, 24, 36, 48, 54];

/** A legacy rate's Mbit/s, and whether it is DSSS/CCK (802.11b) rather than OFDM. */
export function legacyMbps(rate: PhyRate): number {
  const mbps = LEGACY_RATES_MBPS[rate.mcs];
  if (mbps === undefined) throw new Error(`legacy rate index ${rate.mcs}`);
  return mbps;
}
export const isDsss = (rate: PhyRate): boolean => rate.mode === 'legacy' && rate.mcs < 4;

/** WMM access categories in mac80211 order (IEEE80211_AC_VO = 0 … BK = 3). */
export const AC = { VO: 0, VI: 1, BE: 2, BK: 3 } as const;
export type Ac = (typeof AC)[keyof typeof AC];

/** 802.1d priority (skb->priority & 7) → TID → AC (ieee802_1d_to_ac). */
export const TID_TO_AC: readonly Ac[] = [2, 3, 3, 2, 1, 1, 0, 0];

/** Band decides SIFS and slot. */
export type Band = '2.4GHz' | '5GHz';

/** EDCA parameters of one AC (ieee80211_set_wmm_default). */
export interface EdcaParams {
  cwMin: number;
  cwMax: number;
  aifsn: number;
  txopUs: number;
}

/** What one TXOP on the air carried, reported to metrics and to tests. */
export interface TxopRecord {
  startNs: Ns;
  endNs: Ns;
  /** Transmitter node index. */
  node: number;
  /** Receiver node index (-1 for none). */
  peer: number;
  /** MPDUs in the A-MPDU (1 for a single frame). */
  nframes: number;
  bytes: number;
  collided: boolean;
}

/**
 * A transmitter on the shared medium (one per AC per node is fine, or one per
 * node). The medium runs EDCA backoff for each contender that has traffic.
 */
export interface Contender {
  readonly node: number;
  readonly edca: EdcaParams;
  /** True if it has a frame (aggregate) ready to go. */
  hasPending(): boolean;
  /**
   * Won the medium at nowNs: build/take the frame and return its total busy
   * time on the air (PPDU + SIFS + BlockAck/ACK), in ns, and what it carries.
   * The contender must not start a second TXOP before txopEnd.
   */
  startTxop(nowNs: Ns): { airtimeNs: Ns; record: TxopRecord };
  /**
   * The exchange ended at nowNs. `collided` means no BlockAck came back
   * (another contender transmitted in the same slot): every MPDU failed.
   */
  endTxop(nowNs: Ns, collided: boolean): void;
}
