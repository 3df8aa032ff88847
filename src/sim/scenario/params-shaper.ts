/**
 * The explorer's knobs for a shaper at the router's egress (htb, tbf, cake)
 * and for the router's device, with tc's and the kernel's defaults. A
 * sender-side shaper takes the same knobs under `shaper.` (not listed by the
 * presets yet).
 */
import type { ParamDef } from './params';
import { htbDefaultBurstBytes } from '../model/qdisc/tc-rates';
import { CAKE_DIFFSERV_MODES } from '../model/qdisc/cake/cake-config';

const KB = 1024;

export const SHAPER_PARAMS: Record<string, ParamDef> = {
  'router.shaper.kind': {
    key: 'router.shaper.kind',
    label: 'shaper',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      { value: 'htb', label: 'htb (one class, leaf qdisc)' },
      { value: 'tbf', label: 'tbf (token bucket, leaf qdisc)' },
      { value: 'cake', label: 'cake (shaper + flow isolation + COBALT)' },
    ],
    help: 'The qdisc at the root of the router’s egress that holds the rate below the link: htb and tbf pay a token bucket per packet and hand the queue to their leaf; cake keeps a virtual clock and its own per-flow queues.',
    kernelFile: 'net/sched/sch_htb.c',
    live: false,
  },
  'router.shaper.rateBps': {
    key: 'router.shaper.rateBps',
    label: 'shaper rate',
    layer: 'qdisc',
    kind: 'float',
    unit: 'bit/s',
    min: 1e5,
    max: 10e9,
    scale: 'log',
    ticks: [10e6, 20e6, 50e6, 100e6],
    help: 'htb/tbf `rate`, cake `bandwidth`: what the shaper lets through, counted in qdisc_pkt_len plus the overhead.',
    kernelFile: 'net/sched/sch_generic.c',
    live: false,
  },
  'router.shaper.burstBytes': {
    key: 'router.shaper.burstBytes',
    label: 'burst (htb/tbf bucket)',
    layer: 'qdisc',
    kind: 'int',
    unit: 'B',
    min: 1514,
    max: 16 * 1024 * KB,
    scale: 'log',
    ticks: [1600, 15140, 64 * KB],
    help: 'Bucket depth: how much may leave back to back after an idle spell (htb one packet more, as it charges after sending). tc’s htb default is rate/HZ + 1600 bytes with HZ = 10^9 on high-resolution timers; tbf needs one.',
    kernelFile: 'net/sched/sch_tbf.c',
    live: false,
    kernelDefault: (sc) => htbDefaultBurstBytes(Math.floor((sc.router?.shaper?.rateBps ?? 0) / 8)),
  },
  'router.shaper.leaf': {
    key: 'router.shaper.leaf',
    label: 'leaf qdisc (htb/tbf)',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      { value: 'fq_codel', label: 'fq_codel' },
      { value: 'default', label: 'default (htb: pfifo, tbf: bfifo)' },
      { value: 'pfifo', label: 'pfifo' },
      { value: 'fq', label: 'fq' },
      { value: 'pfifo_fast', label: 'pfifo_fast' },
    ],
    help: 'The qdisc under htb’s class or tbf; it takes its limits and CoDel settings from router.qdisc.',
    kernelFile: 'net/sched/sch_htb.c',
    live: false,
    kernelDefault: () => 'default',
  },
  'router.shaper.overheadBytes': {
    key: 'router.shaper.overheadBytes',
    label: 'per-packet overhead',
    layer: 'qdisc',
    kind: 'int',
    unit: 'B',
    min: 0,
    max: 256,
    help: 'Link-layer bytes the shaper adds to each packet: tc `overhead` (htb/tbf: added to qdisc_pkt_len; cake: replaces the 14-byte Ethernet header, e.g. 38 for Ethernet’s preamble, FCS and gap, 18 for DOCSIS; cake also takes −64…−1 through --set).',
    kernelFile: 'net/sched/sch_cake.c',
    live: false,
  },
  'router.shaper.mpuBytes': {
    key: 'router.shaper.mpuBytes',
    label: 'minimum packet unit',
    layer: 'qdisc',
    kind: 'int',
    unit: 'B',
    min: 0,
    max: 256,
    help: 'tc `mpu`: a smaller packet is charged as this many bytes (cake `ethernet` sets 84, `docsis` 64).',
    kernelFile: 'net/sched/sch_cake.c',
    live: false,
    kernelDefault: () => 0,
  },
  'router.shaper.cake.flowMode': {
    key: 'router.shaper.cake.flowMode',
    label: 'cake isolation',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      'triple-isolate',
      'dual-srchost',
      'dual-dsthost',
      'flows',
      'hosts',
      'srchost',
      'dsthost',
      'flowblind',
    ].map((v) => ({ value: v, label: v })),
    help: 'What cake gives a queue of its own: each flow, each host, or hosts first and their flows second (dual, triple).',
    kernelFile: 'net/sched/sch_cake.c',
    live: false,
    kernelDefault: () => 'triple-isolate',
  },
  'router.shaper.cake.ackFilter': {
    key: 'router.shaper.cake.ackFilter',
    label: 'cake ACK filter',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      { value: 'off', label: 'off' },
      { value: 'on', label: 'ack-filter' },
      { value: 'aggressive', label: 'ack-filter-aggressive' },
    ],
    help: 'Drops pure ACKs that a newer ACK in the same queue makes redundant; it acts only where ACKs queue in this cake.',
    kernelFile: 'net/sched/sch_cake.c',
    live: false,
    kernelDefault: () => 'off',
  },
  'router.shaper.cake.diffserv': {
    key: 'router.shaper.cake.diffserv',
    label: 'cake tins',
    layer: 'qdisc',
    kind: 'enum',
    options: CAKE_DIFFSERV_MODES.map((v) => ({
      value: v,
      label: v,
    })),
    help: 'Tin mode; every packet here is DSCP 0, which sets the flow quantum and COBALT target from its tin’s rate (diffserv8 puts it in a tin at 49/64 of the rate).',
    kernelFile: 'net/sched/sch_cake.c',
    live: false,
    kernelDefault: () => 'diffserv3',
  },
  'router.ringSlots': {
    key: 'router.ringSlots',
    label: 'router TX ring',
    layer: 'nic',
    kind: 'int',
    unit: 'slots',
    min: 1,
    max: 4096,
    scale: 'log',
    ticks: [64, 256, 1024],
    help: 'Descriptors in the router’s egress ring below its qdisc or shaper.',
    kernelFile: 'drivers/net/ethernet',
    live: false,
  },
  'router.bql': {
    key: 'router.bql',
    label: 'router BQL',
    layer: 'nic',
    kind: 'bool',
    help: 'Byte Queue Limits on the router’s egress ring.',
    kernelFile: 'lib/dynamic_queue_limits.c',
    live: false,
  },
  'router.ingressGro': {
    key: 'router.ingressGro',
    label: 'router GRO (forwards GSO skbs whole)',
    layer: 'qdisc',
    kind: 'bool',
    help: 'The router’s receive path merges each TSO burst back into one skb (GRO) and forwards it whole, as routers with GRO and routers over veths do: its qdisc then counts skbs of many segments, so a 1000-packet pfifo holds far more bytes, and a tail drop loses every segment of an skb.',
    kernelFile: 'net/core/gro.c',
    live: false,
  },
};

/** The router's download side (router.down, ./wired-reverse.ts): the same knobs on its shaper. */
const downKnob = (field: string, label: string, help: string): ParamDef => ({
  ...SHAPER_PARAMS[`router.shaper.${field}`],
  key: `router.down.shaper.${field}`,
  label,
  help,
});
SHAPER_PARAMS['router.down.shaper.rateBps'] = downKnob(
  'rateBps',
  'download shaper rate',
  'The rate the router’s download side lets through (sqm’s DOWNLINK: htb on the IFB that takes the WAN’s ingress), counted as the upload side counts it.',
);
SHAPER_PARAMS['router.down.shaper.leaf'] = downKnob(
  'leaf',
  'download leaf qdisc (htb/tbf)',
  'The qdisc under the download shaper; it takes its limits and CoDel settings from router.down.qdisc.',
);
