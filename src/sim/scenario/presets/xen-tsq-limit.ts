/**
 * "tcp: double default TSQ output bytes limit" (Wei Liu, 2015): a Xen
 * netfront guest frees its TX skbs only when the backend's response comes
 * back, long after the packet left; with a fixed TSQ budget that caps
 * throughput at about limit ÷ completion delay. Compared with the same guest
 * on a NIC that completes promptly, at 128 KB and 256 KB.
 */
import type { Preset, TableCell, TableRun } from './preset';
import { wiredBase } from './wired-base';

const LIMITS = [131072, 262144] as const;
const PUBLISHED: Record<number, number> = { 131072: 30, 262144: 8 };
const XEN = {
  ringSlots: 256,
  backendPerSkbUs: 8,
  deallocFixedUs: 30,
  deallocMeanExtraUs: 20,
  deallocStallProb: 0.02,
  deallocStallMeanUs: 400,
  evtchnUs: 10,
  physCompletion: { kind: 'coalesced' as const, usecs: 10, frames: 32 },
};

const runs: TableRun[] = [];
const cells: TableCell[] = [];
for (const l of LIMITS) {
  runs.push({ id: `xen/${l}`, set: { 'tcp.tcp_limit_output_bytes': l } });
  runs.push({ id: `nic/${l}`, set: { 'tcp.tcp_limit_output_bytes': l, 'link.xen': null } });
  cells.push({
    label: `regression/${l}`,
    unit: '%',
    published: PUBLISHED[l],
    tolerance: { abs: 4 },
    simulated: (r) => 100 * (1 - r[`xen/${l}`].goodputBps / r[`nic/${l}`].goodputBps),
  });
}

export const xenTsqLimit: Preset = {
  id: 'xen-tsq-limit',
  title: 'Xen netfront: late TX completion vs the TSQ limit',
  description:
    'A guest on xen-netfront: skbs are freed only when netback returns the TX response after dom0’s NIC completed them, so TSQ’s byte budget caps throughput at about limit ÷ completion delay.',
  source: 'tcp-tsq-double-limit',
  params: [
    'tcp.tcp_limit_output_bytes',
    'tcp.sk_pacing_shift',
    'link.xen.deallocMeanExtraUs',
    'era',
    'qdisc.kind',
    'tcp.cc',
  ],
  scenario: () => {
    const sc = wiredBase();
    sc.title = 'Xen guest, 10 Gbit/s, tcp_limit_output_bytes 128 KB (Linux 4.1)';
    sc.era = '4.1';
    sc.durationMs = 3000;
    sc.warmupMs = 1000;
    sc.tcp.cc = 'cubic';
    sc.tcp.tcp_limit_output_bytes = 131072;
    sc.link = {
      ...sc.link,
      rateBps: 10e9,
      propagationUs: 20,
      ringSlots: 512,
      bql: true,
      completion: { kind: 'immediate', delayNs: 5000 },
      xen: { ...XEN },
    };
    sc.cpu = {
      enabled: true,
      platform: null,
      perSkbNs: 2500,
      perByteCopyNs: 0.12,
      perSkbAllocNs: 0,
      perAckedSkbNs: 0,
      perGsoSegmentNs: 0,
      perByteGsoCopyNs: 0,
      perSegmentXmitNs: 0,
      perTimerNs: 1000,
      perAckNs: 600,
      perCompletionNs: 200,
      timerLatencyNs: 2000,
    };
    return sc;
  },
  constants: [
    { path: 'link.rateBps', why: '10 GbE physical NIC in dom0.' },
    { path: 'link.xen.ringSlots', why: 'NET_TX_RING_SIZE for one 4 KB shared ring page (xen-netfront.c).' },
    {
      path: 'link.xen.deallocFixedUs',
      why: 'netback dealloc kthread wake-up and grant unmap after the physical completion.',
    },
    {
      path: 'link.xen.deallocMeanExtraUs',
      why: 'dom0 kthread scheduling delay before the responses are pushed (exponential, mean 20 µs).',
    },
    {
      path: 'link.xen.deallocStallProb',
      why: 'Share of dealloc batches that find dom0’s vCPU descheduled by the Xen scheduler (2 %).',
    },
    {
      path: 'link.xen.deallocStallMeanUs',
      why: 'Mean extra delay of such a stall (400 µs), well below a 30 ms credit-scheduler slice.',
    },
    { path: 'link.xen.evtchnUs', why: 'event channel delivery to the guest vCPU and its interrupt.' },
  ],
  table: {
    method:
      'The thread reports each regression as one measurement (about 30 %, about 8 %), not a mean: each cell is one run per limit (seed N).',
    caption: 'Guest throughput loss vs the same guest on a promptly completing NIC, %',
    columns: ['regression'],
    rows: LIMITS.map((l) => ({ label: `tcp_limit_output_bytes ${l}`, cells: [`regression/${l}`] })),
    runs,
    cells,
  },
};
