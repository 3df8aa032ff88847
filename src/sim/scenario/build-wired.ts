/**
 * Wires a wired scenario: bulk TCP senders on one host → qdisc → NIC (or Xen
 * netfront) → [router → bottleneck] → receivers, with ACKs returning over the
 * propagation delay and through the sender NIC's RX interrupt coalescing.
 * With tcp.perFlow each flow's receiver is a host of its own behind a delay
 * of its own (./wired-hosts.ts); a flow with `direction: 'down'` runs the
 * other way, its sender on that host behind an egress of its own and its
 * receiver on host 0, and `router.down` queues the way back
 * (./wired-reverse.ts). Registers the probes the explorer and summaries
 * read. The pieces: ./wired-device.ts, ./wired-router.ts, ./wired-flows.ts,
 * ./wired-hosts.ts, ./wired-reverse.ts.
 */
import { Sim } from '../engine/sim';
import { NS_PER_SEC } from '../engine/time';
import { Cpu } from '../model/cpu/cpu';
import { DevQueue } from '../model/nic/dev-queue';
import { RxCoalesce } from '../model/nic/rx-coalesce';
import { SkbKind } from '../model/skb';
import type { TcpReceiver } from '../model/tcp/receiver';
import { cpuCosts } from './cpu-costs';
import { ERAS } from './eras';
import { registerWiredProbes } from './host-probes';
import { Model } from './model';
import type { Scenario } from './scenario';
import { buildSenderDevice, forwardedDelivery } from './wired-device';
import { addWiredFlows } from './wired-flows';
import { UdpFlows } from './udp-flows';
import { UdpProbes, udpArrive } from './udp-probes';
import { buildFarHosts, registerHostProbes } from './wired-hosts';
import { buildRouter } from './wired-router';
import { buildWayBack } from './wired-reverse';
import { wiredTraceSites } from './skb-trace-sites';
import { XenNetfront } from '../model/nic/xen-netfront';
import { buildInterfaceQdisc, interfaceQdiscName } from './wired-qdisc';

/**
 * What TCP builds for the device: TSO needs SG (netdev_fix_features drops TSO
 * without it); with SG but no TSO the stack segments GSO skbs of page frags in
 * software; without SG TCP sends 1-MSS skbs, unless GSO is always on (4.17+),
 * when dev_queue_xmit copies the GSO skb into linear segments.
 */
export function wiredGsoMode(sg: boolean, tso: boolean, gsoAlwaysOn: boolean): 'tso' | 'gso' | 'mss' {
  if (sg) return tso ? 'tso' : 'gso';
  return gsoAlwaysOn ? 'gso' : 'mss';
}

export function buildWired(sc: Scenario, seed: number, framesEnabled: boolean): Model {
  const sim = new Sim(seed);
  const era = ERAS[sc.era];
  const costs = cpuCosts(sc);
  const cpu = new Cpu(sim);
  const m = new Model(sim, sc, era, cpu, framesEnabled);

  // Which flows run from the far host to host 0 (tcp.perFlow.N.direction).
  const down = (sc.tcp.perFlow ?? []).map((f) => f.direction === 'down');
  const gsoMode = wiredGsoMode(sc.link.sg, sc.link.tso, m.kernel.gsoAlwaysOn);
  // What reaches the sender's NIC passes its RX interrupt coalescing on the way up.
  let receivers: TcpReceiver[] = [];
  const rxIrq = new RxCoalesce(sim, sc.link.rxCoalesce, (skb, now) => {
    if (skb.kind === SkbKind.PING_REPLY) m.pingReply(skb);
    else if (skb.kind === SkbKind.UDP) m.udpProbes?.clientReceive(skb, now);
    else if (down[skb.flowId]) receivers[skb.flowId].receive(skb, now);
    else m.senders[skb.flowId].receiveAck(skb);
  });
  // The way back: the router's download queue, a downloading host's own egress (./wired-reverse.ts).
  const back = buildWayBack(m, sc, costs, gsoMode, (skb, now) => rxIrq.receive(skb, now));
  // Far end: the receivers' host(s) (or a download's sender), and ping replies.
  const hosts = buildFarHosts(
    m,
    sc,
    (skb, now) => rxIrq.receive(skb, now),
    (skb, now) => {
      if (skb.kind === SkbKind.UDP) udpArrive(m, skb, now, hosts.sendBack);
      else if (down[skb.flowId]) m.senders[skb.flowId].receiveAck(skb);
      else receivers[skb.flowId].receive(skb, now);
    },
    back.way,
  );
  const farEnd = hosts.deliver;

  const k = m.kernel;
  // With one shared path (no tcp.perFlow) the far end hands data straight to receivers.
  const groReceiversOnly = !sc.tcp.perFlow && sc.receiver.groWindowUs > 0;
  const router = sc.router ? buildRouter(m, sc.router, k, farEnd, sc.granularity, groReceiversOnly) : null;
  const driver = buildSenderDevice(
    m,
    sc.link,
    cpu,
    costs,
    router ? forwardedDelivery(sc, router.trains) : 'train',
    router ? router.deliver : farEnd,
  );
  const qdisc = buildInterfaceQdisc(m, sc.qdisc, sc.shaper, k, sc.link.sg, 'sender');
  const dev = new DevQueue(sim, qdisc, driver, {
    softwareGso: gsoMode === 'gso',
    sg: sc.link.sg,
    cpu,
    costs,
  });
  m.addQdisc(qdisc, interfaceQdiscName('sender', sc.qdisc, sc.shaper));
  if (router && sc.router)
    m.addQdisc(router.qdisc, interfaceQdiscName('router', sc.router.qdisc, sc.router.shaper));
  back.registerQdisc();
  m.pingOut = (skb, now) => dev.xmit(skb, now);

  receivers = addWiredFlows(m, sc, era, k, costs, gsoMode, {
    hostCpu: cpu,
    farCpu: (i) => back.farCpu(i) ?? cpu,
    hostXmit: (skb, now) => dev.xmit(skb, now),
    farXmit: (skb, now) => hosts.sendBack(skb, now),
  });
  m.receivers = receivers;
  // UDP senders on the same host, through the same qdisc and NIC (./udp-flows.ts).
  if (sc.udpFlows?.length) m.udp = new UdpFlows(m, sc, (skb, now) => dev.xmit(skb, now));
  if (sc.udpProbes?.length) m.udpProbes = new UdpProbes(m, sc, (skb, now) => dev.xmit(skb, now));
  registerWiredProbes(m, dev);
  wiredTraceSites(m, dev, driver, driver instanceof XenNetfront ? driver : null);
  registerHostProbes(m);
  m.start(NS_PER_SEC / 1e6);
  return m;
}
