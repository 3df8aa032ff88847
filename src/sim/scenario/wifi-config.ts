/**
 * The WiFi part of a scenario: topology, radios, rates and the driver and
 * mac80211 knobs. JSON-serialisable like the rest of the scenario.
 */
import type { Ath10kChip } from '../model/wifi/ath10k/ath10k-options';
import type { WifiDriverId } from '../model/wifi/drivers';
import type { Mt76Chip } from '../model/wifi/mt76/mt76-options';
import { LEGACY_RATES_MBPS, type Band, type PhyRate } from '../model/wifi/types';

export interface WifiStationConfig {
  name: string;
  /** Rate the AP (or the local sender) uses to reach this station. */
  rate: PhyRate;
  /** Rate the station uses back (TCP ACKs, ping replies). */
  uplinkRate: PhyRate;
  /**
   * Loss probability of a full-size MPDU (1500-byte IP packet) at this rate
   * (0: clean channel); shorter MPDUs fail less often (model/wifi/mpdu-error.ts).
   * Pinned: used only where snrDb is absent or null.
   */
  frameErrorRate: number;
  /**
   * The link's SNR in a 20 MHz channel (dB), both ways: MPDU loss then comes
   * from the NIST error-rate model by rate, width, streams and length
   * (model/wifi/phy/link-error.ts). Absent or null: frameErrorRate.
   */
  snrDb?: number | null;
  /**
   * 'minstrel_ht': rate control picks each frame's rates at or below `rate`
   * and `uplinkRate` (their MCS, streams, width and guard interval are the
   * pair's capabilities); 'fixed' (the default): those rates are used as given.
   */
  rateControl?: 'fixed' | 'minstrel_ht';
}

export interface BrcmfmacConfig {
  fcMode: 0 | 1 | 2;
  initialCredits: [number, number, number, number];
  creditBackBatch: number;
  busBytesPerSec: number;
  busTransferOverheadUs: number;
  busMaxPktsPerTransfer: number;
  firmwareQueuePkts: number;
  firmwareTxStatusLatencyUs: number;
  firmwareTxStatusBatch: number;
  firmwareMaxAmpduFrames: number;
  firmwareMaxAirtimeUs: number;
}

/** ath10k: the chip (its firmware branch sets the HTT limits) and what the closed firmware does not tell. */
export interface Ath10kConfig {
  chip: Ath10kChip;
  /** BlockAck to the HTT tx_compl indication leaving the firmware (an assumption: no source gives it). */
  fwTxComplDelayUs: number;
  /** The peer's maximum A-MPDU length and MPDU length (its VHT capabilities). */
  peerMaxAmpduBytes: number;
  peerMaxMpduBytes: number;
}

/** mt76: the chip and the WA firmware's TX-free latency (an assumption). */
export interface Mt76Config {
  chip: Mt76Chip;
  /** BlockAck to the TX-free event reaching the host. */
  txFreeDelayUs: number;
  /** mt76_worker_schedule to the TX worker running (kthread wake-up). */
  workerDelayUs: number;
  /** The peer's maximum A-MPDU length (its HE capabilities). */
  peerMaxAmpduBytes: number;
}

/**
 * Where the TCP senders run: the main device itself ('device': TSQ and
 * mac80211's sk_pacing_shift_update apply to its sockets), the wired host
 * behind the AP ('wired': the AP forwards), or every station of an AP
 * ('stations': uploads to the wired host).
 */
export type TcpSenderSite = 'device' | 'wired' | 'stations';

export interface WifiConfig {
  /**
   * 'local': TCP runs on the WiFi device itself (TSQ applies) and sends to a
   * host beyond the peer AP. 'ap': a wired host sends through the AP to
   * stations (forwarded traffic: TSQ does not see the WiFi queues).
   */
  topology: 'local' | 'ap';
  band: Band;
  /** The main device's driver family (model/wifi/drivers.ts). */
  driver: WifiDriverId;
  /** Where the TCP senders run ('local': device = upload, wired = download; 'ap': wired = forwarded, device = the AP's own TCP, stations = uploads). */
  tcpSender: TcpSenderSite;
  /** ath9k: mac80211 intermediate TXQs, or the pre-2016 driver queues with the qdisc above. */
  queueing: 'itxq' | 'legacy';
  stations: WifiStationConfig[];
  /**
   * Interrupt + tasklet time from the end of a BlockAck to TX status
   * processing (ath9k); for ath10k and mt76, from the firmware's completion
   * message to the NAPI poll that frees the frames.
   */
  txStatusDelayUs: number;
  /**
   * ath9k RX interrupt mitigation (AR_RIMT): the RX interrupt fires this long
   * after the last received frame (0: every frame interrupts at once)...
   */
  rxIntrMitigationLastUs: number;
  /** ...or this long after the first unreported frame, whichever is earlier. */
  rxIntrMitigationFirstUs: number;
  /** ath9k txq_max_pending (legacy mode). */
  legacyMaxPending: number;
  /** Wired hop between the AP and the wired host. */
  wiredRateBps: number;
  wiredPropagationUs: number;
  /** mac80211 knobs (defaults from the era). */
  airtimeFairness: boolean;
  aql: boolean;
  brcmfmac: BrcmfmacConfig | null;
  ath10k: Ath10kConfig | null;
  mt76: Mt76Config | null;
  /** Flent-style ping to each station (ms between pings; 0: off). */
  pingIntervalMs: number;
}

export function ht(mcs: number, widthMHz: 20 | 40 = 20, shortGi = false): PhyRate {
  return { mode: 'ht', mcs, nss: Math.floor(mcs / 8) + 1, widthMHz, shortGi };
}

/** An 802.11a/b/g rate in Mbit/s (1, 2, 5.5, 11 DSSS/CCK; 6…54 OFDM). */
export function legacy(mbps: number, shortPreamble = false): PhyRate {
  const mcs = LEGACY_RATES_MBPS.indexOf(mbps);
  if (mcs < 0) throw new Error(`${mbps} Mbit/s is not an 802.11a/b/g rate`);
  return mcs < 4 && mbps !== 1 && shortPreamble
    ? { mode: 'legacy', mcs, nss: 1, widthMHz: 20, shortGi: false, shortPreamble: true }
    : { mode: 'legacy', mcs, nss: 1, widthMHz: 20, shortGi: false };
}

export function vht(mcs: number, nss: number, widthMHz: 20 | 40 | 80 | 160, shortGi: boolean): PhyRate {
  return { mode: 'vht', mcs, nss, widthMHz, shortGi };
}

export function he(
  mcs: number,
  nss: number,
  widthMHz: 20 | 40 | 80 | 160,
  giNs: 800 | 1600 | 3200 = 800,
  heLtf: 1 | 2 | 4 = giNs === 3200 ? 4 : 2,
): PhyRate {
  return { mode: 'he', mcs, nss, widthMHz, shortGi: false, giNs, heLtf };
}
