/**
 * The far side of a wired scenario: the host(s) that receive the flows and
 * answer pings, and the return path to the sender. Without tcp.perFlow there
 * is one host (node 1) and the return path takes the shared propagation
 * (link + router). With it, flow i's receiver is host i (node 1 + i) behind
 * a delay of its own, so that its base RTT is tcp.perFlow[i].rttUs (Flent's
 * rtt_fair tests: one netperf and one ping per host); pings go to every host.
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
  /** A receiver's ACK (or a reply) on its way back to the sender. */
  sendBack: (skb: Skb, nowNs: Ns) => void;
}

export function buildFarHosts(
  m: Model,
  sc: Scenario,
  toSender: (skb: Skb, nowNs: Ns) => void,
  toReceiver: (skb: Skb, nowNs: Ns) => void,
): FarHosts {
  const sim = m.sim;
  const shared = sharedOneWayUs(sc);
  const flows = sc.tcp.perFlow;
  if (!flows) {
    const back = new DelayLine(sim, us(shared), toSender);
    return {
      deliver: (skb, now) => {
        if (skb.kind === SkbKind.PING_REQ) back.send(pingReplyTo(skb), now);
        else toReceiver(skb, now);
      },
      sendBack: (skb, now) => back.send(skb, now),
    };
  }
  // Host i: its own delay beyond the shared path, each way.
  const backs: DelayLine[] = [];
  const arrive: DeliverFn[] = [];
  flows.forEach((_, i) => {
    const ownUs = Math.max(0, flowRttUs(sc, i) / 2 - shared);
    const back = new DelayLine(sim, us(shared + ownUs), toSender);
    const atHost: DeliverFn = (skb, now) => {
      if (skb.kind === SkbKind.PING_REQ) back.send(pingReplyTo(skb), now);
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
    sendBack: (skb, now) => backs[skb.kind === SkbKind.ACK ? skb.flowId : skb.src - 1].send(skb, now),
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
