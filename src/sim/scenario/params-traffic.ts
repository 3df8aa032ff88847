/**
 * The explorer's knobs for the applications above the sockets
 * (model/traffic, model/udp): the first UDP flow's iperf3 -u options.
 * They restart the run (a flow's application is set when it connects).
 */
import type { ParamDef } from './params';

export const TRAFFIC_PARAMS: Record<string, ParamDef> = {
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
