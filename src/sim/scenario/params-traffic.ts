/**
 * The explorer's knobs for the applications above the sockets
 * (model/traffic, model/udp): the first UDP flow's iperf3 -u options.
 * They restart the run (a flow's application is set when it connects).
 */
import type { ParamDef } from './params';

/** A TCP flow's iperf3 writer (tcp.perFlow.N.app, ../model/traffic/app-spec.ts). */
function writerKnobs(i: number): Record<string, ParamDef> {
  const app = `tcp.perFlow.${i}.app`;
  return {
    [`${app}.rateBps`]: {
      key: `${app}.rateBps`,
      label: `flow ${i}: iperf3 -b`,
      layer: 'traffic',
      kind: 'float',
      unit: 'bit/s',
      min: 1e5,
      max: 10e9,
      scale: 'log',
      ticks: [1e6, 10e6, 100e6],
      help: 'iperf3’s target rate: it writes a block whenever its average since the start is below this, checked after each write and on every --pacing-timer tick (iperf_check_throttle). Below the path’s share the application, not the network, holds the flow.',
      kernelFile: 'net/ipv4/tcp.c',
      live: false,
    },
    [`${app}.writeBytes`]: {
      key: `${app}.writeBytes`,
      label: `flow ${i}: write size (iperf3 -l)`,
      layer: 'traffic',
      kind: 'int',
      unit: 'B',
      min: 1,
      max: 16 * 1024 * 1024,
      scale: 'log',
      ticks: [1000, 16384, 131072],
      help: 'Bytes per write(): tcp_sendmsg copies each into the write queue, then tcp_push; small writes are where Nagle and tcp_autocorking decide when the tail goes.',
      kernelFile: 'net/ipv4/tcp.c',
      live: false,
    },
    [`${app}.pacingTimerUs`]: {
      key: `${app}.pacingTimerUs`,
      label: `flow ${i}: iperf3 --pacing-timer`,
      layer: 'traffic',
      kind: 'int',
      unit: 'µs',
      min: 1,
      max: 1_000_000,
      scale: 'log',
      ticks: [1000],
      help: 'How often iperf3 -b checks its average besides after each write (default 1000 µs): a longer period writes in larger bursts.',
      kernelFile: 'net/ipv4/tcp.c',
      live: false,
    },
    [`${app}.noDelay`]: {
      key: `${app}.noDelay`,
      label: `flow ${i}: TCP_NODELAY (iperf3 -N)`,
      layer: 'traffic',
      kind: 'bool',
      help: 'Nagle off: a partial tail segment may go at once (tcp_nagle_check), unless tcp_autocorking holds it while earlier skbs of the socket are still in the qdisc or the device.',
      kernelFile: 'net/ipv4/tcp_output.c',
      live: false,
    },
  };
}

export const TRAFFIC_PARAMS: Record<string, ParamDef> = {
  ...writerKnobs(0),
  ...writerKnobs(1),
  'udpFlows.0.rateBps': {
    key: 'udpFlows.0.rateBps',
    label: 'UDP flood rate (iperf3 -u -b)',
    layer: 'traffic',
    kind: 'float',
    unit: 'bit/s',
    min: 1e5,
    max: 10e9,
    scale: 'log',
    ticks: [10e6, 20e6, 30e6, 100e6],
    help: 'The UDP sender’s target: iperf3 writes datagrams while its average since the start is below it, checked after each datagram and every --pacing-timer tick. It does not slow down for loss.',
    kernelFile: 'net/ipv4/udp.c',
    live: false,
  },
  'udpFlows.0.packetBytes': {
    key: 'udpFlows.0.packetBytes',
    label: 'UDP datagram size (iperf3 -l)',
    layer: 'traffic',
    kind: 'int',
    unit: 'B',
    min: 16,
    max: 1472,
    step: 1,
    help: 'Payload of each datagram (iperf3’s default 1460 B). Each is one skb charged to the UDP socket until the device frees it; smaller datagrams mean more packets per second for the same rate.',
    kernelFile: 'net/ipv4/ip_output.c',
    live: false,
  },
};
