/**
 * An unresponsive UDP flood beside a TCP upload, behind the sqm uplink
 * (./sqm-base.ts): what a FIFO leaf lets one flow do to everyone and what
 * fq_codel isolates. The scene of Flent's and iperf3's classic demonstration.
 */
import { IPERF3_PACING_TIMER_US, IPERF3_UDP_BLKSIZE_BYTES } from '../../model/traffic/app-spec';
import type { Preset } from './preset';
import { sqmHtb, sqmUplink } from './sqm-base';

/** The shaped uplink (bit/s) and the flood's rate: half again more than it can carry. */
export const UDP_FLOOD_UPLINK_BPS = 20e6;
export const UDP_FLOOD_RATE_BPS = 1.5 * UDP_FLOOD_UPLINK_BPS;

export const udpFloodPfifoVsFqCodel: Preset = {
  id: 'udp-flood-pfifo-vs-fq-codel',
  title: 'A UDP flood at 1.5× the uplink beside a TCP upload: pfifo leaf against fq_codel',
  description:
    'A home router shapes its 1 Gbit/s WAN port to 20 Mbit/s with htb; behind it one CUBIC upload and one iperf3 -u -b 30M flood (1460-byte datagrams) from the same LAN host, with a ping. The leaf starts as pfifo (1000 packets): the flood takes what it sends of the FIFO, TCP backs off to almost nothing and the ping waits behind a full queue. Switch router.shaper.leaf to fq_codel: the flood gets its fair share and loses the rest to drops, TCP keeps the other half, the ping stays near the base RTT.',
  params: [
    'router.shaper.leaf',
    'router.ingressGro',
    'router.shaper.rateBps',
    'udpFlows.0.rateBps',
    'udpFlows.0.packetBytes',
    'tcp.cc',
  ],
  scenario: () => {
    const uplinkBps = UDP_FLOOD_UPLINK_BPS;
    const sc = sqmUplink({
      uplinkBps,
      wanPropagationUs: 10_000,
      shaper: sqmHtb(uplinkBps, 'pfifo'),
    });
    sc.router!.qdisc = { ...sc.router!.qdisc, kind: 'pfifo', limit: 1000 };
    sc.title = 'UDP flood at 30 Mbit/s + one upload through htb at 20 Mbit/s, pfifo leaf';
    sc.durationMs = 10_000;
    sc.warmupMs = 3000;
    sc.pingIntervalMs = 200;
    sc.udpFlows = [
      {
        name: 'udp flood',
        rateBps: UDP_FLOOD_RATE_BPS,
        packetBytes: IPERF3_UDP_BLKSIZE_BYTES,
        pacingTimerUs: IPERF3_PACING_TIMER_US,
        startMs: 0,
        stopMs: null,
      },
    ];
    return sc;
  },
  constants: [
    {
      path: 'router.shaper.rateBps',
      why: 'A 20 Mbit/s uplink, as in sqm-htb-fq-codel (cable and VDSL upload tiers); htb with tc’s default burst (1600 bytes).',
    },
    {
      path: 'udpFlows.0.rateBps',
      why: '1.5 × the uplink, so the flood alone overloads it: iperf3 -u -b 30M.',
    },
    {
      path: 'udpFlows.0.packetBytes',
      why: 'iperf3’s UDP default (DEFAULT_UDP_BLKSIZE 1460 bytes, src/iperf_api.h), which fits a 1500-byte MTU.',
    },
    {
      path: 'udpFlows.0.pacingTimerUs',
      why: 'iperf3’s --pacing-timer default (DEFAULT_PACING_TIMER 1000 µs): the flood writes a burst of about 3.7 datagrams every millisecond.',
    },
    {
      path: 'router.qdisc',
      why: 'pfifo with limit 1000 packets (tc’s default for pfifo is the device’s txqueuelen, 1000); fq_codel, when switched, with sqm’s options (limit 1001, target 5 ms).',
    },
    {
      path: 'router.propagationUs',
      why: '10 ms one way to the far host (20 ms base RTT), as in sqm-htb-fq-codel: a chosen, typical path.',
    },
    { path: 'pingIntervalMs', why: '200 ms, Flent’s default step.' },
    { path: 'era', why: 'Linux 6.6, the wired hosts’ default era.' },
  ],
};
