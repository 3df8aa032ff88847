/**
 * What this kernel cannot express of a scenario, refused by the field that
 * asks for it (./plan.ts calls these before planning anything): WiFi, Xen,
 * NIC line rates and completion models, behaviours that are code rather
 * than sysctls, per-flow paths, writers iperf3 has not, and qdiscs tc
 * refused in a throwaway namespace.
 */
import { ERAS, type EraId } from '../sim/scenario/eras';
import type { Scenario } from '../sim/scenario/scenario';

/** What the host offers, probed in a throwaway namespace (./host.ts). */
export interface HostCaps {
  kernelRelease: string;
  /** Qdisc kinds `tc` accepted. */
  qdiscs: ReadonlySet<string>;
  netem: boolean;
  /** tcp_available_congestion_control. */
  ccs: ReadonlySet<string>;
  /** net.ipv4.* and net.core.* values a fresh namespace reports (key without the prefix: "tcp_rmem"). */
  sysctls: Readonly<Record<string, string>>;
  /** irtt is installed (the UDP probes' client and server); absent: not probed, taken as missing. */
  irtt?: boolean;
}

/** A scenario field this kernel cannot express. */
export class TwinRefusal extends Error {
  constructor(
    readonly field: string,
    why: string,
  ) {
    super(`${field}: ${why}`);
  }
}

export function refuseUnsupported(
  sc: Scenario,
  caps: HostCaps,
  era: EraId,
  set: Record<string, string>,
): void {
  const no = (field: string, why: string): never => {
    throw new TwinRefusal(field, why);
  };
  if (sc.wifi) no('wifi', 'this machine has no WiFi radio the twin can drive: the twin runs wired scenarios');
  if (sc.link.xen) no('link.xen', 'Xen netfront is hardware of a Xen guest, not this machine');
  if (sc.cpu.platform) no('cpu.platform', `the twin runs on this machine's own CPU, not ${sc.cpu.platform}`);
  if (sc.changes.length)
    no('changes', 'the twin runs one setting from start to end: drop the scheduled changes');
  if (set.era !== undefined && set.era !== era)
    no('era', `this machine runs Linux ${caps.kernelRelease}; the twin simulates at ${era}, the nearest era`);
  const eraK = ERAS[era].kernel;
  const k = sc.kernel;
  if (k.pacing !== null && k.pacing !== eraK.pacing)
    no('kernel.pacing', `Linux ${caps.kernelRelease} paces with ${eraK.pacing}`);
  if (k.hz !== null && k.hz !== eraK.hz) no('kernel.hz', 'CONFIG_HZ is fixed when the kernel is built');
  if (k.gso_always_on !== null && k.gso_always_on !== eraK.gsoAlwaysOn)
    no('kernel.gso_always_on', `Linux ${caps.kernelRelease} always builds GSO skbs`);
  if (k.tsq_shortcut !== null && k.tsq_shortcut !== eraK.tsqShortcut)
    no('kernel.tsq_shortcut', 'the TSQ shortcut is code, not a sysctl');
  if (k.bbr_ack_aggregation != null && k.bbr_ack_aggregation !== eraK.bbrAckAggregation)
    no('kernel.bbr_ack_aggregation', "BBR's ACK-aggregation headroom is code in tcp_bbr.c, not a sysctl");
  if (sc.tcp.sk_pacing_shift !== null)
    no('tcp.sk_pacing_shift', 'only a driver sets sk_pacing_shift; a veth keeps 10');
  if (sc.tcp.tx_delay_us !== 0) no('tcp.tx_delay_us', 'iperf3 has no option for TCP_TX_DELAY');
  if (sc.receiver.so_rcvbuf !== null)
    no('receiver.so_rcvbuf', 'iperf3 sets SO_RCVBUF and SO_SNDBUF together (-w): leave it null');
  if (sc.receiver.delackMs !== 40)
    no('receiver.delackMs', "Linux's delayed-ACK timer is fixed (TCP_DELACK_MAX, 40 ms with HZ ≥ 100)");
  if (sc.link.rxCoalesce.usecs !== 0 || sc.link.rxCoalesce.frames > 1)
    no('link.rxCoalesce', 'a veth has no RX interrupt to coalesce');
  sc.tcp.perFlow?.forEach((f, i) => {
    if (f.rttUs !== null) no(`tcp.perFlow[${i}].rttUs`, 'the twin gives every flow the same path');
    if (f.app?.kind === 'onoff')
      no(
        `tcp.perFlow[${i}].app`,
        'iperf3 has no on/off writer (and netperf, which could pace one, is not installed)',
      );
    if (f.app?.kind === 'rr')
      no(
        `tcp.perFlow[${i}].app`,
        'TCP_RR needs netperf, which is not installed here (Debian does not package it) and iperf3 cannot do',
      );
  });
  if (sc.udpProbes?.length && !caps.irtt)
    no(
      'udpProbes',
      'the probes run as irtt clients, as Flent runs them, and irtt is missing: run scripts/ensure-iperf3.sh',
    );
  const downloads = (sc.tcp.perFlow ?? []).some((f) => f.direction === 'down');
  if (downloads && !sc.router?.down?.shaper)
    no(
      'router.down.shaper',
      "a download's bottleneck on a veth pair is a shaper on the router's side toward the sender: set router.down with a shaper (the far host's NIC has no line rate here)",
    );
  const shaped = sc.shaper ?? sc.router?.shaper ?? null;
  if (!shaped)
    no(
      sc.router ? 'router.shaper' : 'shaper',
      'a veth pair has no line rate, ring or BQL (link.rateBps and link.completion are hardware it does not have): set a shaper (htb, tbf or cake) to make the bottleneck',
    );
  if (sc.router && !sc.router.shaper && !sc.shaper)
    no('router.shaper', 'the router has no line rate on a veth: shape it');
  for (const cc of new Set([sc.tcp.cc, ...(sc.tcp.perFlow ?? []).map((f) => f.cc ?? sc.tcp.cc)]))
    if (!caps.ccs.has(cc))
      no('tcp.cc', `this kernel has no ${cc} (tcp_available_congestion_control: ${[...caps.ccs].join(' ')})`);
}

/** Refuses a qdisc layer whose kinds this kernel lacks. */
export function needQdiscs(kinds: string[], field: string, caps: HostCaps): void {
  for (const kind of kinds)
    if (!caps.qdiscs.has(kind))
      throw new TwinRefusal(
        field,
        `this kernel has no ${kind} qdisc (tc refused it in a throwaway namespace)`,
      );
}
