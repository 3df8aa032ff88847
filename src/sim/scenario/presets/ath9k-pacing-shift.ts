/**
 * "mac80211: Adjust TSQ pacing shift" (Toke Høiland-Jørgensen, Feb 2018):
 * locally originated TCP over one ath9k hop. With shift 10 TSQ lets ~1 ms of
 * data below the socket; TX status comes back only after the aggregate's
 * BlockAck, so aggregates stay small and per-TXOP overhead eats the air.
 */
import { wifiLocalBase } from './wifi-base';
import type { Summary } from '../../api';
import type { Preset, TableCell, TableRun } from './preset';

const SHIFTS = [10, 9, 8, 7] as const;
const PUBLISHED: Record<number, number> = { 10: 43.21, 9: 78.17, 8: 123.94, 7: 128.31 };
/** "average of 5 iterations of 10-sec netperf runs": each cell is the mean of this many seeds. */
const ITERATIONS = 5;

/** Run ids of one shift: `shift10`, then `shift10#2` … `shift10#5`. */
const runIds = (s: number): string[] =>
  Array.from({ length: ITERATIONS }, (_, i) => (i === 0 ? `shift${s}` : `shift${s}#${i + 1}`));
const runs: TableRun[] = SHIFTS.flatMap((s) =>
  runIds(s).map((id, i) => ({ id, set: { 'tcp.sk_pacing_shift': s }, seedOffset: i })),
);
/** The mean over a shift's iterations of one summary figure. */
const meanOf = (r: Record<string, Summary>, s: number, f: (x: Summary) => number): number =>
  runIds(s).reduce((a, id) => a + f(r[id]), 0) / ITERATIONS;
const cells: TableCell[] = [
  ...SHIFTS.map((s): TableCell => ({
    label: `shift${s}`,
    unit: 'Mbit/s',
    published: PUBLISHED[s],
    tolerance: { rel: 0.1 },
    simulated: (r) => meanOf(r, s, (x) => x.goodputBps / 1e6),
  })),
  {
    label: 'ping/shift10',
    unit: 'ms',
    published: 3,
    tolerance: { rel: 0.5 },
    simulated: (r) => meanOf(r, 10, (x) => x.medianLatencyMs),
  },
  {
    label: 'ping/shift8',
    unit: 'ms',
    published: 10,
    tolerance: { rel: 0.5 },
    simulated: (r) => meanOf(r, 8, (x) => x.medianLatencyMs),
  },
];

export const ath9kPacingShift: Preset = {
  id: 'ath9k-pacing-shift',
  title: 'ath9k: TCP throughput vs sk_pacing_shift',
  description:
    'A laptop with ath9k sends TCP through one WiFi hop. The TSQ budget (pacing rate >> shift) decides how much data waits below TCP, hence how large each A-MPDU can be; a competing ping shows the latency cost.',
  source: 'mac80211-tsq-pacing-shift',
  params: [
    'tcp.sk_pacing_shift',
    'tcp.tcp_limit_output_bytes',
    'era',
    'tcp.cc',
    'qdisc.kind',
    'wifi.txStatusDelayUs',
    'wifi.rxIntrMitigationLastUs',
  ],
  scenario: () => {
    const sc = wifiLocalBase();
    sc.title = 'ath9k station, HT40 MCS12 SGI, CUBIC, sk_pacing_shift 10 (Linux 4.16)';
    sc.tcp.sk_pacing_shift = 10;
    // Both radios are ath9k: the chips' default RX interrupt mitigation delays every ACK the
    // sender sees and every segment the AP forwards (ath9k_hw_init_config, AR_RIMT).
    sc.wifi!.rxIntrMitigationLastUs = 250;
    sc.wifi!.rxIntrMitigationFirstUs = 700;
    return sc;
  },
  constants: [
    {
      path: 'wifi.stations.0.rate',
      why: 'Assumed: the thread does not state the rate. ath9k 2×2 HT40 at MCS12 short GI (180 Mbit/s), picked within the 2×2 HT40 range by the large-budget plateau, the one number the rate alone sets.',
    },
    {
      path: 'wifi.txStatusDelayUs',
      why: 'TX interrupt → ath9k tasklet → ieee80211_tx_status → kfree_skb: tens of µs on an x86 laptop.',
    },
    {
      path: 'wifi.rxIntrMitigationLastUs',
      why: 'Assumed: the thread does not name the chips. ath9k_hw_init_config() turns RX interrupt mitigation on for every chip: 250 µs after the last frame / 700 µs after the first on AR5416–AR9287 (the AR92xx 2×2 HT40 generation, taken here for both radios); AR9300 and later use 500 / 2000 µs, which gives 47.9 / 76.9 / 107.8 / 117.7 Mbit/s here. Without mitigation: 54.0 / 90.6 / 116.8 / 117.8.',
    },
    { path: 'wifi.band', why: '5 GHz: SIFS 16 µs, slot 9 µs, AIFS[BE] 43 µs.' },
  ],
  table: {
    caption:
      'Throughput (Mbit/s) of one netperf flow by sk_pacing_shift, and the latency of a competing ping (ms)',
    columns: ['10', '9', '8', '7'],
    rows: [
      { label: 'throughput', cells: SHIFTS.map((s) => `shift${s}`) },
      { label: 'ping', cells: ['ping/shift10', '', 'ping/shift8', ''] },
    ],
    runs,
    cells,
    method:
      'The thread averaged 5 iterations of 10-s netperf runs: each cell is the mean of 5 runs (seeds N … N+4) of the preset.',
  },
};
