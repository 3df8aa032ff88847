/**
 * One run on the real kernel: builds the plan's namespaces and veths, sets
 * its sysctls, offloads and qdiscs, runs each flow as an iperf3 client (its
 * congestion control, pacing cap, start and length) against an iperf3
 * server, a ping beside them, and samples `tc -s -j qdisc` every 100 ms and
 * `ss -tinm` every 200 ms. Times are seconds from the flows' start.
 */
import { performance } from 'node:perf_hooks';
import { readSysctls } from './host';
import type { TwinFlow, TwinPlan } from './plan';
import { inNs, type Procs } from './procs';
import { parseSs, type SsSocket } from './ss-parse';
import { irttClientArgs, parseIrtt, type ProbeMeasurement, type TwinProbe } from './irtt-twin';
import { parseUdpIperf, udpClientArgs, type UdpMeasurement } from './udp-twin';

export interface QdiscSample {
  tS: number;
  qlen: number;
  backlogBytes: number;
  drops: number;
}

export interface IperfInterval {
  /** End of the interval, s from the flows' start. */
  tS: number;
  bps: number;
}

export interface FlowMeasurement {
  index: number;
  intervals: IperfInterval[];
  /** iperf3's own mean over the flow (sum_sent), bit/s. */
  meanBps: number;
  ss: { tS: number; sock: SsSocket }[];
  error: string | null;
}

export interface TwinMeasurement {
  /** Unix ms of the flows' start (x = 0 before the warm-up cut). */
  t0UnixMs: number;
  flows: FlowMeasurement[];
  /** The UDP flows, as their iperf3 clients reported them (./udp-twin.ts). */
  udp: UdpMeasurement[];
  /** The UDP latency probes, as their irtt clients reported them (./irtt-twin.ts); absent in older caches. */
  probes?: ProbeMeasurement[];
  pings: { tS: number; rttMs: number }[];
  qdiscs: { name: string; samples: QdiscSample[] }[];
  /** skbs the sender's veth transmitted (veth counts an skb once, whatever its segments). */
  vethTxPackets: number;
  /** The sender's sysctls as its namespace reports them during the run. */
  sysctls: Record<string, string>;
  /** The tc commands as run, for the report. */
  commands: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function build(plan: TwinPlan, procs: Procs, log: string[]): Promise<void> {
  const ip = (ns: string, ...a: string[]) => {
    log.push(`ip -n ${ns} ${a.join(' ')}`);
    return procs.run(['ip', '-n', ns, ...a]);
  };
  for (const ns of plan.namespaces) await procs.addNamespace(ns);
  for (const [a, b] of plan.links) {
    // Created inside the sender's side namespace: nothing is ever added to the host's own.
    await ip(
      a.ns,
      'link',
      'add',
      'name',
      a.dev,
      'numtxqueues',
      '1',
      'numrxqueues',
      '1',
      'type',
      'veth',
      'peer',
      'name',
      b.dev,
      'numtxqueues',
      '1',
      'numrxqueues',
      '1',
      'netns',
      b.ns,
    );
    for (const e of [a, b]) {
      await ip(e.ns, 'addr', 'add', `${e.addr}/30`, 'dev', e.dev);
      await ip(e.ns, 'link', 'set', 'dev', e.dev, 'mtu', String(plan.mtu), 'up');
    }
  }
  for (const ns of plan.namespaces) await ip(ns, 'link', 'set', 'dev', 'lo', 'up');
  for (const { ns, key, value } of plan.sysctls) {
    log.push(`ip netns exec ${ns} sysctl -w ${key}="${value}"`);
    await procs.run(inNs(ns, 'sysctl', '-qw', `${key}=${value}`));
  }
  for (const [ns, ...argv] of plan.ipCommands) await ip(ns, ...argv);
  for (const e of plan.ethtool) {
    log.push(`ip netns exec ${e.ns} ethtool ${e.argv.join(' ')}`);
    await procs.run(inNs(e.ns, 'ethtool', ...e.argv));
  }
  for (const t of plan.tc) {
    log.push(`ip netns exec ${t.ns} tc ${t.argv.join(' ')}`);
    await procs.run(inNs(t.ns, 'tc', ...t.argv));
  }
}

/** Samples `fn` every `everyMs` until `stop()` says so; a slow sample delays the next, never overlaps it. */
async function sampleLoop(everyMs: number, stop: () => boolean, fn: () => Promise<void>): Promise<void> {
  while (!stop()) {
    const t = performance.now();
    await fn().catch(() => undefined);
    await sleep(Math.max(5, everyMs - (performance.now() - t)));
  }
}

interface IperfJson {
  error?: string;
  start?: { connected?: { socket: number; local_port: number }[] };
  intervals?: { streams: { socket: number; end: number; bits_per_second: number }[] }[];
  end?: { streams?: { sender?: { socket: number; bits_per_second: number } }[] };
}

/**
 * One iperf3 client's flows (-P streams, in the order it connected them):
 * each stream's intervals, mean and local port (to find it in ss).
 */
function parseIperf(
  json: string,
  group: TwinFlow[],
  startS: number,
): (FlowMeasurement & { localPort: number })[] {
  let j: IperfJson;
  try {
    j = JSON.parse(json) as IperfJson;
  } catch {
    j = { error: `iperf3 printed no JSON: ${json.slice(0, 200)}` };
  }
  const conns = j.start?.connected ?? [];
  return group.map((f, k) => {
    const sock = conns[k]?.socket;
    return {
      index: f.index,
      localPort: conns[k]?.local_port ?? NaN,
      intervals: (j.intervals ?? []).flatMap((iv) =>
        iv.streams
          .filter((st) => st.socket === sock)
          .map((st) => ({ tS: startS + st.end, bps: st.bits_per_second })),
      ),
      meanBps: j.end?.streams?.find((st) => st.sender?.socket === sock)?.sender?.bits_per_second ?? NaN,
      ss: [],
      error: j.error ?? (conns[k] ? null : 'iperf3 reported no connection for this stream'),
    };
  });
}

/**
 * Flows that start and stop together with the same congestion control and
 * pacing cap run as the streams of one iperf3 client (-P): they start at
 * once, as the model's do, instead of one process start apart.
 */
function flowGroups(flows: TwinFlow[]): TwinFlow[][] {
  const by = new Map<string, TwinFlow[]>();
  for (const f of flows) {
    const k = `${f.cc}|${f.startMs}|${f.stopMs}|${f.fqRateBps}|${f.reverse}|${f.iperfArgs.join(' ')}`;
    by.set(k, [...(by.get(k) ?? []), f]);
  }
  return [...by.values()];
}

/** Waits until every server port listens in the receiver's namespace (at most ~3 s). */
async function waitListening(ns: string, ports: number[], procs: Procs): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const r = await procs.run(inNs(ns, 'ss', '-tlnH'), 3000, true);
    if (ports.every((p) => r.stdout.includes(`:${p} `))) return;
    await sleep(50);
  }
  throw new Error('the iperf3 servers did not start listening within 3 s');
}

/** The qdisc root of `dev` from `tc -s -j qdisc show dev`. */
function rootSample(json: string, tS: number): QdiscSample | null {
  const list = JSON.parse(json) as { root?: boolean; qlen?: number; backlog?: number; drops?: number }[];
  const root = list.find((q) => q.root) ?? list[0];
  return root ? { tS, qlen: root.qlen ?? 0, backlogBytes: root.backlog ?? 0, drops: root.drops ?? 0 } : null;
}

/** One `iperf3 -s -1` per TCP client group and per UDP flow, in the receiver's namespace, listening before it returns. */
async function startServers(plan: TwinPlan, groups: TwinFlow[][], procs: Procs, boundMs: number) {
  const ports = [...groups.map(([f]) => f.port), ...plan.udp.map((u) => u.port)];
  const servers = ports.map((port) =>
    procs.start(
      inNs(plan.receiver.ns, 'iperf3', '-s', '-1', '-B', plan.receiver.addr, '-p', String(port)),
      boundMs,
    ),
  );
  const irtt = plan.probes.map((p) =>
    procs.start(inNs(plan.receiver.ns, 'irtt', 'server', '-b', `${plan.receiver.addr}:${p.port}`), boundMs),
  );
  await waitListening(plan.receiver.ns, ports, procs);
  return [...servers, ...irtt];
}

/** Samples each planned qdisc's root every 100 ms and the sender's sockets (`ss -tinm`) every 200 ms until `stopped`. */
function startSamplers(plan: TwinPlan, procs: Procs, nowS: () => number, stopped: () => boolean) {
  const qdiscs = plan.sampledQdiscs.map((q) => ({ name: q.name, samples: [] as QdiscSample[] }));
  const ssSamples: { tS: number; socks: SsSocket[] }[] = [];
  // A download's sending socket is the iperf3 server's, in the far namespace.
  const farSamples: { tS: number; socks: SsSocket[] }[] = [];
  const downloads = plan.flows.some((f) => f.reverse);
  const loops = [
    ...plan.sampledQdiscs.map((q, i) =>
      sampleLoop(100, stopped, async () => {
        const r = await procs.run(inNs(q.ns, 'tc', '-s', '-j', 'qdisc', 'show', 'dev', q.dev), 2000);
        const s = rootSample(r.stdout, nowS());
        if (s) qdiscs[i].samples.push(s);
      }),
    ),
    sampleLoop(200, stopped, async () => {
      const r = await procs.run(inNs(plan.sender.ns, 'ss', '-tinmH', 'dst', plan.receiver.addr), 2000);
      ssSamples.push({ tS: nowS(), socks: parseSs(r.stdout) });
    }),
    ...(downloads
      ? [
          sampleLoop(200, stopped, async () => {
            const r = await procs.run(inNs(plan.receiver.ns, 'ss', '-tinmH', 'dst', plan.sender.addr), 2000);
            farSamples.push({ tS: nowS(), socks: parseSs(r.stdout) });
          }),
        ]
      : []),
  ];
  return { qdiscs, ssSamples, farSamples, loops };
}

/** `ping -D` from the sender for the run's length, every pingIntervalMs (none when 0). */
function startPing(plan: TwinPlan, procs: Procs, boundMs: number) {
  if (plan.pingIntervalMs <= 0) return null;
  const secs = String(Math.ceil(plan.durationMs / 1000));
  const interval = String(plan.pingIntervalMs / 1000);
  return procs.start(
    inNs(plan.sender.ns, 'ping', '-n', '-D', '-i', interval, '-w', secs, plan.receiver.addr),
    boundMs,
  );
}

/** Each group's iperf3 client (-P streams), started at its flow's startMs; the streams' results. */
async function runTcpClient(plan: TwinPlan, group: TwinFlow[], procs: Procs) {
  const f = group[0];
  await sleep(f.startMs);
  const secs = Math.max(1, Math.round((f.stopMs - f.startMs) / 1000));
  const argv = ['iperf3', '-c', plan.receiver.addr, '-p', String(f.port), '-t', String(secs)];
  argv.push('-i', '0.2', '-J', '-C', f.cc, '-P', String(group.length));
  if (f.fqRateBps > 0) argv.push('--fq-rate', String(f.fqRateBps));
  if (f.reverse) argv.push('-R'); // a download: the server, in the far namespace, sends
  argv.push(...f.iperfArgs);
  const r = await procs.start(inNs(plan.sender.ns, ...argv), secs * 1000 + 10_000).done;
  return parseIperf(r.stdout, group, f.startMs / 1000);
}

/** Each UDP flow's `iperf3 -u` client, started at its startMs. */
async function runUdpClient(plan: TwinPlan, u: TwinPlan['udp'][number], procs: Procs) {
  await sleep(u.startMs);
  const argv = ['iperf3', '-c', plan.receiver.addr, '-p', String(u.port), ...udpClientArgs(u, plan.warmupMs)];
  const r = await procs.start(inNs(plan.sender.ns, ...argv), u.stopMs - u.startMs + 10_000).done;
  return parseUdpIperf(r.stdout, u.index);
}

/** Each UDP probe's irtt client, started at its startMs; round trips counted from the warm-up's end. */
async function runProbe(plan: TwinPlan, p: TwinProbe, procs: Procs, t0UnixMs: number) {
  await sleep(p.startMs);
  const argv = ['irtt', 'client', ...irttClientArgs(p, plan.receiver.addr)];
  const r = await procs.start(inNs(plan.sender.ns, ...argv), p.stopMs - p.startMs + 15_000).done;
  return parseIrtt(r.stdout, p.index, t0UnixMs + plan.warmupMs);
}

/** Packets the sender's veth sent (`ip -s -j link`): GSO skbs count once, as the model's skbs do. */
async function vethTxPacketsOf(plan: TwinPlan, procs: Procs): Promise<number> {
  const ns = plan.sender.ns;
  const link = await procs.run(['ip', '-n', ns, '-s', '-j', 'link', 'show', 'dev', plan.sender.dev]);
  const j = JSON.parse(link.stdout) as { stats64?: { tx?: { packets?: number } } }[];
  return j[0]?.stats64?.tx?.packets ?? NaN;
}

export async function measure(plan: TwinPlan, procs: Procs): Promise<TwinMeasurement> {
  const commands: string[] = [];
  await build(plan, procs, commands);
  const sysctls = await readSysctls(procs, plan.sender.ns);
  const boundMs = plan.durationMs + 15_000;
  const groups = flowGroups(plan.flows);
  const servers = await startServers(plan, groups, procs, boundMs);
  const t0 = performance.now();
  const t0UnixMs = Date.now();
  let running = true;
  const sampling = startSamplers(
    plan,
    procs,
    () => (performance.now() - t0) / 1000,
    () => !running,
  );
  const ping = startPing(plan, procs, boundMs);
  const clients = groups.map((g) => runTcpClient(plan, g, procs));
  const udpClients = plan.udp.map((u) => runUdpClient(plan, u, procs));
  const probeClients = plan.probes.map((p) => runProbe(plan, p, procs, t0UnixMs));
  const flows = (await Promise.all(clients)).flat().sort((a, b) => a.index - b.index);
  const udp = await Promise.all(udpClients);
  const probes = await Promise.all(probeClients);
  running = false;
  await Promise.all(sampling.loops);
  const pingOut = ping ? await ping.done : null;
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  const vethTxPackets = await vethTxPacketsOf(plan, procs);
  const byGroup = new Map(groups.flatMap((g) => g.map((f) => [f.index, g[0].port] as const)));
  for (const f of flows) {
    const port = byGroup.get(f.index)!;
    f.ss = plan.flows[f.index]?.reverse
      ? flowSockets(sampling.farSamples, (x) => x.localPort === port && x.peerPort === f.localPort)
      : flowSockets(sampling.ssSamples, (x) => x.peerPort === port && x.localPort === f.localPort);
  }
  return {
    t0UnixMs,
    flows: flows.map(({ localPort: _, ...f }) => f),
    udp,
    probes,
    pings: parsePing(pingOut?.stdout ?? '', t0UnixMs),
    qdiscs: sampling.qdiscs,
    vethTxPackets,
    sysctls,
    commands,
  };
}

/**
 * A flow's sending socket in each sample: an upload's is the client's (to the server's port, from the
 * local port iperf3 reported), a download's the server's (from its port to that local port).
 */
function flowSockets(
  samples: { tS: number; socks: SsSocket[] }[],
  isIt: (x: SsSocket) => boolean,
): { tS: number; sock: SsSocket }[] {
  return samples.flatMap((s) => {
    const k = s.socks.find(isIt);
    return k ? [{ tS: s.tS, sock: k }] : [];
  });
}

/** `ping -D` lines: "[1700000000.123456] 64 bytes from …: icmp_seq=1 ttl=64 time=0.045 ms". */
export function parsePing(text: string, t0UnixMs: number): { tS: number; rttMs: number }[] {
  const out: { tS: number; rttMs: number }[] = [];
  for (const m of text.matchAll(/^\[(\d+(?:\.\d+)?)\].*?time=([\d.]+) ms/gm))
    out.push({ tS: Number(m[1]) - t0UnixMs / 1000, rttMs: Number(m[2]) });
  return out;
}
