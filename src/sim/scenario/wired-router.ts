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
import { DEFAULT_MSS_BYTES, ETH_WIRE_OVERHEAD_BYTES, TCP_HDR_BYTES } from '../model/skb';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import type { Model } from './model';
import type { Granularity, RouterConfig } from './scenario';
import { buildInterfaceQdisc } from './wired-qdisc';

/**
 * The coarse path's burst (the scenario's granularity 'skb'): what the router's
 * NIC sends as one event, segments of one GSO skb back to back, is at most
 * this long on its wire. A burst is cleaned at its end, so a packet behind one
 * (a ping) may wait up to that much longer than on the per-packet path, 0.3 %
 * of CoDel's 5 ms target, within the equivalence test's tolerance where a
 * ping's median is smallest (10 flows at 10 Gbit/s, 0.4 ms). It was 8 µs while
 * the qdisc handed over segment by segment past what BQL would take; a
 * train's pieces (../model/skb-train.ts) stop where the driver would, and at
 * 16 µs the grid agrees and a 10 Gbit/s run costs 9 % less CPU. Below about
 * 0.8 Gbit/s one full-size packet already takes longer, and every burst is one packet.
 */
const ROUTER_BURST_NS = 16_000;

/**
 * A burst is also at most half a maximal GSO skb (GSO_MAX_SIZE, 64 KiB): on a
 * faster link the packets the bursts move from the qdisc to the ring stay
 * within one skb's worth, the tolerance of a backlog median.
 */
const BURST_MAX_BYTES = 32_768;

/** A full-size TCP segment on an Ethernet wire: 1448 + 66 bytes of headers + 24 of preamble, FCS and gap. */
const FULL_FRAME_WIRE_BYTES = DEFAULT_MSS_BYTES + TCP_HDR_BYTES + ETH_WIRE_OVERHEAD_BYTES;

/** The bytes the router's link carries in ROUTER_BURST_NS, at most BURST_MAX_BYTES (0 on the per-segment path). */
function routerBurstBytes(rateBps: number, granularity: Granularity | undefined): number {
  if (granularity === 'segment') return 0;
  return Math.min(BURST_MAX_BYTES, Math.floor((rateBps * ROUTER_BURST_NS) / 8e9));
}

/** Builds the router; returns where the first hop delivers and the router's qdisc. */
export function buildRouter(
  m: Model,
  r: RouterConfig,
  kernel: KernelFeatures,
  farEnd: DeliverFn,
  granularity: Granularity | undefined,
  /** The far end is TCP receivers with GRO, reached directly (WiredNicConfig.burstArrivals). */
  groReceiversOnly: boolean,
): { deliver: DeliverFn; qdisc: Qdisc; trains: boolean } {
  const sim = m.sim;
  const burstBytes = routerBurstBytes(r.rateBps, granularity);
  // Trains (../model/skb-train.ts) where fq_codel is the root, pieces reach GRO
  // receivers, and a burst carries more than one full-size frame: below that
  // every piece would be one packet, and the plain path costs less to compile.
  const trains =
    burstBytes > FULL_FRAME_WIRE_BYTES && groReceiversOnly && !r.shaper && r.qdisc.kind === 'fq_codel';
  const qdisc = buildInterfaceQdisc(m, r.qdisc, r.shaper, kernel, true, 'router', trains);
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
      burstBytes,
      burstArrivals: burstBytes > 0 && groReceiversOnly,
      perSegment: trains,
    },
    farEnd,
    m.freeFn,
  );
  const dev = new DevQueue(sim, qdisc, nic, {
    softwareGso: false,
    sg: true,
    cpu: null,
    costs: ZERO_COSTS,
    unitBytes: burstBytes,
  });
  m.addBottleneck(nic);
  // The router's queues count as 'beyond the host' in the occupancy panel.
  m.traceSite(qdisc, { label: `router qdisc (${r.qdisc.kind})`, series: 'occ.wire' });
  m.traceSite(nic, { label: 'router NIC', series: 'occ.wire' });
  m.routerQdisc = qdisc;
  return { deliver: (skb, now) => dev.xmit(skb, now), qdisc, trains };
}
