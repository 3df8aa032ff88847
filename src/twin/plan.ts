/**
 * What a scenario becomes on this machine's kernel: the namespaces and veths,
 * the qdisc layer of each interface (./tc-commands.ts), the sysctls its `tcp`
 * and `kernel` blocks map to, the veth's offloads, the flows and the ping —
 * or a refusal naming the field this kernel cannot express. Also the
 * scenario the simulation runs beside it: the nearest era, the host's
 * sysctls where the scenario leaves the era's default, and a veth where the
 * scenario has a NIC.
 */
import type { AppSpec } from '../sim/model/traffic/app-spec';
import { probesOf, type TwinProbe } from './irtt-twin';
import { udpFlowsOf, type TwinUdpFlow } from './udp-twin';
import { eraForRelease } from '../flent/propose';
import type { EraId } from '../sim/scenario/eras';
import type { Scenario } from '../sim/scenario/scenario';
import { tcLayer } from './tc-commands';
import { needQdiscs, refuseUnsupported, TwinRefusal, type HostCaps } from './refusals';

export { TwinRefusal, type HostCaps } from './refusals';

export interface Endpoint {
  ns: string;
  dev: string;
  addr: string;
}

export interface TwinFlow {
  index: number;
  cc: string;
  port: number;
  startMs: number;
  stopMs: number;
  /** SO_MAX_PACING_RATE (iperf3 --fq-rate), bit/s; 0: none. */
  fqRateBps: number;
  /** The flow's application as iperf3 options (-b, -l, --pacing-timer, -N); empty: iperf3's defaults. */
  iperfArgs: string[];
  /** A download (tcp.perFlow.N.direction 'down'): iperf3 -R, the server in the far namespace sends. */
  reverse: boolean;
}

export interface TwinPlan {
  era: EraId;
  kernelRelease: string;
  namespaces: string[];
  /** veth pairs, sender side first. */
  links: [Endpoint, Endpoint][];
  sender: Endpoint;
  receiver: Endpoint;
  router: { ns: string; in: Endpoint; out: Endpoint } | null;
  mtu: number;
  /** `ip` commands after the links exist (routes, txqueuelen, gso_max_size): [ns, ...argv]. */
  ipCommands: [string, ...string[]][];
  /** tc argument lists per namespace. */
  tc: { ns: string; dev: string; label: string; argv: string[] }[];
  /** The devices whose root qdisc the twin samples, with the name the simulation gives that qdisc. */
  sampledQdiscs: { ns: string; dev: string; name: string }[];
  sysctls: { ns: string; key: string; value: string }[];
  /** Offloads per sending device: the sender's veth, and the far host's when a flow downloads. */
  ethtool: { ns: string; argv: string[] }[];
  /** netem delay on the receiver's egress (the path's base RTT), or null when the kernel has none. */
  netemDelayUs: number | null;
  flows: TwinFlow[];
  /** The scenario's UDP flows (./udp-twin.ts). */
  udp: TwinUdpFlow[];
  /** The scenario's UDP latency probes, as irtt clients (./irtt-twin.ts). */
  probes: TwinProbe[];
  pingIntervalMs: number;
  durationMs: number;
  warmupMs: number;
  /** What the twin changed or could not do, for the report. */
  notes: string[];
  /** The scenario the simulation runs (its propagation is set from the veth's RTT when there is no netem). */
  simScenario: Scenario;
}

const BASE_PORT = 5201;

/**
 * A flow's application as iperf3 client options: -l its write size, -b and
 * --pacing-timer its throttle, -N TCP_NODELAY. Without an application spec
 * iperf3 keeps its own defaults (128 KiB writes) beside the model's 16 KiB
 * netperf writer, as the twin always has.
 */
export function iperfAppArgs(app: AppSpec | null): string[] {
  if (!app || app.kind === 'rr' || app.kind === 'onoff') return []; // refused above
  const nodelay = app.noDelay ? ['-N'] : [];
  if (app.kind === 'rate')
    return [
      '-b',
      String(app.rateBps),
      '-l',
      String(app.writeBytes),
      '--pacing-timer',
      String(app.pacingTimerUs),
      ...nodelay,
    ];
  return ['-l', String(app.writeBytes), ...nodelay];
}

/** The scenario's sysctls for the sender's and receiver's namespaces; only fields the scenario sets. */
function sysctlsOf(sc: Scenario, snd: string, rcv: string): TwinPlan['sysctls'] {
  const out: TwinPlan['sysctls'] = [];
  const ipv4 = (ns: string, key: string, v: number | string | boolean | null) => {
    if (v !== null)
      out.push({ ns, key: `net.ipv4.${key}`, value: typeof v === 'boolean' ? (v ? '1' : '0') : String(v) });
  };
  // tcp.cc goes to each flow's socket (iperf3 -C): a namespace may not set a restricted default (EPERM).
  ipv4(snd, 'tcp_limit_output_bytes', sc.tcp.tcp_limit_output_bytes);
  ipv4(snd, 'tcp_tso_rtt_log', sc.kernel.tcp_tso_rtt_log);
  ipv4(snd, 'tcp_min_tso_segs', sc.kernel.tcp_min_tso_segs);
  ipv4(snd, 'tcp_autocorking', sc.kernel.tcp_autocorking);
  ipv4(snd, 'tcp_pacing_ss_ratio', sc.kernel.tcp_pacing_ss_ratio);
  ipv4(snd, 'tcp_pacing_ca_ratio', sc.kernel.tcp_pacing_ca_ratio);
  // The model's send buffer is a fixed cap: tcp_wmem's max is where the kernel's autotuning stops.
  ipv4(snd, 'tcp_wmem', `4096 16384 ${sc.tcp.sndbufBytes}`);
  const rm = sc.receiver.tcp_rmem;
  if (rm) ipv4(rcv, 'tcp_rmem', `${rm.minBytes} ${rm.defaultBytes} ${rm.maxBytes}`);
  out.push({ ns: rcv, key: 'net.core.rmem_max', value: String(sc.receiver.rmem_max) });
  return out;
}

/** The scenario the simulation runs: nearest era, the host's sysctls for the era's defaults, veths for NICs. */
function simScenarioOf(sc: Scenario, era: EraId, caps: HostCaps): Scenario {
  const s: Scenario = structuredClone(sc);
  const host = (key: string): number | null => {
    const v = Number((caps.sysctls[key] ?? '').trim());
    return Number.isFinite(v) && caps.sysctls[key] !== undefined ? v : null;
  };
  s.era = era;
  s.tcp.tcp_limit_output_bytes ??= host('tcp_limit_output_bytes');
  s.kernel.tcp_tso_rtt_log ??= host('tcp_tso_rtt_log');
  s.kernel.tcp_min_tso_segs ??= host('tcp_min_tso_segs');
  s.kernel.tcp_pacing_ss_ratio ??= host('tcp_pacing_ss_ratio');
  s.kernel.tcp_pacing_ca_ratio ??= host('tcp_pacing_ca_ratio');
  const ac = host('tcp_autocorking');
  if (s.kernel.tcp_autocorking === null && ac !== null) s.kernel.tcp_autocorking = ac !== 0;
  const rmem = (caps.sysctls.tcp_rmem ?? '').trim().split(/\s+/).map(Number);
  if (!s.receiver.tcp_rmem && rmem.length === 3 && rmem.every(Number.isFinite))
    s.receiver.tcp_rmem = { minBytes: rmem[0], defaultBytes: rmem[1], maxBytes: rmem[2] };
  // A veth forwards an skb as soon as its qdisc lets it go: no line rate (the model's largest), no ring delay.
  const veth = { rateBps: 100e9, completion: { kind: 'immediate', delayNs: 0 } as const };
  s.link = { ...s.link, ...veth };
  // A router over veths forwards the sender's TSO skbs whole (__dev_forward_skb; ip_finish_output_gso).
  if (s.router) s.router = { ...s.router, ...veth, ingressGro: true };
  return s;
}

export interface PlanOptions {
  /** Namespace name prefix, unique per run (./netns.ts makes it). */
  prefix: string;
  /** The --set overrides as given (an explicit era is checked against the running kernel's). */
  set: Record<string, string>;
}

interface Topology {
  snd: string;
  rcv: string;
  rtr: string | null;
  sender: Endpoint;
  receiver: Endpoint;
  router: TwinPlan['router'];
  links: [Endpoint, Endpoint][];
  ipCommands: TwinPlan['ipCommands'];
}

/** The veths: sender (and router) and receiver, their addresses, and the `ip` commands that route between them. */
function topologyOf(sc: Scenario, p: string): Topology {
  const snd = `${p}-snd`;
  const rcv = `${p}-rcv`;
  const sender: Endpoint = { ns: snd, dev: 'tw0', addr: '10.77.1.1' };
  const initcwnd = ['initcwnd', String(sc.tcp.initialCwnd)];
  const ipCommands: TwinPlan['ipCommands'] = [];
  if (!sc.router) {
    const receiver: Endpoint = { ns: rcv, dev: 'tw1', addr: '10.77.1.2' };
    ipCommands.push([snd, 'route', 'replace', '10.77.1.0/30', 'dev', sender.dev, ...initcwnd]);
    return { snd, rcv, rtr: null, sender, receiver, router: null, links: [[sender, receiver]], ipCommands };
  }
  const rtr = `${p}-rtr`;
  const rin: Endpoint = { ns: rtr, dev: 'tw1', addr: '10.77.1.2' };
  const rout: Endpoint = { ns: rtr, dev: 'tw2', addr: '10.77.2.1' };
  const receiver: Endpoint = { ns: rcv, dev: 'tw3', addr: '10.77.2.2' };
  ipCommands.push(
    [snd, 'route', 'replace', '10.77.2.0/30', 'via', rin.addr, 'dev', sender.dev, ...initcwnd],
    [rcv, 'route', 'replace', '10.77.1.0/30', 'via', rout.addr, 'dev', receiver.dev],
    [rtr, 'link', 'set', 'dev', rout.dev, 'txqueuelen', String(sc.router.qdisc.txqueuelen)],
  );
  const links: [Endpoint, Endpoint][] = [
    [sender, rin],
    [rout, receiver],
  ];
  return { snd, rcv, rtr, sender, receiver, router: { ns: rtr, in: rin, out: rout }, links, ipCommands };
}

/** Each interface's qdisc layer (refused when this kernel lacks a kind), and netem for the base RTT where it exists. */
function qdiscsOf(sc: Scenario, caps: HostCaps, t: Topology, notes: string[]) {
  const tc: TwinPlan['tc'] = [];
  const sampledQdiscs: TwinPlan['sampledQdiscs'] = [];
  const sndLayer = tcLayer(t.sender.dev, sc.qdisc, sc.shaper);
  needQdiscs(sndLayer.kinds, sc.shaper ? 'shaper' : 'qdisc.kind', caps);
  for (const argv of sndLayer.commands) tc.push({ ns: t.snd, dev: t.sender.dev, label: 'sender', argv });
  sampledQdiscs.push({
    ns: t.snd,
    dev: t.sender.dev,
    name: `sender: ${sc.shaper ? sndLayer.kinds.join(' → ') : sc.qdisc.kind}`,
  });
  if (t.router && sc.router) {
    const { ns, out } = t.router;
    const l = tcLayer(out.dev, sc.router.qdisc, sc.router.shaper);
    needQdiscs(l.kinds, sc.router.shaper ? 'router.shaper' : 'router.qdisc.kind', caps);
    for (const argv of l.commands) tc.push({ ns, dev: out.dev, label: 'router', argv });
    const kinds = sc.router.shaper ? l.kinds.join(' → ') : sc.router.qdisc.kind;
    sampledQdiscs.push({ ns, dev: out.dev, name: `router: ${kinds}` });
  }
  const down = sc.router?.down;
  if (t.router && down) {
    // sqm's ingress shaper (an IFB) as the model has it: the router's egress toward the sender.
    const { ns, in: lan } = t.router;
    const l = tcLayer(lan.dev, down.qdisc, down.shaper);
    needQdiscs(l.kinds, down.shaper ? 'router.down.shaper' : 'router.down.qdisc.kind', caps);
    for (const argv of l.commands) tc.push({ ns, dev: lan.dev, label: 'router down', argv });
    sampledQdiscs.push({
      ns,
      dev: lan.dev,
      name: `router down: ${down.shaper ? l.kinds.join(' → ') : down.qdisc.kind}`,
    });
  }
  if (hasDownloads(sc) && !caps.netem) {
    // The far host sends the downloads through the scenario's qdisc, as the model's far host does.
    const dev = t.receiver.dev;
    for (const argv of tcLayer(dev, sc.qdisc, null).commands)
      tc.push({ ns: t.rcv, dev, label: 'far host', argv });
  }
  const baseRttUs = 2 * (sc.link.propagationUs + (sc.router?.propagationUs ?? 0));
  if (!caps.netem) {
    notes.push(
      `netem: this kernel has no sch_netem, so the path's ${baseRttUs} µs base RTT is the veth's own; the simulation runs with the RTT the flows measured`,
    );
    return { tc, sampledQdiscs, netemDelayUs: null };
  }
  // The whole base RTT on the receiver's egress (ACKs, ping replies): away from the shaper's queue.
  const dev = t.receiver.dev;
  const argv = [
    'qdisc',
    'replace',
    'dev',
    dev,
    'root',
    'netem',
    'delay',
    `${baseRttUs}us`,
    'limit',
    '1000000',
  ];
  tc.push({ ns: t.rcv, dev, label: 'receiver', argv });
  return { tc, sampledQdiscs, netemDelayUs: baseRttUs };
}

const hasDownloads = (sc: Scenario): boolean => (sc.tcp.perFlow ?? []).some((f) => f.direction === 'down');

/** `ethtool -K` for a device that sends TCP data: the link's scatter-gather and TSO. */
function offloads(sc: Scenario, e: Endpoint): { ns: string; argv: string[] } {
  const tso = sc.link.tso && sc.link.sg ? 'on' : 'off';
  return { ns: e.ns, argv: ['-K', e.dev, 'sg', sc.link.sg ? 'on' : 'off', 'tso', tso, 'gso', 'on'] };
}

/** One iperf3 client/server pair per TCP flow, with its start, stop, pacing cap and application. */
function flowsOf(sc: Scenario): TwinFlow[] {
  return Array.from({ length: sc.tcp.flows }, (_, i) => {
    const pf = sc.tcp.perFlow?.[i];
    return {
      index: i,
      cc: pf?.cc ?? sc.tcp.cc,
      port: BASE_PORT + i,
      startMs: pf?.startMs ?? 0,
      stopMs: Math.min(pf?.stopMs ?? sc.durationMs, sc.durationMs),
      fqRateBps: sc.tcp.maxPacingRateBps,
      iperfArgs: iperfAppArgs(pf?.app ?? null),
      reverse: pf?.direction === 'down',
    };
  });
}

export function planTwin(sc: Scenario, caps: HostCaps, opts: PlanOptions): TwinPlan {
  const era = eraForRelease(caps.kernelRelease) ?? '6.16';
  refuseUnsupported(sc, caps, era, opts.set);
  const t = topologyOf(sc, opts.prefix);
  const { snd, rcv, rtr, sender } = t;
  t.ipCommands.push(
    [snd, 'link', 'set', 'dev', sender.dev, 'txqueuelen', String(sc.qdisc.txqueuelen)],
    [snd, 'link', 'set', 'dev', sender.dev, 'gso_max_size', String(sc.link.gsoMaxSizeBytes)],
  );
  const notes: string[] = [];
  const q = qdiscsOf(sc, caps, t, notes);
  const mtu = sc.tcp.mssBytes + 52;
  if (mtu < 68 || mtu > 65535)
    throw new TwinRefusal('tcp.mssBytes', `MSS ${sc.tcp.mssBytes} needs an MTU of ${mtu}, outside 68–65535`);
  if (era !== sc.era)
    notes.push(
      `era: the scenario's ${sc.era} runs on Linux ${caps.kernelRelease}; the simulation uses ${era}, the nearest era`,
    );
  const down = hasDownloads(sc);
  if (down)
    t.ipCommands.push(
      [rcv, 'link', 'set', 'dev', t.receiver.dev, 'txqueuelen', String(sc.qdisc.txqueuelen)],
      [rcv, 'link', 'set', 'dev', t.receiver.dev, 'gso_max_size', String(sc.link.gsoMaxSizeBytes)],
    );
  return {
    era,
    kernelRelease: caps.kernelRelease,
    namespaces: [snd, ...(rtr ? [rtr] : []), rcv],
    links: t.links,
    sender,
    receiver: t.receiver,
    router: t.router,
    mtu,
    ipCommands: t.ipCommands,
    ...q,
    sysctls: [
      ...sysctlsOf(sc, snd, rcv),
      // A download's sender and receiver are the other way round: each namespace gets both sides' settings.
      ...(down ? sysctlsOf(sc, rcv, snd) : []),
      ...(rtr ? [{ ns: rtr, key: 'net.ipv4.ip_forward', value: '1' }] : []),
    ],
    ethtool: [offloads(sc, sender), ...(down ? [offloads(sc, t.receiver)] : [])],
    flows: flowsOf(sc),
    udp: udpFlowsOf(sc),
    probes: probesOf(sc),
    pingIntervalMs: sc.pingIntervalMs,
    durationMs: sc.durationMs,
    warmupMs: sc.warmupMs,
    notes,
    simScenario: simScenarioOf(sc, era, caps),
  };
}
