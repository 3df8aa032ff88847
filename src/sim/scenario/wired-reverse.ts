/**
 * The way back to host 0 when it is queued: what the far hosts send (ACKs of
 * the uploads, ping replies, the downloads' data) and where it waits.
 *
 * - The router's download side (`router.down`): sqm-scripts shapes the
 *   download on ingress (simplest.qos: the WAN's ingress redirected by
 *   `tc filter … action mirred egress redirect dev ifb4<wan>` into an IFB
 *   whose root is htb at DOWNLINK with fq_codel as its leaf). An IFB's queue
 *   is a second egress queue before the packet is forwarded, so the model
 *   puts that shaper and leaf on the router's egress toward host 0 (the
 *   LAN port, ip_forward → dev_queue_xmit), ahead of that port's NIC: one
 *   queue where upload ACKs, ping replies and download data meet, as in
 *   Flent's rrul.
 * - A far host that sends (a flow with `direction: 'down'`) is a server with
 *   an egress of its own, as host 0 has: the scenario's `qdisc` block (no
 *   shaper: that is the client's) over a NIC with `link`'s rate, ring, BQL
 *   and completion model, its own CPU core. Everything that host sends goes
 *   through it.
 */
import { type Ns, us } from '../engine/time';
import { Cpu, type CpuCosts, ZERO_COSTS } from '../model/cpu/cpu';
import { DevQueue } from '../model/nic/dev-queue';
import type { DeliverFn } from '../model/nic/driver';
import { type WireDelivery, WiredNic } from '../model/nic/wired-nic';
import type { Qdisc } from '../model/qdisc/qdisc';
import type { Skb } from '../model/skb';
import type { Model } from './model';
import type { RouterConfig, Scenario } from './scenario';
import { forwardedDelivery } from './wired-device';
import { flowIsDown } from './wired-flows';
import type { WayBack } from './wired-hosts';
import { buildInterfaceQdisc, interfaceQdiscName } from './wired-qdisc';

/** Builds the router's egress toward host 0 (its qdisc for the builder to register); null when `router.down` is absent or null. */
export function buildRouterDown(
  m: Model,
  sc: Scenario,
  toHost: DeliverFn,
): { deliver: DeliverFn; qdisc: Qdisc } | null {
  const r: RouterConfig | null = sc.router;
  const down = r?.down;
  if (!r || !down) return null;
  const sim = m.sim;
  const qdisc = buildInterfaceQdisc(m, down.qdisc, down.shaper, m.kernel, true, 'router-down');
  const nic = new WiredNic(
    sim,
    {
      rateBps: down.rateBps,
      // The LAN cable back to host 0.
      propagationNs: us(sc.link.propagationUs),
      ringSlots: r.ringSlots,
      bql: r.bql,
      completion: r.completion,
      deliverAs: 'train',
      cpu: null,
      perCompletionNs: 0,
    },
    toHost,
    m.freeFn,
  );
  const dev = new DevQueue(sim, qdisc, nic, { softwareGso: false, sg: true, cpu: null, costs: ZERO_COSTS });
  m.traceSite(qdisc, { label: `router down qdisc (${down.qdisc.kind})`, series: 'occ.wire' });
  m.traceSite(nic, { label: 'router down NIC', series: 'occ.wire' });
  return { deliver: (skb, now) => dev.xmit(skb, now), qdisc };
}

/** A far host's egress: the scenario's qdisc over a NIC like host 0's, on a core of its own. */
export function buildFarEgress(
  m: Model,
  sc: Scenario,
  costs: CpuCosts,
  gsoMode: 'tso' | 'gso' | 'mss',
  /** Its one-way delay to where it delivers: the router, or host 0 itself. */
  propagationUs: number,
  deliverAs: WireDelivery,
  deliver: DeliverFn,
): { xmit: (skb: Skb, nowNs: Ns) => void; cpu: Cpu } {
  const sim = m.sim;
  const link = sc.link;
  const cpu = new Cpu(sim);
  const nic = new WiredNic(
    sim,
    {
      rateBps: link.rateBps,
      propagationNs: us(propagationUs),
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
  // No shaper: the scenario's shaper is host 0's.
  const qdisc = buildInterfaceQdisc(m, sc.qdisc, null, m.kernel, link.sg, 'sender');
  const dev = new DevQueue(sim, qdisc, nic, { softwareGso: gsoMode === 'gso', sg: link.sg, cpu, costs });
  return { xmit: (skb, now) => dev.xmit(skb, now), cpu };
}

/**
 * The far side's ways back to host 0 (./wired-hosts.ts WayBack): the
 * router's download queue, and an egress for each host whose flow is a
 * download; `registerQdisc` lists the download queue in the summary (after
 * the router's own, as `tc -s qdisc` lists the interfaces).
 */
export function buildWayBack(
  m: Model,
  sc: Scenario,
  costs: CpuCosts,
  gsoMode: 'tso' | 'gso' | 'mss',
  toHost: DeliverFn,
): { way: WayBack; farCpu: (i: number) => Cpu | undefined; registerQdisc: () => void } {
  const routerDown = buildRouterDown(m, sc, toHost);
  const farCpus = new Map<number, Cpu>();
  const egress = (i: number, propagationUs: number, deliver: DeliverFn): DeliverFn | null => {
    if (!flowIsDown(sc, i)) return null;
    const into = routerDown ? forwardedDelivery(sc) : 'train';
    const e = buildFarEgress(m, sc, costs, gsoMode, propagationUs, into, deliver);
    farCpus.set(i, e.cpu);
    return e.xmit;
  };
  const down = sc.router?.down;
  return {
    way: { routerDown: routerDown?.deliver ?? null, egress },
    farCpu: (i) => farCpus.get(i),
    registerQdisc: () => {
      if (routerDown && down)
        m.addQdisc(routerDown.qdisc, interfaceQdiscName('router down', down.qdisc, down.shaper));
    },
  };
}
