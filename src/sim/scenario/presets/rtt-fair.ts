/**
 * Four bulk flows at four base RTTs through one bottleneck, as Flent's
 * rtt_fair4be test runs them: one TCP upload (netperf TCP_STREAM) from the
 * client to each of four hosts, each host behind a delay of its own, and a
 * ping to each host every 0.2 s. Under a FIFO the short-RTT flows take most
 * of the link, since a flow's window grows once per RTT and every flow waits
 * in the same queue; fq_codel's per-flow queues even the shares out.
 */
import { DEFAULT_QDISC, type FlowSpec, type QdiscKindName, type RouterConfig } from '../scenario';
import type { Preset } from './preset';
import { wiredBase } from './wired-base';

/** The four base RTTs (ms): an octave apart, the spread rtt_fair4be is meant to test. */
export const RTT_FAIR_RTTS_MS = [10, 20, 40, 80] as const;
const BOTTLENECK_BPS = 100e6;
const ROUTER_PROPAGATION_US = 50;

/**
 * The bottleneck: the router's egress at BOTTLENECK_BPS with `qdisc` in
 * front of its NIC. A shaper (htb or cake at the same rate on a faster
 * link) replaces this one function.
 */
export function rttFairBottleneck(qdisc: QdiscKindName): RouterConfig {
  return {
    rateBps: BOTTLENECK_BPS,
    propagationUs: ROUTER_PROPAGATION_US,
    qdisc: { ...DEFAULT_QDISC, kind: qdisc, ecn: false },
  };
}

const flows = (): FlowSpec[] =>
  RTT_FAIR_RTTS_MS.map((rtt) => ({
    name: `${rtt} ms`,
    rttUs: rtt * 1000,
    startMs: 0,
    stopMs: null,
    cc: null,
  }));

export const rttFair: Preset = {
  id: 'rtt-fair-4',
  title: 'RTT fairness: four flows at 10/20/40/80 ms through one 100 Mbit/s bottleneck',
  description:
    'Flent’s rtt_fair4be: four CUBIC uploads from one host to four hosts whose base RTTs are 10, 20, 40 and 80 ms, through a router’s 100 Mbit/s egress with fq_codel, and a ping to each host. Switch the bottleneck qdisc to pfifo_fast to see the short flows take the link.',
  params: ['router.qdisc.kind', 'tcp.cc', 'era', 'qdisc.kind', 'tcp.tcp_limit_output_bytes'],
  scenario: () => {
    const sc = wiredBase();
    sc.title = 'Four CUBIC flows, 10/20/40/80 ms, 100 Mbit/s bottleneck, fq_codel';
    sc.era = '6.6';
    sc.durationMs = 30_000;
    sc.warmupMs = 5000;
    sc.sampleIntervalUs = 2000;
    sc.pingIntervalMs = 200;
    sc.tcp.flows = RTT_FAIR_RTTS_MS.length;
    sc.tcp.perFlow = flows();
    sc.qdisc = { ...sc.qdisc, kind: 'fq_codel' };
    sc.router = rttFairBottleneck('fq_codel');
    return sc;
  },
  constants: [
    {
      path: 'tcp.perFlow',
      why: 'Base RTTs of 10, 20, 40 and 80 ms: the octave spread of Flent’s rtt_fair4be; each host adds its own delay beyond the shared 0.2 ms.',
    },
    {
      path: 'router.rateBps',
      why: 'A 100 Mbit/s Ethernet egress as the bottleneck, ten times below the sender’s 1 Gbit/s link, so the queue builds at the router.',
    },
    {
      path: 'router.qdisc',
      why: 'fq_codel, the default qdisc systemd sets (net.core.default_qdisc); its defaults (5 ms target, 100 ms interval, 10240 packets). ECN off: the senders do not negotiate it.',
    },
    { path: 'router.propagationUs', why: '50 µs of cable beyond the router, like the sender’s link.' },
    { path: 'pingIntervalMs', why: 'Flent’s default step of 0.2 s between pings.' },
    { path: 'era', why: 'A 6.6 kernel on every host (its autotuning sizes each receiver’s window).' },
  ],
};
