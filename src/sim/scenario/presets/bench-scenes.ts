/**
 * Two synthetic scenes comparable to common network-simulator benchmarks
 * (used by `npm run bench`, also free play in the explorer).
 */
import { ht } from '../wifi-config';
import type { Preset } from './preset';
import { wifiLocalBase } from './wifi-base';
import { wiredBase } from './wired-base';
import { ROUTER_DEVICE_DEFAULT } from '../scenario';

export const benchWired: Preset = {
  id: 'bench-wired',
  title: 'Bench: CUBIC over 1 Gbit/s → 100 Mbit/s, 10 ms bottleneck',
  description:
    'One CUBIC bulk flow from a host over a 1 Gbit/s, 0.1 ms link to a router, then a 100 Mbit/s, 10 ms bottleneck with fq_codel (or a 1000-packet pfifo_fast).',
  params: [
    'router.qdisc.kind',
    'tcp.cc',
    'tcp.sk_pacing_shift',
    'tcp.tcp_limit_output_bytes',
    'era',
    'qdisc.kind',
    'tcp.tx_delay_us',
  ],
  scenario: () => {
    const sc = wiredBase();
    sc.title = 'CUBIC, 1 Gbit/s host link, 100 Mbit/s 10 ms bottleneck, fq_codel';
    sc.durationMs = 10_000;
    sc.warmupMs = 2000;
    sc.pingIntervalMs = 100;
    sc.link = { ...sc.link, rateBps: 1e9, propagationUs: 100 };
    sc.router = {
      rateBps: 100e6,
      propagationUs: 10_000,
      qdisc: {
        kind: 'fq_codel',
        txqueuelen: 1000,
        limit: null,
        flowLimit: 100,
        codelTargetUs: 5000,
        codelIntervalUs: 100_000,
        ecn: false,
      },
      ...ROUTER_DEVICE_DEFAULT,
    };
    return sc;
  },
  constants: [{ path: 'router', why: 'The benchmark scene’s definition.' }],
};

export const benchWifi: Preset = {
  id: 'bench-wifi',
  title: 'Bench: 802.11n HT20 AP, two MCS7 stations and one MCS0',
  description:
    'An AP with A-MPDU aggregation sends a TCP flow and a ping to each of three stations (two at MCS7, one at MCS0).',
  params: ['wifi.queueing', 'qdisc.kind', 'tcp.cc', 'era'],
  scenario: () => {
    const sc = wifiLocalBase();
    sc.title = 'HT20 AP, 2 × MCS7 + 1 × MCS0 stations, mac80211 TXQs';
    sc.era = '6.6';
    sc.durationMs = 20_000;
    sc.warmupMs = 3000;
    sc.sampleIntervalUs = 5000;
    sc.qdisc.kind = 'fq_codel';
    sc.pingIntervalMs = 200;
    const w = sc.wifi!;
    w.topology = 'ap';
    w.tcpSender = 'wired';
    w.queueing = 'itxq';
    w.airtimeFairness = true;
    w.stations = [
      {
        name: 'MCS7 a',
        rate: ht(7),
        uplinkRate: ht(7),
        frameErrorRate: 0,
        snrDb: null,
        rateControl: 'fixed',
      },
      {
        name: 'MCS7 b',
        rate: ht(7),
        uplinkRate: ht(7),
        frameErrorRate: 0,
        snrDb: null,
        rateControl: 'fixed',
      },
      { name: 'MCS0', rate: ht(0), uplinkRate: ht(0), frameErrorRate: 0, snrDb: null, rateControl: 'fixed' },
    ];
    w.pingIntervalMs = 200;
    return sc;
  },
  constants: [{ path: 'wifi.stations', why: 'The benchmark scene’s definition.' }],
};
