/**
 * "ath9k: Switch to using mac80211 intermediate software queues" (Toke
 * Høiland-Jørgensen, Nov 2016): an AP forwarding one TCP flow and a ping to
 * each of two fast and one slow HT20 station (Flent rtt_fair_var_up). Where
 * the queue lives decides latency: the interface qdisc (pfifo_fast or
 * fq_codel) above ath9k's own per-TID queues, or per-station FQ-CoDel in
 * mac80211. The slow station's aggregates are capped by the 4 ms airtime
 * limit whatever the queueing.
 *
 * The aggregation sizes were recorded with Flent's WiFi stats runner, which
 * reads each station's rc_stats_csv once per step and keeps its last field,
 * minstrel_ht's avg_ampdu_len (a 50 ms EWMA of frames per TX status, shown
 * with one truncated decimal: hence 1.9 for a station whose aggregates are
 * capped at 2). The cells compare the median of those readings
 * (StationSummary.medianAvgAmpduLen), not the median A-MPDU.
 */
import type { StationSummary, Summary } from '../../api';
import { ht } from '../wifi-config';
import type { Preset, TableCell, TableRun } from './preset';
import { wifiLocalBase } from './wifi-base';

/** The thread's three rows: where the AP's packets queue. */
export const QUEUEING_ROWS = [
  { id: 'pfifo_fast', set: { 'wifi.queueing': 'legacy', 'qdisc.kind': 'pfifo_fast' } },
  { id: 'fq_codel_on_iface', set: { 'wifi.queueing': 'legacy', 'qdisc.kind': 'fq_codel' } },
  { id: 'mac80211_txq', set: { 'wifi.queueing': 'itxq', 'qdisc.kind': 'pfifo_fast' } },
] as const;
const PING: Record<string, [number, number]> = {
  pfifo_fast: [430.4, 638.7],
  fq_codel_on_iface: [35.5, 211.8],
  mac80211_txq: [22.4, 38.2],
};
const AGG: Record<string, [number, number]> = {
  pfifo_fast: [9.5, 1.9],
  fq_codel_on_iface: [11.2, 1.9],
  mac80211_txq: [13.9, 1.9],
};

/** Median over the two fast stations (the pooled median approximated by the mean of the two). */
const fast = (s: Summary, f: (x: StationSummary) => number): number =>
  (f(s.stations[0]) + f(s.stations[1])) / 2;

const runs: TableRun[] = QUEUEING_ROWS.map((c) => ({ id: c.id, set: { ...c.set } }));
/** The four cells of a row: ping and minstrel's average A-MPDU length, for the fast stations and the slow one. */
const MEASURES = [
  { kind: 'ping', unit: 'ms', rel: 0.25, published: PING, get: (x: StationSummary) => x.medianPingMs },
  {
    kind: 'aggregate',
    unit: 'pkts',
    rel: 0.2,
    published: AGG,
    get: (x: StationSummary) => x.medianAvgAmpduLen,
  },
] as const;

const cells: TableCell[] = QUEUEING_ROWS.flatMap((c) =>
  MEASURES.flatMap((m) => [
    {
      label: `${m.kind}/${c.id}/fast`,
      unit: m.unit,
      published: m.published[c.id][0],
      tolerance: { rel: m.rel },
      simulated: (r: Record<string, Summary>) => fast(r[c.id], m.get),
    },
    {
      label: `${m.kind}/${c.id}/slow`,
      unit: m.unit,
      published: m.published[c.id][1],
      tolerance: { rel: m.rel },
      simulated: (r: Record<string, Summary>) => m.get(r[c.id].stations[2]),
    },
  ]),
);

export const ath9kIntermediateQueues: Preset = {
  id: 'ath9k-intermediate-queues',
  title: 'ath9k AP: qdisc vs mac80211 intermediate queues, fast and slow stations',
  description:
    'Forwarded TCP and ping to two fast and one slow station through an ath9k AP. TSQ does not apply at the AP, so the queue builds where the packets wait: in the qdisc, in the driver, or in mac80211’s per-station FQ-CoDel.',
  source: 'ath9k-intermediate-queues',
  params: ['wifi.queueing', 'qdisc.kind', 'tcp.cc', 'era', 'wifi.txStatusDelayUs'],
  scenario: () => {
    const sc = wifiLocalBase();
    sc.title = 'ath9k AP, HT20 5 GHz, 2 fast + 1 slow stations, pfifo_fast over driver queues (Linux 4.9)';
    sc.era = '4.9';
    sc.durationMs = 30_000;
    sc.warmupMs = 5000;
    sc.sampleIntervalUs = 5000;
    sc.qdisc.kind = 'pfifo_fast';
    sc.receiver.groWindowUs = 0;
    sc.pingIntervalMs = 200;
    const w = sc.wifi!;
    w.topology = 'ap';
    w.tcpSender = 'wired';
    w.queueing = 'legacy';
    w.stations = [
      {
        name: 'fast 1',
        rate: ht(15, 20, true),
        uplinkRate: ht(15, 20, true),
        frameErrorRate: 0.1,
        snrDb: null,
        rateControl: 'fixed',
      },
      {
        name: 'fast 2',
        rate: ht(15, 20, true),
        uplinkRate: ht(15, 20, true),
        frameErrorRate: 0.1,
        snrDb: null,
        rateControl: 'fixed',
      },
      {
        name: 'slow',
        rate: ht(0, 20, false),
        uplinkRate: ht(0, 20, false),
        frameErrorRate: 0.1,
        snrDb: null,
        rateControl: 'fixed',
      },
    ];
    w.pingIntervalMs = 200;
    return sc;
  },
  constants: [
    {
      path: 'wifi.stations',
      why: 'Fast stations at HT20 MCS15 SGI (144.4 Mbit/s), the slow one at HT20 MCS0 (6.5 Mbit/s).',
    },
    {
      path: 'wifi.legacyMaxPending',
      why: 'ATH_MAX_QDEPTH = 512/4 − 5 = 123 frames per hardware queue (ath9k.h, v4.8).',
    },
    { path: 'qdisc.txqueuelen', why: 'DEFAULT_TX_QUEUE_LEN 1000 on the wireless interface.' },
    {
      path: 'pingIntervalMs',
      why: 'Flent’s default step of 0.2 s: the ping interval, and how often the WiFi stats runner reads rc_stats_csv (the aggregate cells).',
    },
    {
      path: 'wifi.stations.0.frameErrorRate',
      why: '10 % loss of a full-size MPDU: the operating point minstrel_ht picks (it trades loss for rate). Pings and TCP ACKs, being short, fail less than 1 % of the time.',
    },
  ],
  table: {
    method:
      'The thread gives the medians of one Flent rtt_fair_var_up test per configuration: each cell is the median of one run (seed N).',
    caption: 'Median ping (ms) and median of minstrel_ht’s average A-MPDU length (packets) per station class',
    columns: ['ping fast', 'ping slow', 'aggregate fast', 'aggregate slow'],
    rows: QUEUEING_ROWS.map((c) => ({
      label: c.id,
      cells: [`ping/${c.id}/fast`, `ping/${c.id}/slow`, `aggregate/${c.id}/fast`, `aggregate/${c.id}/slow`],
    })),
    runs,
    cells,
  },
};
