/**
 * The router of a wired scenario: it forwards the sender's packets into its
 * own qdisc (or a shaper with the qdisc block as its leaf) and its egress
 * NIC (ip_forward → dev_queue_xmit → the egress device), so the queue of a
 * slower second link lives here. The NIC's ring, BQL and completion model
 * come from the router block, as the sender's come from `link`.
 */
import { us } from '../engine/time';
import { ZERO_COSTS } from '../model/cpu/cpu';
import { DevQueue } from '../model/nic/dev-queue';
import type { DeliverFn } from '../model/nic/driver';
import { WiredNic } from '../model/nic/wired-nic';
import type { Qdisc } from '../model/qdisc/qdisc';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import type { Model } from './model';
import type { RouterConfig } from './scenario';
import { buildInterfaceQdisc } from './wired-qdisc';

/** Builds the router; returns where the first hop delivers and the router's qdisc. */
export function buildRouter(
  m: Model,
  r: RouterConfig,
  kernel: KernelFeatures,
  farEnd: DeliverFn,
): { deliver: DeliverFn; qdisc: Qdisc } {
  const sim = m.sim;
  const qdisc = buildInterfaceQdisc(m, r.qdisc, r.shaper, kernel, true, 'router');
  const nic = new WiredNic(
    sim,
    {
      rateBps: r.rateBps,
      propagationNs: us(r.propagationUs),
      ringSlots: r.ringSlots,
      bql: r.bql,
      completion: r.completion,
      deliverAs: 'train',
      cpu: null,
      perCompletionNs: 0,
    },
    farEnd,
    m.freeFn,
  );
  const dev = new DevQueue(sim, qdisc, nic, { softwareGso: false, sg: true, cpu: null, costs: ZERO_COSTS });
  m.addBottleneck(nic);
  // The router's queues count as 'beyond the host' in the occupancy panel.
  m.traceSite(qdisc, { label: `router qdisc (${r.qdisc.kind})`, series: 'occ.wire' });
  m.traceSite(nic, { label: 'router NIC', series: 'occ.wire' });
  m.routerQdisc = qdisc;
  return { deliver: (skb, now) => dev.xmit(skb, now), qdisc };
}
