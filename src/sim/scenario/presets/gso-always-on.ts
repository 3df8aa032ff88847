/**
 * "tcp: switch to GSO being always on" (0a6b2a1dc2a2, Feb 2018): one BBR
 * netperf TCP_STREAM on a 40 Gbit/s link, a CPU-bound sender. The swept knobs
 * are the qdisc, ethtool sg, and the kernel before/after the patch.
 */
import type { Preset, TableCell, TableRun } from './preset';
import { wiredBase } from './wired-base';

const QDISCS = ['fq', 'pfifo_fast', 'fq_codel'] as const;
const MODES = [
  { id: 'sg_on', era: '4.17', sg: true },
  { id: 'sg_off', era: '4.17', sg: false },
  { id: 'sg_off_before_patch', era: '4.16', sg: false },
] as const;
const PUBLISHED: Record<string, Record<string, number>> = {
  fq: { sg_on: 26.0, sg_off: 15.7, sg_off_before_patch: 2.3 },
  pfifo_fast: { sg_on: 24.2, sg_off: 14.9, sg_off_before_patch: 0.66 },
  fq_codel: { sg_on: 24.4, sg_off: 15.0, sg_off_before_patch: 0.66 },
};

const runs: TableRun[] = [];
const cells: TableCell[] = [];
for (const q of QDISCS) {
  for (const m of MODES) {
    const id = `${q}/${m.id}`;
    runs.push({ id, set: { 'qdisc.kind': q, 'link.sg': m.sg, era: m.era } });
    cells.push({
      label: id,
      unit: 'Gbit/s',
      published: PUBLISHED[q][m.id],
      tolerance: { rel: 0.1 },
      simulated: (r) => r[id].goodputBps / 1e9,
    });
  }
}

export const gsoAlwaysOn: Preset = {
  id: 'gso-always-on',
  title: 'GSO always on: BBR at 40 Gbit/s with sg on/off',
  description:
    'A CPU-bound sender: per-skb, per-byte and per-segment costs, software segmentation, and BBR pacing that arms one hrtimer per skb without fq (one per MSS before GSO was always on).',
  source: 'tcp-gso-always-on',
  params: [
    'era',
    'qdisc.kind',
    'link.sg',
    'tcp.cc',
    'tcp.sk_pacing_shift',
    'tcp.tcp_limit_output_bytes',
    'cpu.timerLatencyNs',
  ],
  scenario: () => {
    const sc = wiredBase();
    sc.title = 'BBR, 40 Gbit/s, fq, sg on (Linux 4.17)';
    sc.era = '4.17';
    sc.durationMs = 3000;
    sc.warmupMs = 1000;
    sc.sampleIntervalUs = 500;
    sc.tcp.cc = 'bbr';
    sc.qdisc.kind = 'fq';
    sc.link = {
      ...sc.link,
      rateBps: 40e9,
      propagationUs: 5,
      ringSlots: 1024,
      bql: true,
      sg: true,
      completion: { kind: 'coalesced', usecs: 16, frames: 16 },
    };
    sc.receiver.groWindowUs = 16;
    sc.cpu = {
      enabled: true,
      platform: null,
      perSkbNs: 1500,
      perByteCopyNs: 0.243,
      perSkbAllocNs: 1000,
      perAckedSkbNs: 1200,
      perGsoSegmentNs: 90,
      perByteGsoCopyNs: 0,
      perSegmentXmitNs: 50,
      perTimerNs: 1000,
      perAckNs: 700,
      perCompletionNs: 150,
      timerLatencyNs: 2400,
    };
    return sc;
  },
  constants: [
    { path: 'link.rateBps', why: '40 Gbit/s link of the commit message.' },
    { path: 'link.completion', why: 'mlx4 default TX interrupt moderation: 16 µs / 16 frames (mlx4_en.h).' },
    { path: 'cpu.perByteCopyNs', why: 'copy_from_user at ~4 GB/s per core, a 2018 Xeon memcpy figure.' },
    {
      path: 'cpu.perSkbNs',
      why: 'tcp_transmit_skb → qdisc → driver path per skb, a few µs (perf profiles of the era).',
    },
    { path: 'cpu.timerLatencyNs', why: 'hrtimer expiry to softirq/tasklet run: a few µs on a busy core.' },
  ],
  table: {
    method:
      'The commit message gives one netperf TCP_STREAM run per cell, not a mean: each cell is one run (seed N).',
    caption: 'Throughput, Gbit/s (one netperf TCP_STREAM, BBR, 40 Gbit/s)',
    columns: ['sg on', 'sg off', 'sg off before the patch'],
    rows: QDISCS.map((q) => ({ label: q, cells: MODES.map((m) => `${q}/${m.id}`) })),
    runs,
    cells,
  },
};
