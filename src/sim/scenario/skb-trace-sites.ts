/**
 * The per-skb probe's sites in a built model — each layer a traced skb
 * passes, with the occupancy series that counts it after a hop there — and
 * turning the probe on or off (../metrics/skb-tracer.ts).
 */
import type { SkbTraceSite } from '../api';
import { SkbTracer, type SiteSpec, type SkbTraceOptions } from '../metrics/skb-tracer';
import type { DevQueue } from '../model/nic/dev-queue';
import type { TxDriver } from '../model/nic/driver';
import type { XenNetfront } from '../model/nic/xen-netfront';
import { Hop } from '../model/skb-trace';
import type { Model } from './model';
import type { WifiNet } from './wifi-net';

/** The sockets, the receivers and the free that runs tcp_wfree (`afterFree`: what counts the data then). */
function commonSites(m: Model, afterFree: string | null): void {
  m.senders.forEach((s, i) =>
    m.traceSite(s, { label: m.senders.length > 1 ? `TCP flow ${i}` : 'TCP socket', series: null }),
  );
  m.receivers.forEach((r, i) =>
    m.traceSite(r, { label: m.receivers.length > 1 ? `TCP receiver ${i}` : 'TCP receiver', series: null }),
  );
  m.traceSite(m, { label: 'kfree_skb', series: null, byKind: { [Hop.TX_DONE]: afterFree } });
}

/** The sender's (or AP's) qdisc: it holds the skb from enqueue to dequeue. */
function qdiscSite(m: Model, series: string): SiteSpec {
  return { label: `qdisc (${m.scenario.qdisc.kind})`, series, byKind: { [Hop.QDISC_DEQ]: null } };
}

/** A wired sender: qdisc, software GSO, NIC ring or netfront (and dom0's NIC), then beyond the host. */
export function wiredTraceSites(m: Model, dev: DevQueue, driver: TxDriver, xen: XenNetfront | null): void {
  m.traceSite(dev.qdisc, qdiscSite(m, 'occ.qdisc'));
  m.traceSite(dev, { label: 'software GSO', series: null });
  m.traceSite(driver, { label: xen ? 'netfront + backend' : 'NIC ring', series: 'occ.driver' });
  if (xen) m.traceSite(xen.phys, { label: 'dom0 NIC', series: 'occ.driver' });
  // After TX completion the data is past the host until it is acknowledged.
  commonSites(m, 'occ.wire');
}

/** A WiFi transmitter (node 0) and, at an AP, the wired host in front of it. */
export function wifiTraceSites(m: Model, net: WifiNet, dev0: DevQueue, hostDev: DevQueue | null): void {
  if (hostDev) {
    m.traceSite(hostDev.qdisc, { label: 'host qdisc (pfifo_fast)', series: null });
    m.traceSite(hostDev.driver, { label: 'host NIC and wire', series: null });
  }
  m.traceSite(dev0.qdisc, qdiscSite(m, 'occ.qdisc'));
  m.traceSite(dev0, { label: 'software GSO', series: null });
  const r0 = net.radios[0];
  if (r0.mac) m.traceSite(r0.netdev, { label: 'mac80211 TXQs', series: 'occ.txq' });
  for (const s of r0.traceSites?.() ?? [])
    m.traceSite(s.obj, { label: s.label, series: s.series, byKind: s.byKind });
  commonSites(m, null);
}

/** Turns the probe on (or reconfigures it) or off; returns the sites (empty when off). */
export function enableSkbTrace(m: Model, opts: SkbTraceOptions | null): SkbTraceSite[] {
  if (opts === null) {
    for (const s of m.senders) s.sampler = null;
    return [];
  }
  m.skbTracer ??= new SkbTracer(m.traceSites);
  m.skbTracer.configure(opts);
  for (const s of m.senders) s.sampler = m.skbTracer;
  return m.skbTracer.siteTable();
}
