/**
 * Occupancy, throughput and airtime probes of a WiFi model: the layers from
 * the socket to the air (qdisc, mac80211 TXQs, driver/hardware queue,
 * brcmfmac fws queue + hanger + bus + firmware).
 */
import type { DevQueue } from '../model/nic/dev-queue';
import type { Ath9k } from '../model/wifi/ath9k/ath9k';
import type { Brcmfmac } from '../model/wifi/brcmfmac/brcmfmac';
import type { Mac80211 } from '../model/wifi/mac80211/mac80211-txq';
import type { RxReorder } from '../model/wifi/mac80211/rx-reorder';
import { NS_PER_SEC } from '../engine/time';
import { addCommonProbes, addTotalGoodput, addOccupancy, addSocketUnsent, rateProbe } from './host-probes';
import type { Model } from './model';
import type { WifiConfig } from './wifi-config';

export interface WifiRadios {
  macs: (Mac80211 | undefined)[];
  ath9k: (Ath9k | undefined)[];
  brcm: Brcmfmac | null;
  /** The receivers' reorder buffers (one instance serves every receiving radio). */
  reorder: RxReorder;
}

/**
 * Drops the WiFi modules count themselves, one counter each: they free these
 * skbs without Model.dropFn (ath9k in legacy mode gives a frame up after its
 * retries; brcmfmac drops in the fws queue, on the bus and in the firmware;
 * the reorder buffer discards MPDUs that come after their hole was skipped;
 * its duplicates lose nothing). mac80211's drops
 * (fq overflow, CoDel, failed TX status) go through dropFn and are not here.
 */
export function wifiDrops(r: WifiRadios): number {
  let n = r.reorder.late + (r.brcm?.stats.dropped ?? 0);
  for (const a of r.ath9k) if (a) n += a.stats.legacyDrops;
  return n;
}

export function registerWifiProbes(m: Model, r: WifiRadios, dev0: DevQueue, w: WifiConfig): void {
  const occ = (key: string, label: string, order: number, read: () => number): void =>
    addOccupancy(m, key, label, order, read);
  if (w.topology === 'local') addSocketUnsent(m);
  occ('occ.qdisc', `qdisc (${m.scenario.qdisc.kind})`, 1, () => dev0.qdisc.backlogBytes);
  const mac0 = r.macs[0];
  if (mac0) occ('occ.txq', 'mac80211 TXQs', 2, () => mac0.backlogBytes());
  const ath0 = r.ath9k[0];
  if (ath0) occ('occ.driver', 'ath9k: TID + retry + HW queue', 3, () => ath0.driverQueueBytes());
  const b = r.brcm;
  if (b) {
    // A partition of the hanger's skbs and the dongle's packets: each byte in one layer.
    occ('occ.driver', 'fws queue + SDIO bus', 3, () => b.hostQueuedBytes());
    occ('occ.dongle', 'dongle (queued, retrying)', 4, () => b.dongleBytes());
    occ('occ.hanger', 'hanger: TX status on its way back', 6, () => b.statusPendingBytes());
  }
  occ('occ.air', 'on the air (sending radio)', 5, () => m.onAirBytes(m.sim.nowNs));
  // An AP's stations: what waits below the qdisc for each (its mac80211 TXQs and
  // driver queues), so the queue a slow station builds shows.
  if (w.topology === 'ap' && m.stationNames.length > 1)
    m.stationNames.forEach((name, i) => {
      const node = m.stationNode(i);
      m.addProbe(
        { key: `occ.sta${i + 1}`, label: name, unit: 'B', panel: 'stations' },
        () => (mac0?.backlogBytes(node) ?? 0) + (ath0?.bytesFor(node) ?? 0),
      );
    });
  if (m.senders.length > 0 && w.topology === 'local') addCommonProbes(m, m.senders[0]);
  else {
    // An AP: the total over its stations, beside each station's own series below.
    addTotalGoodput(m);
    // Each station's flow: whose cwnd collapses and whose RTT grows is what tells the queueing modes apart.
    m.senders.forEach((s, i) =>
      m.addProbe(
        { key: `tcp.cwnd.sta${i + 1}`, label: `cwnd ${m.stationNames[i]}`, unit: 'pkts', panel: 'tcp' },
        () => s.snd_cwnd,
      ),
    );
    m.senders.forEach((s, i) =>
      m.addProbe(
        { key: `tcp.srtt.sta${i + 1}`, label: `srtt ${m.stationNames[i]}`, unit: 'ms', panel: 'tcp' },
        () => s.srttNs / 1e6,
      ),
    );
  }
  // Per-station goodput, when there is more than the one station the total already is.
  if (m.stationBytes.length > 1)
    m.stationBytes.forEach((read, i) =>
      m.addProbe(
        {
          key: `tput.sta${i + 1}`,
          label: `goodput ${m.stationNames[i]} (100 ms)`,
          unit: 'bit/s',
          panel: 'throughput',
        },
        rateProbe(m, read, 8 * NS_PER_SEC),
      ),
    );
  const airBusy = rateProbe(m, () => m.airtimeBusyNs(), 1);
  m.addProbe({ key: 'air.busy', label: 'channel busy (100 ms)', unit: 'fraction', panel: 'cpu' }, (now) =>
    Math.min(1, airBusy(now)),
  );
}
