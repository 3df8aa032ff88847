/**
 * Wires a WiFi scenario on one shared medium. 'local': the WiFi device
 * (node 0) talks through its AP (node 1) to a wired host. 'ap': the AP
 * (node 0) serves stations 1..N, as in Flent's rtt_fair tests. Every radio is
 * a contender; ACKs and ping replies take airtime too. The parts: routing
 * (./wifi-net.ts), radios through the driver registry (./wifi-radios.ts),
 * the wired host (./wifi-wired.ts), the flows (./wifi-flows.ts), probes
 * (./wifi-probes.ts).
 */
import { Sim } from '../engine/sim';
import { Cpu, ZERO_COSTS } from '../model/cpu/cpu';
import { DevQueue } from '../model/nic/dev-queue';
import { createQdisc } from '../model/qdisc/index';
import { Medium } from '../model/wifi/medium/medium';
import { cpuCosts } from './cpu-costs';
import { ERAS } from './eras';
import { Model } from './model';
import { qdiscOptions } from './qdisc-options';
import type { Scenario } from './scenario';
import { addWifiFlows, senderSite } from './wifi-flows';
import { HOST_NODE, WifiNet } from './wifi-net';
import { registerWifiProbes } from './wifi-probes';
import { wifiTraceSites } from './skb-trace-sites';
import { buildMainRadio, buildPeerRadios, type RadioBuild } from './wifi-radios';
import { buildAnsweringHost, buildSendingHost } from './wifi-wired';
import { UdpProbes } from './udp-probes';

export { HOST_NODE };

export function buildWifi(sc: Scenario, seed: number, framesEnabled: boolean): Model {
  const w = sc.wifi!;
  const sim = new Sim(seed);
  const era = ERAS[sc.era];
  const cpu = new Cpu(sim);
  const costs = cpuCosts(sc);
  const m = new Model(sim, sc, era, cpu, framesEnabled);
  const medium = new Medium(sim, sim.rng.fork(3), {
    band: w.band,
    collisions: true,
    onTxop: (r) => m.air.onTxop(r),
  });
  const net = new WifiNet(sim, m, w);
  m.wifiRadios = net;
  const local = net.local;
  const nSta = local ? 1 : w.stations.length;
  const site = senderSite(w);
  net.apIsEndpoint = !local && site === 'device';

  // The main transmitter (node 0) and its netdev queue.
  const qdisc = createQdisc(sc.qdisc.kind, qdiscOptions(sc.qdisc, m.kernel), m.dropFn);
  m.addQdisc(qdisc, `${w.topology === 'ap' ? 'AP' : 'station'}: ${sc.qdisc.kind}`);
  const b: RadioBuild = { m, net, medium, w, era };
  const peers0 = local ? [1] : w.stations.map((_, i) => i + 1);
  const radio0 = buildMainRadio(b, peers0, site === 'device' && sc.cpu.enabled ? cpu : null, costs);
  if (radio0.setFcMode) m.setFcMode = (mode) => radio0.setFcMode!(mode, sim.nowNs);
  const dev0 = new DevQueue(sim, qdisc, radio0.netdev, {
    softwareGso: m.kernel.gsoAlwaysOn,
    sg: false,
    cpu: null,
    costs: ZERO_COSTS,
  });
  net.dev0 = dev0;
  // Other radios: the AP (local topology) or the stations (ap topology).
  buildPeerRadios(b, nSta, () => null, costs);

  // The wired side, then the flows between the hosts.
  let hostDev: DevQueue | null = null;
  if (site === 'device') buildAnsweringHost(m, net, sc);
  else hostDev = buildSendingHost(m, net, sc);
  if (site === 'device') {
    m.pingTargets = local ? [1] : w.stations.map((_, i) => i + 1);
    m.pingOut = (skb, now) => dev0.xmit(skb, now);
  } else {
    m.pingTargets = local ? [0] : w.stations.map((_, i) => i + 1);
    m.pingOut = (skb, now) => net.fromHost.send(skb, now);
  }
  // UDP probes leave where the pings do, for the first ping target (./udp-probes.ts).
  if (sc.udpProbes?.length) m.udpProbes = new UdpProbes(m, sc, m.pingOut, m.pingTargets[0]);
  const receivers = addWifiFlows({ m, net, sc, era, costs });
  net.receivers = receivers;
  m.receivers = receivers;
  stationAccounts(m, sc, nSta);
  m.airtimeBusy = () => (sim.nowNs > 0 ? medium.busyNs / sim.nowNs : 0);
  registerWifiProbes(m, net, dev0, w);
  wifiTraceSites(m, net, dev0, hostDev);
  m.start(0);
  return m;
}

/** Per station: its name, the bytes its flows delivered, and the airtime spent with it. */
function stationAccounts(m: Model, sc: Scenario, nSta: number): void {
  const w = sc.wifi!;
  const local = w.topology === 'local';
  m.stationNames = local ? [w.stations[0].name] : w.stations.map((s) => s.name);
  const perSta = sc.tcp.flows;
  m.stationBytes = local
    ? [() => m.deliveredBytes()]
    : Array.from({ length: nSta }, (_, s) => () => {
        let n = 0;
        for (let f = 0; f < perSta; f++) n += m.receivers[s * perSta + f]?.bytesInOrder ?? 0;
        return n;
      });
  m.stationAirtime = m.stationNames.map((_, i) => {
    const node = m.stationNode(i);
    return () => m.air.ns(0, node) + m.air.ns(node, 0);
  });
}
