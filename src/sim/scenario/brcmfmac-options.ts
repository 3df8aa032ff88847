/**
 * The BCM43455 model's options from a scenario's wifi section: the chip's
 * defaults (model/wifi/brcmfmac-config.ts) with the fields a scenario sets,
 * converted to the model's units.
 */
import { us } from '../engine/time';
import { brcmfmac43455Defaults, type BrcmfmacOptions } from '../model/wifi/brcmfmac/brcmfmac-config';
import type { WifiConfig } from './wifi-config';

/** Node 0 (the station) talking to node 1 (the AP); `w.brcmfmac` must be set (validation sees to it). */
export function brcmfmacOptions(w: WifiConfig): BrcmfmacOptions {
  const b = w.brcmfmac!;
  const d = brcmfmac43455Defaults(0, 1);
  return {
    ...d,
    band: w.band,
    fcMode: b.fcMode,
    rate: w.stations[0].rate,
    frameErrorRate: w.stations[0].frameErrorRate,
    initialCredits: b.initialCredits,
    creditBackBatch: b.creditBackBatch,
    bus: {
      ...d.bus,
      bytesPerSec: b.busBytesPerSec,
      perTransferOverheadNs: us(b.busTransferOverheadUs),
      maxPktsPerTransfer: b.busMaxPktsPerTransfer,
    },
    firmware: {
      ...d.firmware,
      queuePkts: b.firmwareQueuePkts,
      txStatusLatencyNs: us(b.firmwareTxStatusLatencyUs),
      txStatusBatch: b.firmwareTxStatusBatch,
      maxAmpduFrames: b.firmwareMaxAmpduFrames,
      maxAirtimeUs: b.firmwareMaxAirtimeUs,
    },
  };
}
