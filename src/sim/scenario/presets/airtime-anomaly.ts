/**
 * The 802.11 performance anomaly (Heusse et al., "Performance anomaly of
 * 802.11b", INFOCOM 2003): with per-frame fairness one slow station holds
 * the air for most of the time and drags every station down to about its
 * own rate; mac80211's airtime fairness (ieee80211_next_txq's deficit,
 * ath9k since 5.1) gives each station an equal share of airtime instead.
 */
import { ht, legacy } from '../wifi-config';
import type { Preset } from './preset';
import { wifiLocalBase } from './wifi-base';

export const airtimeAnomaly: Preset = {
  id: 'airtime-anomaly',
  title: 'Airtime anomaly: two HT stations and an 802.11b one at 1 Mbit/s (ath9k AP, 2.4 GHz)',
  description:
    'An ath9k AP sends a TCP flow and a ping to each of two HT20 stations near it and to one 802.11b station at 1 Mbit/s. Without airtime fairness every station gets about the same number of frames, so the slow one holds the air; switch wifi.airtimeFairness on to share airtime instead.',
  params: ['wifi.airtimeFairness', 'wifi.queueing', 'qdisc.kind', 'tcp.cc', 'era'],
  scenario: () => {
    const sc = wifiLocalBase();
    sc.title =
      'ath9k AP 2.4 GHz, 2 × HT20 (minstrel_ht, 35 dB) + 1 × 802.11b at 1 Mbit/s, airtime fairness off (Linux 5.4)';
    sc.era = '5.4';
    sc.durationMs = 20_000;
    sc.warmupMs = 4000;
    sc.sampleIntervalUs = 5000;
    sc.qdisc.kind = 'fq_codel';
    sc.pingIntervalMs = 200;
    const w = sc.wifi!;
    w.band = '2.4GHz';
    w.topology = 'ap';
    w.tcpSender = 'wired';
    w.queueing = 'itxq';
    w.airtimeFairness = false;
    const fast = (name: string) => ({
      name,
      rate: ht(15, 20, true),
      uplinkRate: ht(15, 20, true),
      frameErrorRate: 0,
      snrDb: 35,
      rateControl: 'minstrel_ht' as const,
    });
    w.stations = [
      fast('HT 1'),
      fast('HT 2'),
      {
        name: '11b',
        rate: legacy(1),
        uplinkRate: legacy(1),
        frameErrorRate: 0,
        snrDb: 12,
        rateControl: 'fixed',
      },
    ];
    w.pingIntervalMs = 200;
    return sc;
  },
  constants: [
    {
      path: 'wifi.stations.0.snrDb',
      why: 'Assumed: a station in the same room as the AP. Above about 30 dB (in 20 MHz) the NIST error-rate model loses almost no frame at HT20 MCS15 (27 dB per stream), so minstrel_ht settles on the top rate; the exact value does not matter.',
    },
    {
      path: 'wifi.stations.2.rate',
      why: 'An 802.11b-only device at its lowest rate, 1 Mbit/s DSSS with the long preamble, the slow station of the anomaly’s classic setup; pinned because mac80211’s legacy minstrel is not modelled. At 12 dB DSSS loses no frame.',
    },
    {
      path: 'wifi.band',
      why: '2.4 GHz, where 802.11b lives: with a non-ERP station in the BSS every OFDM/HT PPDU goes behind a CTS-to-self at 11 Mbit/s (ERP protection, 802.11 10.26).',
    },
    {
      path: 'wifi.airtimeFairness',
      why: 'Off: the round robin without airtime weighting (frames, not time, are shared). On: mac80211’s airtime DRR of 5.1+, 256 µs quantum (IEEE80211_DEFAULT_AIRTIME_WEIGHT).',
    },
  ],
};
