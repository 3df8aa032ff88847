/**
 * The wired side of a WiFi scene: the host behind the AP. When it runs TCP
 * senders or pings (forwarded traffic), it has its own pfifo_fast and a
 * gigabit NIC (ring, BQL, prompt completion) whose skbs are freed at the wire,
 * as a real host's are; the AP then forwards fresh copies. When it only
 * answers (the device's own TCP), its replies and ACKs reach the AP after
 * the wired propagation delay.
 */
import { us } from '../engine/time';
import { ZERO_COSTS } from '../model/cpu/cpu';
import { DelayLine } from '../model/nic/delay-line';
import { DevQueue } from '../model/nic/dev-queue';
import { WiredNic } from '../model/nic/wired-nic';
import { createQdisc } from '../model/qdisc/index';
import type { Model } from './model';
import { qdiscOptions } from './qdisc-options';
import type { Scenario } from './scenario';
import type { WifiNet } from './wifi-net';

/** Into the AP (node `net.bridge`) from the wired side: frames for `dst` enter its radio's netdev. */
function intoBridge(net: WifiNet): (skb: import('../model/skb').Skb, now: number) => void {
  if (net.bridge === 0) return (skb, now) => net.dev0!.xmit(skb, now);
  return (skb, now) => {
    skb.dst = 0;
    net.radios[net.bridge].netdev.xmit(skb, now);
  };
}

/** A host that only answers: replies and ACKs cross the wire to the AP. Returns the DevQueue-less path. */
export function buildAnsweringHost(m: Model, net: WifiNet, sc: Scenario): void {
  const into = intoBridge(net);
  net.fromHost = new DelayLine(m.sim, us(sc.wifi!.wiredPropagationUs), (skb, now) => into(skb, now));
}

/** A host with its own qdisc and NIC: what it sends is freed at its NIC, then forwarded by the AP. */
export function buildSendingHost(m: Model, net: WifiNet, sc: Scenario): DevQueue {
  const w = sc.wifi!;
  const hostQ = createQdisc('pfifo_fast', qdiscOptions(sc.qdisc, m.kernel), m.dropFn);
  const nic = new WiredNic(
    m.sim,
    {
      rateBps: w.wiredRateBps,
      propagationNs: us(w.wiredPropagationUs),
      ringSlots: 256,
      bql: true,
      completion: { kind: 'immediate', delayNs: 5000 },
      deliverAs: 'segments',
      cpu: null,
      perCompletionNs: 0,
    },
    intoBridge(net),
    m.freeFn,
  );
  const hostDev = new DevQueue(m.sim, hostQ, nic, {
    softwareGso: false,
    sg: true,
    cpu: null,
    costs: ZERO_COSTS,
  });
  net.fromHost = { send: (skb, now) => hostDev.xmit(skb, now) };
  return hostDev;
}
