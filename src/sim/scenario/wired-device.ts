/**
 * The wired sender's device: a physical NIC (ring, BQL, completion model) or
 * Xen netfront in front of netback and the physical NIC. Registers the
 * device as a bottleneck and its in-flight bytes as the driver layer.
 */
import { us } from '../engine/time';
import type { Cpu, CpuCosts } from '../model/cpu/cpu';
import type { DeliverFn, TxDriver } from '../model/nic/driver';
import { type WireDelivery, WiredNic } from '../model/nic/wired-nic';
import { XenNetfront } from '../model/nic/xen-netfront';
import type { Model } from './model';
import type { Scenario, WiredLinkConfig } from './scenario';

/**
 * How the wire into a router hands over a TSO skb's segments, by the
 * scenario's granularity, and as one train where the router's qdisc takes them.
 */
export function forwardedDelivery(sc: Scenario, routerTakesTrains = false): WireDelivery {
  if (sc.router?.ingressGro) return 'gso';
  if (sc.granularity === 'segment') return 'segments';
  return routerTakesTrains ? 'trains' : 'segments-together';
}

export function buildSenderDevice(
  m: Model,
  link: WiredLinkConfig,
  cpu: Cpu,
  costs: CpuCosts,
  /** A router receives packets of its own: the sender's skbs stay with its device until freed. */
  deliverAs: WireDelivery,
  deliver: DeliverFn,
): TxDriver {
  const sim = m.sim;
  if (link.xen) {
    const x = link.xen;
    const xen = new XenNetfront(
      sim,
      sim.rng.fork(11),
      {
        ringSlots: x.ringSlots,
        backendPerSkbNs: us(x.backendPerSkbUs),
        physRateBps: link.rateBps,
        physCompletion: x.physCompletion,
        propagationNs: us(link.propagationUs),
        deallocFixedNs: us(x.deallocFixedUs),
        deallocMeanExtraNs: us(x.deallocMeanExtraUs),
        deallocStallProb: x.deallocStallProb,
        deallocStallMeanNs: us(x.deallocStallMeanUs),
        evtchnNs: us(x.evtchnUs),
        deliverAs,
        cpu,
        perCompletionNs: costs.perCompletionNs,
      },
      deliver,
      m.freeFn,
    );
    m.addBottleneck(xen.phys);
    m.driverBytes = () => xen.inFlightBytes;
    return xen;
  }
  const nic = new WiredNic(
    sim,
    {
      rateBps: link.rateBps,
      propagationNs: us(link.propagationUs),
      ringSlots: link.ringSlots,
      bql: link.bql,
      completion: link.completion,
      deliverAs,
      cpu,
      perCompletionNs: costs.perCompletionNs,
    },
    deliver,
    m.freeFn,
  );
  m.addBottleneck(nic);
  m.driverBytes = () => nic.inflightBytes;
  return nic;
}
