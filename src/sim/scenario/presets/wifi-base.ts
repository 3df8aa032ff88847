/** Starting points of the WiFi presets: a local sender on a station, or an AP, on ath9k or on an offload driver; peers at a fixed rate. */
import type { CpuPlatformId } from '../../model/cpu/platforms';
import type { PhyRate } from '../../model/wifi/types';
import { ht, type WifiStationConfig } from '../wifi-config';
import { wiredBase } from './wired-base';
import type { Scenario } from '../scenario';

/** A station sending TCP to a wired host behind its AP (one WiFi hop). */
export function wifiLocalBase(): Scenario {
  const sc = wiredBase();
  sc.title = 'WiFi station, local TCP';
  sc.era = '4.16';
  sc.durationMs = 6000;
  sc.warmupMs = 2000;
  sc.sampleIntervalUs = 2000;
  sc.tcp.cc = 'cubic';
  sc.qdisc.kind = 'fq_codel';
  sc.receiver.groWindowUs = 0;
  sc.pingIntervalMs = 100;
  sc.wifi = {
    topology: 'local',
    band: '5GHz',
    driver: 'ath9k',
    tcpSender: 'device',
    queueing: 'itxq',
    stations: [
      {
        name: 'AP',
        rate: ht(12, 40, true),
        uplinkRate: ht(12, 40, true),
        frameErrorRate: 0,
        snrDb: null,
        rateControl: 'fixed',
      },
    ],
    txStatusDelayUs: 50,
    // Off unless a preset names the chip (ath9k_hw_init_config: 250 / 700 µs before AR9300, 500 / 2000 after).
    rxIntrMitigationLastUs: 0,
    rxIntrMitigationFirstUs: 0,
    legacyMaxPending: 123,
    wiredRateBps: 1e9,
    wiredPropagationUs: 100,
    airtimeFairness: false,
    aql: false,
    brcmfmac: null,
    ath10k: null,
    mt76: null,
    pingIntervalMs: 100,
  };
  return sc;
}

/**
 * A Linux 6.6 sender on an 802.11ac/ax offload driver (ath10k, mt76), its
 * host's CPU modelled on `platform`, with AQL on: both drivers set
 * NL80211_EXT_FEATURE_AQL (ath10k_mac_register, mt76_register_device).
 */
export function wifiOffloadBase(driver: 'ath10k' | 'mt76', platform: CpuPlatformId): Scenario {
  const sc = wifiLocalBase();
  sc.era = '6.6';
  sc.cpu = { ...sc.cpu, enabled: true, platform };
  const w = sc.wifi!;
  w.driver = driver;
  w.aql = true;
  return sc;
}

/** A peer reached at `rate` and answering at the same rate, no rate control, losing `frameErrorRate` of full-size MPDUs. */
export function fixedRatePeer(name: string, rate: PhyRate, frameErrorRate: number): WifiStationConfig {
  return { name, rate, uplinkRate: { ...rate }, frameErrorRate, snrDb: null, rateControl: 'fixed' };
}
