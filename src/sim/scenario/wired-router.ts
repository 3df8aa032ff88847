/**
 * The router of a wired scenario: it forwards the sender's packets into its
 * own qdisc and bottleneck NIC (ip_forward → dev_queue_xmit → the egress
 * device), so the queue of a slower second link lives here.
 */
import { us } from '../engine/time';
import { ZERO_COSTS } from '../model/cpu/cpu';
import { DevQueue } from '../model/nic/dev-queue';
import type { DeliverFn } from '../model/nic/driver';
import { WiredNic } from '../model/nic/wired-nic';
import { createQdisc } from '../model/qdisc/index';
import type { Qdisc } from '../model/qdisc/qdisc';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import type { Model } from './model';
import { qdiscOptions } from './qdisc-options';
import type { RouterConfig } from './scenario';

/** Builds the router; returns where the first hop delivers and the router's qdisc. */
export function buildRouter(
  m: Model,
  r: RouterConfig,
  kernel: KernelFeatures,
  farEnd: DeliverFn,
): { deliver: DeliverFn; qdisc: Qdisc } {
  const sim = m.sim;
  const qdisc = createQdisc(r.qdisc.kind, qdiscOptions(r.qdisc, kernel), m.dropFn);
  const nic = new WiredNic(
    sim,
    {
      rateBps: r.rateBps,
      propagationNs: us(r.propagationUs),
      ringSlots: 256,
      bql: true,
      completion: { kind: 'immediate', delayNs: 0 },
      deliverAs: 'train',
      cpu: null,
      perCompletionNs: 0,
    },
    farEnd,
    m.freeFn,
  );
  const dev = new DevQueue(sim, qdisc, nic, { softwareGso: false, sg: true, cpu: null, costs: ZERO_COSTS });
  m.addBottleneck(nic);
  return { deliver: (skb, now) => dev.xmit(skb, now), qdisc };
}
