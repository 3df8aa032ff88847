/**
 * Occupancy, throughput and airtime probes of a WiFi model: the layers from
 * the socket to the air (qdisc, mac80211 TXQs, the main radio's own layers
 * as its driver publishes them, the air), per-station queues and flows.
 */
import type { DevQueue } from '../model/nic/dev-queue';
import { NS_PER_SEC } from '../engine/time';
import {
  addCommonProbes,
  addOccupancy,
  addSocketUnsent,
  addTotalGoodput,
  addTsqProbes,
  rateProbe,
} from './host-probes';
import type { Model } from './model';
import type { WifiConfig } from './wifi-config';
import { senderSite } from './wifi-flows';
import type { WifiNet } from './wifi-net';

/**
 * Drops the WiFi modules count themselves, one counter each: they free these
 * skbs without Model.dropFn (ath9k in legacy mode gives a frame up after its
 * retries; brcmfmac drops in the fws queue, on the bus and in the firmware;
 * the reorder buffer discards MPDUs that come after their hole was skipped;
 * its duplicates lose nothing). mac80211's drops
 * (fq overflow, CoDel, failed TX status) go through dropFn and are not here.
 */
export function wifiDrops(net: WifiNet): number {
  let n = net.reorderLate;
  for (const r of net.radios) if (r) n += r.ownDrops();
  return n;
}

export function registerWifiProbes(m: Model, net: WifiNet, dev0: DevQueue, w: WifiConfig): void {
  const occ = (key: string, label: string, order: number, read: () => number): void =>
    addOccupancy(m, key, label, order, read);
  const site = senderSite(w);
  // The socket layer is on the path drawn only where the device's own sockets send.
  if (site === 'device') addSocketUnsent(m);
  occ('occ.qdisc', `qdisc (${m.scenario.qdisc.kind})`, 1, () => dev0.qdisc.backlogBytes);
  const r0 = net.radios[0];
  const mac0 = r0.mac;
  if (mac0) occ('occ.txq', 'mac80211 TXQs', 2, () => mac0.backlogBytes());
  for (const l of r0.layers()) occ(l.key, l.label, l.order, l.read);
  occ('occ.air', 'on the air (sending radio)', 5, () => m.air.onAirBytes(m.sim.nowNs));
  for (const s of r0.series())
    m.addProbe({ key: s.key, label: s.label, unit: s.unit, panel: s.panel, role: s.role }, s.read);
  // An AP's stations: what waits below the qdisc for each (its mac80211 TXQs and
  // driver queues), so the queue a slow station builds shows.
  if (w.topology === 'ap' && m.stationNames.length > 1)
    m.stationNames.forEach((name, i) => {
      const node = m.stationNode(i);
      m.addProbe({ key: `occ.sta${i + 1}`, label: name, unit: 'B', panel: 'stations' }, () =>
        r0.queuedFor(node),
      );
    });
  if (m.senders.length > 0 && w.topology === 'local' && site === 'device') addCommonProbes(m, m.senders[0]);
  else addFlowProbes(m, site !== 'wired');
  addStationRates(m);
  addAirProbes(m);
}

/** The main radio's A-MPDU bytes per sample, and each station's share of the airtime (several stations). */
function addAirProbes(m: Model): void {
  m.addProbe(
    { key: 'agg.bytes', label: 'mean A-MPDU size (sending radio)', unit: 'B', panel: 'aggregates' },
    () => m.aggBytesMean.read(),
  );
  if (m.stationAirtime.length < 2) return;
  m.stationAirtime.forEach((read, i) => {
    const share = rateProbe(m, read, 1);
    m.addProbe(
      {
        key: `air.sta${i + 1}`,
        label: `airtime ${m.stationNames[i]} (100 ms)`,
        unit: 'fraction',
        panel: 'cpu',
      },
      (now) => Math.min(1, share(now)),
    );
  });
}

/** Several flows: the total goodput, then each flow's cwnd and srtt (and the first socket's TSQ where it is on a WiFi host). */
function addFlowProbes(m: Model, tsq: boolean): void {
  if (tsq && m.senders.length > 0) addTsqProbes(m, m.senders[0]);
  // An AP: the total over its stations, beside each station's own series below.
  addTotalGoodput(m);
  // Each station's flow: whose cwnd collapses and whose RTT grows is what tells the queueing modes apart.
  const name = (i: number) => flowName(m, i);
  m.senders.forEach((s, i) =>
    m.addProbe(
      { key: `tcp.cwnd.sta${i + 1}`, label: `cwnd ${name(i)}`, unit: 'pkts', panel: 'tcp' },
      () => s.snd_cwnd,
    ),
  );
  m.senders.forEach((s, i) =>
    m.addProbe(
      { key: `tcp.srtt.sta${i + 1}`, label: `srtt ${name(i)}`, unit: 'ms', panel: 'tcp' },
      () => s.srttNs / 1e6,
    ),
  );
}

/** A flow's label: its station's name, numbered when a station has several flows. */
function flowName(m: Model, i: number): string {
  const perSta = Math.max(1, Math.round(m.senders.length / Math.max(1, m.stationNames.length)));
  const sta = m.stationNames[Math.floor(i / perSta)] ?? `flow ${i + 1}`;
  return perSta > 1 ? `${sta} #${(i % perSta) + 1}` : sta;
}

/** Per-station goodput (when there is more than the one station the total already is) and the channel's busy time. */
function addStationRates(m: Model): void {
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
  // The medium's busy time as it passes (a collision's overlapping TXOPs once), not the TXOP
  // records, which charge a TXOP's whole airtime when it starts.
  const airBusy = rateProbe(m, () => m.airtimeBusy() * m.sim.nowNs, 1);
  m.addProbe({ key: 'air.busy', label: 'channel busy (100 ms)', unit: 'fraction', panel: 'cpu' }, (now) =>
    Math.min(1, airBusy(now)),
  );
}
