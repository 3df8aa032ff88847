/**
 * Four bulk flows at four base RTTs through one bottleneck, as Flent's
 * rtt_fair4be test runs them: one TCP upload (netperf TCP_STREAM) from the
 * client to each of four hosts, each host behind a delay of its own, and a
 * ping to each host every 0.2 s. The bottleneck is set up as such a test is
 * run: a router's 1 Gbit/s port shaped by htb to 100 Mbit/s with fq_codel
 * under the class (sqm-scripts' simplest.qos, ./sqm-base.ts). fq_codel's
 * per-flow queues even the shares out; under a FIFO leaf the short-RTT flows
 * take most of the link, since a flow's window grows once per RTT and every
 * flow waits in the same queue.
 */
import type { FlowSpec } from '../scenario';
import type { Preset } from './preset';
import { sqmUplink } from './sqm-base';

/** The four base RTTs (ms): an octave apart, the spread rtt_fair4be is meant to test. */
export const RTT_FAIR_RTTS_MS = [10, 20, 40, 80] as const;
const BOTTLENECK_BPS = 100e6;
const ROUTER_PROPAGATION_US = 50;

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
  title: 'RTT fairness: four flows at 10/20/40/80 ms through one 100 Mbit/s htb shaper',
  description:
    'Flent’s rtt_fair4be: four CUBIC uploads from one host to four hosts whose base RTTs are 10, 20, 40 and 80 ms, through a router whose 1 Gbit/s port htb shapes to 100 Mbit/s with fq_codel under the class, and a ping to each host. Switch the leaf to pfifo to see the short flows take the link.',
  params: [
    'router.shaper.leaf',
    'router.shaper.rateBps',
    'router.shaper.kind',
    'tcp.cc',
    'era',
    'qdisc.kind',
    'tcp.tcp_limit_output_bytes',
  ],
  scenario: () => {
    const sc = sqmUplink({ uplinkBps: BOTTLENECK_BPS, wanPropagationUs: ROUTER_PROPAGATION_US });
    sc.title = 'Four CUBIC flows, 10/20/40/80 ms, htb at 100 Mbit/s over fq_codel';
    sc.era = '6.6';
    sc.durationMs = 30_000;
    sc.warmupMs = 5000;
    sc.sampleIntervalUs = 2000;
    sc.pingIntervalMs = 200;
    sc.tcp.flows = RTT_FAIR_RTTS_MS.length;
    sc.tcp.perFlow = flows();
    return sc;
  },
  constants: [
    {
      path: 'tcp.perFlow',
      why: 'Base RTTs of 10, 20, 40 and 80 ms: the octave spread of Flent’s rtt_fair4be; each host adds its own delay beyond the shared 0.2 ms.',
    },
    {
      path: 'router.shaper.rateBps',
      why: 'A 100 Mbit/s bottleneck, ten times below the sender’s 1 Gbit/s link, set as such a test is run: htb at rate = ceil = 100 Mbit/s on the router’s 1 Gbit/s port (sqm-scripts simplest.qos), so the queue builds in the shaper’s leaf.',
    },
    {
      path: 'router.shaper.burstBytes',
      why: 'tc’s default for an htb class without `burst` (q_htb.c: rate/get_hz() + mtu 1600; get_hz() = 10^9 with high-resolution timers, so 0 + 1600 at 12.5 MB/s).',
    },
    {
      path: 'router.qdisc',
      why: 'The leaf’s options as sqm passes them (./sqm-base.ts): fq_codel, limit 1001, target 5 ms, interval 100 ms, ECN on (the modelled TCP does not negotiate ECN, so CoDel drops).',
    },
    {
      path: 'router.rateBps',
      why: 'The router’s port: 1 Gbit/s Ethernet with a 256-slot ring and BQL, faster than the shaper, as below sqm.',
    },
    { path: 'router.propagationUs', why: '50 µs of cable beyond the router, like the sender’s link.' },
    { path: 'pingIntervalMs', why: 'Flent’s default step of 0.2 s between pings.' },
    { path: 'era', why: 'A 6.6 kernel on every host (its autotuning sizes each receiver’s window).' },
  ],
};
