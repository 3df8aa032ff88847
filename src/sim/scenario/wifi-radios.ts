/**
 * The radios of a WiFi scene, built through the driver registry
 * (model/wifi/drivers.ts): the main device (node 0) of `wifi.driver`, and
 * its peers — the AP ('local') or the stations ('ap') — of the same family
 * where it can play that part, ath9k otherwise (brcmfmac is modelled as a
 * station only). Each family gets its own block of the scenario.
 */
import type { Cpu, CpuCosts } from '../model/cpu/cpu';
import type { Mac80211Settings, WifiDriverContext, WifiRadio } from '../model/wifi/driver';
import { createRadio, WIFI_DRIVERS, type WifiDriverConfigs, type WifiDriverId } from '../model/wifi/drivers';
import { AQL_DEFAULTS } from '../model/wifi/mac80211/mac80211-options';
import type { Medium } from '../model/wifi/medium/medium';
import { isDsss, type PhyRate } from '../model/wifi/types';
import { linkLoss, type MpduLoss } from '../model/wifi/phy/link-error';
import { brcmfmacOptions } from './brcmfmac-options';
import type { EraProfile } from './eras';
import type { Model } from './model';
import type { WifiConfig } from './wifi-config';
import type { WifiNet } from './wifi-net';

/** What mac80211 of the era does, with the scenario's AQL and airtime-fairness switches. */
export function mac80211Settings(w: WifiConfig, era: EraProfile): Mac80211Settings {
  return {
    slowStationCodel: era.mac80211SlowStationCodel,
    airtimeFairness: w.airtimeFairness,
    airtimeDrr: era.mac80211AirtimeDrr,
    aql: w.aql ? (era.mac80211Aql ?? AQL_DEFAULTS) : null,
    txSkPacingShift: era.mac80211PacingShift,
    minstrel: era.mac80211Minstrel,
    aqlEstimate: era.mac80211AqlEstimate,
  };
}

/** Node `from` reaches node `to` at: the main device at stations[to − 1].rate, a peer back at its uplink rate. */
export function rateBetween(w: WifiConfig, from: number, to: number): PhyRate {
  if (from === 0) return w.stations[Math.max(0, to - 1)].rate;
  return w.stations[from - 1].uplinkRate;
}

/** The full-size MPDU loss of the link between the main device and the station at either end. */
export function ferBetween(w: WifiConfig, from: number, to: number): number {
  return w.stations[Math.max(0, (from === 0 ? to : from) - 1)].frameErrorRate;
}

/** The station at either end of the link between node `from` and node `to`. */
function stationOf(w: WifiConfig, from: number, to: number): WifiConfig['stations'][number] {
  return w.stations[Math.max(0, (from === 0 ? to : from) - 1)];
}

/** MPDU loss on that link: its SNR through the error-rate model, or its pinned frame error rate. */
export function lossBetween(w: WifiConfig, from: number, to: number): MpduLoss {
  const st = stationOf(w, from, to);
  return linkLoss(st.snrDb, st.frameErrorRate);
}

/** ERP protection: on 2.4 GHz with an 802.11b (DSSS-only) station in the BSS. */
export function needsErpProtection(w: WifiConfig): boolean {
  return w.band === '2.4GHz' && w.stations.some((s) => isDsss(s.rate) || isDsss(s.uplinkRate));
}

/** The scenario's configuration block of family `id` for one radio. */
function driverConfig<K extends WifiDriverId>(
  id: K,
  w: WifiConfig,
  era: EraProfile,
  main: boolean,
): WifiDriverConfigs[K] {
  const configs: { [F in WifiDriverId]: () => WifiDriverConfigs[F] } = {
    ath9k: () => ({
      queueing: main ? w.queueing : 'itxq',
      txStatusDelayUs: w.txStatusDelayUs,
      legacyMaxPending: w.legacyMaxPending,
      rotatingRoundRobin: era.ath9kRotatingRoundRobin,
      ownAirtime: era.ath9kOwnAirtime,
    }),
    brcmfmac: () => brcmfmacOptions(w),
    ath10k: () => ({ ...w.ath10k!, napiDelayUs: w.txStatusDelayUs }),
    mt76: () => ({ ...w.mt76!, napiDelayUs: w.txStatusDelayUs }),
  };
  return configs[id]() as WifiDriverConfigs[K];
}

export interface RadioBuild {
  m: Model;
  net: WifiNet;
  medium: Medium;
  w: WifiConfig;
  era: EraProfile;
}

function context(
  b: RadioBuild,
  node: number,
  peers: readonly number[],
  cpu: Cpu | null,
  costs: CpuCosts,
): WifiDriverContext {
  const { m, net, w } = b;
  return {
    sim: m.sim,
    medium: b.medium,
    node,
    peers,
    band: w.band,
    rateTo: (dst) => rateBetween(w, node, dst),
    frameErrorRate: (dst) => ferBetween(w, node, dst),
    loss: (dst) => lossBetween(w, node, dst),
    rateControl: (dst) => stationOf(w, node, dst).rateControl ?? 'fixed',
    erpProtection: needsErpProtection(w),
    mac80211: mac80211Settings(w, b.era),
    cpu,
    costs,
    hooks: {
      deliver: (skb, now) => net.airRx(node, skb, now),
      free: m.freeFn,
      drop: m.dropFn,
      onAggregate: (n, bytes, dst, now) => m.onAggregate(node, n, bytes, dst, now),
      receive: (txNode, skb, now) => net.toReorder(txNode, skb, now),
    },
    forkRng: (salt) => m.sim.rng.fork(salt),
  };
}

/** The main device (node 0); `cpu` when its host runs the scenario's TCP senders. */
export function buildMainRadio(
  b: RadioBuild,
  peers: readonly number[],
  cpu: Cpu | null,
  costs: CpuCosts,
): WifiRadio {
  const id = b.w.driver;
  const radio = createRadio(id, context(b, 0, peers, cpu, costs), driverConfig(id, b.w, b.era, true));
  b.net.radios[0] = radio;
  return radio;
}

/** The family the peers use: the main device's where it can be a peer, else ath9k. */
export function peerFamily(w: WifiConfig): WifiDriverId {
  return WIFI_DRIVERS[w.driver].canBePeer ? w.driver : 'ath9k';
}

/** Nodes 1..n: each talks to node 0. `cpuOf(node)` when a peer's host runs TCP senders. */
export function buildPeerRadios(
  b: RadioBuild,
  n: number,
  cpuOf: (node: number) => Cpu | null,
  costs: CpuCosts,
): void {
  const id = peerFamily(b.w);
  for (let node = 1; node <= n; node++) {
    const cpu = cpuOf(node);
    b.net.radios[node] = createRadio(
      id,
      context(b, node, [0], cpu, costs),
      driverConfig(id, b.w, b.era, false),
    );
  }
}
