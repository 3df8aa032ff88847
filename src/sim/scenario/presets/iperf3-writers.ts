/**
 * Two iperf3 uploads through the sqm uplink (./sqm-base.ts): one held by
 * its application at `-b 5M`, one bulk, each with iperf3's 128 KiB writes.
 * The scene of the writers in model/traffic: an application-limited flow
 * keeps a small cwnd and queue beside a bulk one; smaller writes (`-l`) with
 * TCP_NODELAY (`-N`) are where tcp_autocorking acts.
 */
import { IPERF3_PACING_TIMER_US, IPERF3_TCP_BLKSIZE_BYTES } from '../../model/traffic/app-spec';
import type { Preset } from './preset';
import { SQM_UPLINK_BPS, SQM_WAN_PROPAGATION_US, sqmUplink } from './sqm-base';

export const iperf3Writers: Preset = {
  id: 'iperf3-writers',
  title: 'iperf3 -b 5M beside a bulk iperf3 upload through htb + fq_codel at 20 Mbit/s',
  description:
    'Two CUBIC uploads from one LAN host through a home router shaping its uplink to 20 Mbit/s with htb and fq_codel: flow 0 is iperf3 -b 5M, which writes a 128 KiB block whenever its average since the start falls below 5 Mbit/s (checked after each write and every millisecond), so its data comes in bursts of about 90 segments; flow 1 is a bulk iperf3. The per-flow table says how much of the time each was held by its application, its cwnd, the receive window, pacing or TSQ. Raise -b past the fair share to see flow 0 become cwnd-limited; shrink -l to 1 KB with TCP_NODELAY and toggle tcp_autocorking to see small writes corked while earlier skbs wait below the socket.',
  params: [
    'tcp.perFlow.0.app.rateBps',
    'tcp.perFlow.0.app.writeBytes',
    'tcp.perFlow.0.app.pacingTimerUs',
    'tcp.perFlow.0.app.noDelay',
    'tcp.perFlow.1.app.writeBytes',
    'tcp.perFlow.1.app.noDelay',
    'kernel.tcp_autocorking',
    'router.shaper.leaf',
    'router.shaper.rateBps',
    'tcp.cc',
  ],
  scenario: () => {
    const sc = sqmUplink({ uplinkBps: SQM_UPLINK_BPS, wanPropagationUs: SQM_WAN_PROPAGATION_US });
    sc.title = 'iperf3 -b 5M and a bulk iperf3 upload through htb + fq_codel at 20 Mbit/s';
    sc.durationMs = 10_000;
    sc.warmupMs = 3000;
    sc.pingIntervalMs = 200;
    sc.tcp.cc = 'cubic';
    sc.tcp.flows = 2;
    const flow = { rttUs: null, startMs: 0, stopMs: null, cc: null };
    const writeBytes = IPERF3_TCP_BLKSIZE_BYTES;
    sc.tcp.perFlow = [
      {
        ...flow,
        name: 'iperf3 -b 5M',
        app: {
          kind: 'rate',
          rateBps: 5e6,
          writeBytes,
          pacingTimerUs: IPERF3_PACING_TIMER_US,
          noDelay: false,
        },
      },
      { ...flow, name: 'iperf3 bulk', app: { kind: 'bulk', writeBytes, noDelay: false } },
    ];
    return sc;
  },
  constants: [
    {
      path: 'router.shaper.rateBps',
      why: 'A 20 Mbit/s uplink, as in sqm-htb-fq-codel (cable and VDSL upload tiers); htb with tc’s default burst (1600 bytes) and sqm’s fq_codel leaf.',
    },
    {
      path: 'tcp.perFlow.0.app.rateBps',
      why: 'A quarter of the uplink, well below the fair share of two flows: the application, not the network, holds the flow.',
    },
    {
      path: 'tcp.perFlow.0.app.writeBytes',
      why: 'iperf3’s TCP default block, DEFAULT_TCP_BLKSIZE = 128 KiB (src/iperf_api.h), for both flows.',
    },
    {
      path: 'tcp.perFlow.0.app.pacingTimerUs',
      why: 'iperf3’s --pacing-timer default, DEFAULT_PACING_TIMER = 1000 µs (src/iperf_api.h).',
    },
    {
      path: 'router.propagationUs',
      why: '10 ms one way to the far host (20 ms base RTT), as in sqm-htb-fq-codel: a chosen, typical path.',
    },
    { path: 'pingIntervalMs', why: '200 ms, Flent’s default step.' },
    { path: 'era', why: 'Linux 6.6, the wired hosts’ default era.' },
  ],
};
