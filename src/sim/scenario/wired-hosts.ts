/**
 * The far side of a wired scenario: the host(s) that receive the flows and
 * answer pings, and the return path to the sender. Without tcp.perFlow there
 * is one host (node 1) and the return path takes the shared propagation
 * (link + router). With it, flow i's receiver is host i (node 1 + i) behind
 * a delay of its own, so that its base RTT is tcp.perFlow[i].rttUs (Flent's
 * rtt_fair tests: one netperf and one ping per host); pings go to every host.
 * The way back is a delay line, or with `router.down` a delay to the router
 * and its download queue (./wired-reverse.ts); a host whose flow is a
 * download sends everything through an egress of its own instead.
 */
import { NS_PER_SEC, type Ns, us } from '../engine/time';
import { DelayLine } from '../model/nic/delay-line';
import type { DeliverFn } from '../model/nic/driver';
import { pingReplyTo } from '../model/ping';
import { type Skb, SkbKind } from '../model/skb';
import { rateProbe } from './host-probes';
import type { Model } from './model';
import type { Scenario } from './scenario';

/** One-way propagation every flow shares: the sender's link and the router's bottleneck link. */
export const sharedOneWayUs = (sc: Scenario): number =>
  sc.link.propagationUs + (sc.router?.propagationUs ?? 0);

/** Flow i's base RTT (µs): its tcp.perFlow rttUs, or the shared path's. */
export const flowRttUs = (sc: Scenario, i: number): number =>
  sc.tcp.perFlow?.[i]?.rttUs ?? 2 * sharedOneWayUs(sc);

export interface FarHosts {
  /** Where the last hop delivers: the host the packet is for. */
  deliver: DeliverFn;
  /** A receiver's ACK (or a reply, or a download's data) on its way back to host 0. */
  sendBack: (skb: Skb, nowNs: Ns) => void;
}

/** How the far hosts reach host 0 (./wired-reverse.ts). */
export interface WayBack {
  /** The router's download queue (router.down); null: unqueued. */
  routerDown: DeliverFn | null;
  /** Host i's own egress, delivering after `propagationUs`, when it sends a download; else null. */
  egress: (host: number, propagationUs: number, deliver: DeliverFn) => DeliverFn | null;
}

/** Where host i's packets go and after how long: to the router's download queue, or to host 0 itself. */
function backFrom(sc: Scenario, way: WayBack, toSender: DeliverFn, ownUs: number) {
  return way.routerDown
    ? { delayUs: (sc.router?.propagationUs ?? 0) + ownUs, to: way.routerDown }
    : { delayUs: sharedOneWayUs(sc) + ownUs, to: toSender };
}

function hostBack(m: Model, sc: Scenario, way: WayBack, toSender: DeliverFn, i: number, ownUs: number) {
  const b = backFrom(sc, way, toSender, ownUs);
  const own = way.egress(i, b.delayUs, b.to);
  if (own) return own;
  const line = new DelayLine(m.sim, us(b.delayUs), b.to);
  return (skb: Skb, now: Ns) => line.send(skb, now);
}

export function buildFarHosts(
  m: Model,
  sc: Scenario,
  toSender: (skb: Skb, nowNs: Ns) => void,
  toReceiver: (skb: Skb, nowNs: Ns) => void,
  way: WayBack = { routerDown: null, egress: () => null },
): FarHosts {
  const sim = m.sim;
  const shared = sharedOneWayUs(sc);
  const flows = sc.tcp.perFlow;
  if (!flows) {
    const back = hostBack(m, sc, way, toSender, 0, 0);
    return {
      deliver: (skb, now) => {
        if (skb.kind === SkbKind.PING_REQ) back(pingReplyTo(skb), now);
        else toReceiver(skb, now);
      },
      sendBack: back,
    };
  }
  // Host i: its own delay beyond the shared path, each way.
  const backs: DeliverFn[] = [];
  const arrive: DeliverFn[] = [];
  flows.forEach((_, i) => {
    const ownUs = Math.max(0, flowRttUs(sc, i) / 2 - shared);
    const back = hostBack(m, sc, way, toSender, i, ownUs);
    const atHost: DeliverFn = (skb, now) => {
      if (skb.kind === SkbKind.PING_REQ) back(pingReplyTo(skb), now);
      else toReceiver(skb, now);
    };
    const fwd = ownUs > 0 ? new DelayLine(sim, us(ownUs), atHost) : null;
    backs.push(back);
    arrive.push(fwd ? (skb, now) => fwd.send(skb, now) : atHost);
  });
  m.pingTargets = flows.map((_, i) => 1 + i);
  m.stationNames = flows.map((f) => f.name);
  return {
    deliver: (skb, now) =>
      arrive[skb.kind === SkbKind.PING_REQ || skb.kind === SkbKind.UDP ? skb.dst - 1 : skb.flowId](skb, now),
    sendBack: (skb, now) => backs[skb.kind === SkbKind.ACK ? skb.flowId : skb.src - 1](skb, now),
  };
}

/** Per host: its goodput, and its flow's cwnd and srtt, as an AP's stations have (tcp.perFlow). */
export function registerHostProbes(m: Model): void {
  if (!m.scenario.tcp.perFlow) return;
  m.stationBytes = m.receivers.map((r) => () => r.bytesInOrder);
  m.stationNames.forEach((name, i) => {
    const s = m.senders[i];
    m.addProbe(
      { key: `tput.sta${i + 1}`, label: `goodput ${name} (100 ms)`, unit: 'bit/s', panel: 'throughput' },
      rateProbe(m, m.stationBytes[i], 8 * NS_PER_SEC),
    );
    m.addProbe(
      { key: `tcp.cwnd.sta${i + 1}`, label: `cwnd ${name}`, unit: 'pkts', panel: 'tcp' },
      () => s.snd_cwnd,
    );
    m.addProbe(
      { key: `tcp.srtt.sta${i + 1}`, label: `srtt ${name}`, unit: 'ms', panel: 'tcp' },
      () => s.srttNs / 1e6,
    );
  });
}
