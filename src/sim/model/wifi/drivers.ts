/**
 * The WiFi driver families, by the name a scenario gives in `wifi.driver`,
 * each with the type of its own configuration block. A new family is a
 * folder with a factory (./driver.ts) and a line in each of the two lists.
 */
import { ath10kDriver, type Ath10kDriverConfig } from './ath10k/ath10k-driver';
import { ath9kDriver, type Ath9kDriverConfig } from './ath9k/ath9k-driver';
import { brcmfmacDriver } from './brcmfmac/brcmfmac-driver';
import type { BrcmfmacOptions } from './brcmfmac/brcmfmac';
import type { WifiDriverFactory } from './driver';
import { mt76Driver, type Mt76DriverConfig } from './mt76/mt76-driver';

export interface WifiDriverConfigs {
  ath9k: Ath9kDriverConfig;
  brcmfmac: BrcmfmacOptions;
  ath10k: Ath10kDriverConfig;
  mt76: Mt76DriverConfig;
}

export type WifiDriverId = keyof WifiDriverConfigs;

export const WIFI_DRIVERS: { readonly [K in WifiDriverId]: WifiDriverFactory<WifiDriverConfigs[K]> } = {
  ath9k: ath9kDriver,
  brcmfmac: brcmfmacDriver,
  ath10k: ath10kDriver,
  mt76: mt76Driver,
};

/** Builds a radio of family `id` with its configuration. */
export function createRadio<K extends WifiDriverId>(
  id: K,
  ctx: Parameters<WifiDriverFactory['create']>[0],
  config: WifiDriverConfigs[K],
): ReturnType<WifiDriverFactory['create']> {
  return (WIFI_DRIVERS[id] as WifiDriverFactory<WifiDriverConfigs[K]>).create(ctx, config);
}
