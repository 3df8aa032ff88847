/**
 * The WiFi part of a scenario: topology, radios, rates and the driver and
 * mac80211 knobs. JSON-serialisable like the rest of the scenario.
 */
import type { Band, PhyRate } from '../model/wifi/types';

export interface WifiStationConfig {
  name: string;
  /** Rate the AP (or the local sender) uses to reach this station. */
  rate: PhyRate;
  /** Rate the station uses back (TCP ACKs, ping replies). */
  uplinkRate: PhyRate;
  /**
   * Loss probability of a full-size MPDU (1500-byte IP packet) at this rate
   * (0: clean channel); shorter MPDUs fail less often (model/wifi/mpdu-error.ts).
   */
  frameErrorRate: number;
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

export interface WifiConfig {
  /**
   * 'local': TCP runs on the WiFi device itself (TSQ applies) and sends to a
   * host beyond the peer AP. 'ap': a wired host sends through the AP to
   * stations (forwarded traffic: TSQ does not see the WiFi queues).
   */
  topology: 'local' | 'ap';
  band: Band;
  /** Transmitting device of the sender side. */
  driver: 'ath9k' | 'brcmfmac';
  /** ath9k: mac80211 intermediate TXQs, or the pre-2016 driver queues with the qdisc above. */
  queueing: 'itxq' | 'legacy';
  stations: WifiStationConfig[];
  /** Interrupt + tasklet time from the end of a BlockAck to TX status processing. */
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
  /** Flent-style ping to each station (ms between pings; 0: off). */
  pingIntervalMs: number;
}

export function ht(mcs: number, widthMHz: 20 | 40 = 20, shortGi = false): PhyRate {
  return { mode: 'ht', mcs, nss: Math.floor(mcs / 8) + 1, widthMHz, shortGi };
}

export function vht(mcs: number, nss: number, widthMHz: 20 | 40 | 80 | 160, shortGi: boolean): PhyRate {
  return { mode: 'vht', mcs, nss, widthMHz, shortGi };
}
