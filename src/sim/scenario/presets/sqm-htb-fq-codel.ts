/**
 * The classic sqm setup: a home router shapes its 1 Gbit/s WAN port to a
 * 20 Mbit/s uplink with htb and queues in fq_codel under it
 * (sqm-scripts simplest.qos: `htb default 10`, a class at `rate = ceil =
 * UPLINK`, fq_codel as its leaf), one bulk upload and a ping behind it.
 */
import type { Preset } from './preset';
import { SQM_UPLINK_BPS, SQM_WAN_PROPAGATION_US, sqmUplink } from './sqm-base';

export const sqmHtbFqCodel: Preset = {
  id: 'sqm-htb-fq-codel',
  title: 'sqm: htb shaping a 1 Gbit/s router port to a 20 Mbit/s uplink, fq_codel leaf',
  description:
    'One CUBIC upload from a LAN host through a home router whose 1 Gbit/s WAN port is shaped with htb to a 20 Mbit/s uplink, fq_codel under the class (sqm-scripts’ simplest.qos), and a ping beside it. The queue sits in the router’s leaf, where CoDel keeps it near 5 ms; switch the leaf to pfifo (1000 packets) to see the bufferbloat sqm removes, or the shaper to tbf or cake.',
  params: [
    'router.shaper.kind',
    'router.ingressGro',
    'router.shaper.rateBps',
    'router.shaper.burstBytes',
    'router.shaper.leaf',
    'router.shaper.overheadBytes',
    'router.shaper.mpuBytes',
    'router.shaper.cake.flowMode',
    'router.shaper.cake.ackFilter',
    'router.shaper.cake.diffserv',
    'router.qdisc.kind',
    'router.ringSlots',
    'router.bql',
    'tcp.cc',
    'tcp.flows',
  ],
  scenario: () => {
    const sc = sqmUplink({ uplinkBps: SQM_UPLINK_BPS, wanPropagationUs: SQM_WAN_PROPAGATION_US });
    sc.title = 'sqm: 1 Gbit/s WAN port shaped by htb to 20 Mbit/s, fq_codel leaf, one upload + ping';
    sc.durationMs = 20_000;
    sc.warmupMs = 5000;
    sc.pingIntervalMs = 200;
    return sc;
  },
  constants: [
    {
      path: 'router.shaper.rateBps',
      why: 'A 20 Mbit/s uplink, inside the 20–50 Mbit/s of cable and VDSL upload tiers; sqm sets rate = ceil = UPLINK (simplest.qos), the shaper then is the bottleneck.',
    },
    {
      path: 'router.shaper.burstBytes',
      why: 'tc’s default for an htb class without `burst` (q_htb.c: rate/get_hz() + mtu 1600; get_hz() = 10^9 with high-resolution timers, so 0 + 1600 at 2.5 MB/s), which simplest.qos leaves in place.',
    },
    {
      path: 'router.shaper.ceilBps',
      why: 'null: tc’s default, ceil = rate, as simplest.qos sets it.',
    },
    {
      path: 'router.shaper.leaf',
      why: 'fq_codel, sqm’s default QDISC (defaults.sh).',
    },
    {
      path: 'router.qdisc',
      why: 'The leaf’s options as sqm passes them: limit 1001 (defaults.sh LIMIT), target 5 ms (TARGET), interval 100 ms (fq_codel’s default), ECN on (EECN "ECN"; the modelled TCP does not negotiate ECN, so CoDel drops).',
    },
    {
      path: 'router.rateBps',
      why: 'The router’s WAN port: 1 Gbit/s Ethernet to the modem or ONT, with a 256-slot ring and BQL as the router device had before it was configurable.',
    },
    {
      path: 'router.propagationUs',
      why: '10 ms one way to the far host (20 ms base RTT): a chosen, typical ISP path to a nearby server, not taken from a measurement.',
    },
    {
      path: 'link',
      why: 'The LAN: 1 Gbit/s Ethernet, 50 µs each way (the wired hosts’ default), TSO on; the host runs fq_codel (systemd’s net.core.default_qdisc).',
    },
    {
      path: 'pingIntervalMs',
      why: '200 ms, Flent’s default step, as in its rrul and tcp_upload tests.',
    },
    { path: 'era', why: 'Linux 6.6, the wired hosts’ default era.' },
  ],
};
