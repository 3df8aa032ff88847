/**
 * Probes every built scenario charts: a wired host's occupancy from the
 * socket to the wire, and the first sender's TSQ, goodput, TCP and CPU
 * series (WiFi occupancy is in ./wifi-probes.ts).
 */
import { NS_PER_SEC } from '../engine/time';
import type { DevQueue } from '../model/nic/dev-queue';
import type { TcpSender } from '../model/tcp/sender';
import type { Model } from './model';
import { shaperLabel } from './shaper-config';
import type { SeriesSpec } from '../api';

/**
 * Rates are charted over the last RATE_WINDOW_NS (less at the start). Goodput:
 * in-order delivery comes in bursts (a WiFi receiver's reorder buffer
 * releases every frame a block ack covers once a retry fills its hole), and a
 * rate per 1–5 ms sample would show those bursts as rates far above the
 * link's. Busy time: per sample, a core or the channel is mostly all or
 * nothing, a band from 0 to 100 % that hides the level. Flent's default step
 * is 200 ms; 100 ms keeps a slider's effect visible within a few frames.
 */
export const RATE_WINDOW_NS = 100_000_000;

/**
 * A probe reading the rate of a counter over the last `windowNs`: the
 * increase since the newest sample at least that old, per ns, times `scale`.
 * Until one span has passed the base is time 0, where the counter reads 0
 * (probes are built at time 0). Samples are kept in a
 * ring sized for one span at `sampleNs`, so a probe allocates nothing once
 * built.
 */
export function windowRate(
  read: () => number,
  scale: number,
  windowNs: number,
  sampleNs: number,
): (nowNs: number) => number {
  const cap = Math.ceil(windowNs / Math.max(1, sampleNs)) + 2;
  const ts = new Float64Array(cap); // row 0: (0 ns, 0)
  const vs = new Float64Array(cap);
  let head = 0; // oldest kept
  let n = 1;
  return (now) => {
    const v = read();
    // Drop the oldest while the next one is still at least a span old: it can serve as the base.
    while (n >= 2 && now - ts[(head + 1) % cap] >= windowNs) {
      head = (head + 1) % cap;
      n--;
    }
    if (n === cap) {
      head = (head + 1) % cap;
      n--;
    }
    const r = now > ts[head] ? ((v - vs[head]) * scale) / (now - ts[head]) : 0;
    const tail = (head + n) % cap;
    ts[tail] = now;
    vs[tail] = v;
    n++;
    return r;
  };
}

/** A probe of `read`'s rate over the last RATE_WINDOW_NS at the model's sample interval, times `scale`. */
export function rateProbe(m: Model, read: () => number, scale: number): (nowNs: number) => number {
  return windowRate(read, scale, RATE_WINDOW_NS, m.sampleIntervalNs);
}

/** The total goodput series (every flow's in-order bytes), which the throughput panel and A/B's strip chart. */
export function addTotalGoodput(m: Model): void {
  m.addProbe(
    { key: 'tput.total', label: 'goodput (100 ms)', unit: 'bit/s', panel: 'throughput' },
    rateProbe(m, () => m.deliveredBytes(), 8 * NS_PER_SEC),
  );
}

/** Adds a stacked occupancy series (bytes) at `order` from the socket down. */
export function addOccupancy(m: Model, key: string, label: string, order: number, read: () => number): void {
  m.addProbe({ key, label, unit: 'B', panel: 'occupancy', stackOrder: order }, read);
}

/** Occupancy of a wired host from the socket to the wire, then the common probes. */
export function registerWiredProbes(m: Model, dev: DevQueue): void {
  const s0 = m.senders[0];
  const q = dev.qdisc;
  const occ = (key: string, label: string, order: number, read: () => number): void =>
    addOccupancy(m, key, label, order, read);
  const sc = m.scenario;
  addSocketUnsent(m);
  occ(
    'occ.qdisc',
    sc.shaper ? `qdisc (${shaperLabel(sc.shaper)})` : `qdisc (${sc.qdisc.kind})`,
    1,
    () => q.backlogBytes,
  );
  occ('occ.driver', sc.link.xen ? 'netfront + backend' : 'NIC ring', 2, () => m.driverBytes());
  // A shaper at the router is a layer of its own: the queue the shaping moved there.
  const rq = sc.router?.shaper ? m.routerQdisc : null;
  if (rq && sc.router?.shaper) {
    occ('occ.router_shaper', `router: ${shaperLabel(sc.router.shaper)}`, 3, () => rq.backlogBytes);
    occ('occ.wire', 'beyond the host (wires, ACKs)', 4, () =>
      beyondHost(m, q.backlogBytes + rq.backlogBytes),
    );
  } else {
    occ('occ.wire', 'beyond the host (wire, router, ACKs)', 3, () => beyondHost(m, q.backlogBytes));
  }
  addCommonProbes(m, s0);
}

/** The socket layer's series: bytes written and not yet sent, above what TSQ counts. */
export const SOCKET_UNSENT: SeriesSpec = {
  key: 'occ.sock_unsent',
  label: 'socket: unsent',
  unit: 'B',
  panel: 'occupancy',
  stackOrder: 0,
  role: 'unsent',
};

export function addSocketUnsent(m: Model): void {
  m.addProbe(SOCKET_UNSENT, () => unsentBytes(m));
}

/** Bytes copied into the sockets and not yet sent. */
export function unsentBytes(m: Model): number {
  let s = 0;
  for (const t of m.senders) s += t.unsentBytes;
  return s;
}

/** Bytes sent and not acknowledged that are past the host's queues: on the wire, in a router, or acked on the way back. */
function beyondHost(m: Model, hostQueued: number): number {
  let unacked = 0;
  for (const t of m.senders) unacked += t.sndNxt - t.sndUna;
  return Math.max(0, unacked - hostQueued - m.driverBytes());
}

/**
 * The two terms of the TSQ limit, max(2 × truesize, pacing_rate >> shift),
 * at each sample, where the era computes it (3.12+; before, the sysctl alone).
 */
function addBudgetTerms(m: Model, s0: TcpSender): void {
  if (!m.kernel.tsqDynamicLimit || !m.kernel.pacingRate) return;
  m.addProbe(
    { key: 'tsq.two_truesize', label: 'TSQ term: 2 × truesize', unit: 'B', panel: 'tcp' },
    () => s0.tsq.twiceTruesizeBytes,
  );
  m.addProbe(
    { key: 'tsq.rate_term', label: 'TSQ term: pacing_rate >> shift', unit: 'B', panel: 'tcp' },
    () => s0.tsq.pacingTermBytes,
  );
}

/** A socket's TSQ limit and sk_wmem_alloc, as lines over the occupancy stack. */
export function addTsqProbes(m: Model, s0: TcpSender): void {
  m.addProbe(
    { key: 'tsq.limit', label: 'TSQ limit', unit: 'B', panel: 'occupancy', overlay: true, role: 'limit' },
    () => s0.tsqLimit,
  );
  m.addProbe(
    { key: 'tsq.wmem', label: 'sk_wmem_alloc', unit: 'B', panel: 'occupancy', overlay: true },
    () => s0.wmemBytes,
  );
}

/** The first sender's TSQ limit and sk_wmem_alloc, goodput, cwnd, pacing rate (3.12+), srtt and CPU busy. */
export function addCommonProbes(m: Model, s0: TcpSender): void {
  addTsqProbes(m, s0);
  addTotalGoodput(m);
  m.addProbe({ key: 'tcp.cwnd', label: 'cwnd', unit: 'pkts', panel: 'tcp' }, () => s0.snd_cwnd);
  // sk_pacing_rate arrived in 3.12; a 3.6 socket has none to chart.
  if (m.kernel.pacingRate)
    m.addProbe({ key: 'tcp.pacing', label: 'pacing rate', unit: 'bit/s', panel: 'tcp' }, () =>
      s0.pacingRateBps(),
    );
  m.addProbe({ key: 'tcp.srtt', label: 'srtt', unit: 'ms', panel: 'tcp' }, () => s0.srttNs / 1e6);
  addBudgetTerms(m, s0);
  if (!m.scenario.cpu.enabled) return; // no CPU model: no busy series (a flat 0 would claim an idle core)
  const cpuBusy = rateProbe(m, () => m.cpu.busyTimeNs(), 1);
  m.addProbe({ key: 'cpu.busy', label: 'sender CPU busy (100 ms)', unit: 'fraction', panel: 'cpu' }, (now) =>
    Math.min(1, cpuBusy(now)),
  );
}
