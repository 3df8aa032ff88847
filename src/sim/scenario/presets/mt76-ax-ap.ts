/**
 * Free play: an 802.11ax AP (MT7915 on an ARM router SoC, mt76) runs TCP
 * itself to three HE stations — two near, one far. mac80211 hands frames to
 * mt76's TX worker until AQL holds each station back; the MAC builds HE
 * A-MPDUs of up to 256 hardware A-MSDUs and returns tokens in TX-free events,
 * and the router's small cores pay for every skb, ACK and completion.
 */
import { he } from '../wifi-config';
import type { Preset } from './preset';
import { fixedRatePeer, wifiOffloadBase } from './wifi-base';

export const mt76AxAp: Preset = {
  id: 'mt76-ax-ap',
  title: 'mt76 (MT7915 802.11ax AP, three stations): TSQ, AQL and hardware aggregation',
  description:
    'An MT7915 AP on an ARM router sends TCP from its own sockets to three HE80 stations. AQL limits what each station has in the hardware, TSQ what each socket has below it; the MAC aggregates up to 256 frames and frees them in TX-free events.',
  params: [
    'tcp.sk_pacing_shift',
    'tcp.tcp_limit_output_bytes',
    'tcp.flows',
    'wifi.tcpSender',
    'wifi.aql',
    'wifi.airtimeFairness',
    'wifi.mt76.txFreeDelayUs',
    'wifi.txStatusDelayUs',
    'cpu.platform',
    'cpu.enabled',
    'tcp.cc',
    'era',
  ],
  scenario: () => {
    const sc = wifiOffloadBase('mt76', 'arm-a53-router');
    sc.title = 'MT7915 AP on a Cortex-A53 router, HE80, 2 near + 1 far stations, TCP from the AP (Linux 6.6)';
    sc.pingIntervalMs = 200;
    const w = sc.wifi!;
    w.topology = 'ap';
    w.tcpSender = 'device';
    w.stations = [
      fixedRatePeer('near 1', he(11, 2, 80), 0.021),
      fixedRatePeer('near 2', he(9, 2, 80), 0.021),
      fixedRatePeer('far', he(4, 1, 80), 0.021),
    ];
    w.txStatusDelayUs = 50;
    w.airtimeFairness = true;
    w.pingIntervalMs = 200;
    w.mt76 = { chip: 'mt7915', txFreeDelayUs: 100, workerDelayUs: 20, peerMaxAmpduBytes: 6_500_631 };
    return sc;
  },
  constants: [
    {
      path: 'wifi.stations',
      why: 'HE80 with a 0.8 µs GI and 2x HE-LTF: two stations near the AP at 2 streams, MCS 11 (1201 Mbit/s) and MCS 9 (961 Mbit/s), one far at 1 stream, MCS 4 (216 Mbit/s); the stations answer at their own rate.',
    },
    {
      path: 'wifi.stations.0.frameErrorRate',
      why: 'Rate control settles where about 10 % of its MPDUs fail; an MPDU here is a hardware A-MSDU of five 1500-byte packets (4 × 1524 + 1522 + 30 = 7648 bytes; a sixth would pass the 7991-byte limit), so a 1538-byte MPDU fails 1 − 0.9^(1538/7648) ≈ 2.1 % of the time.',
    },
    {
      path: 'wifi.mt76.chip',
      why: 'MT7915: 2048-descriptor TX ring, 8192 tokens, 8-MSDU hardware A-MSDU of at most 7991 bytes, BlockAck window 256, 15 transmissions per frame, 16 µs nominal packet padding (mt7915/mt7915.h, init.c, mcu.c; mt76_connac_mac.c).',
    },
    {
      path: 'wifi.mt76.txFreeDelayUs',
      why: 'Assumed (closed WA firmware, no published figure): 100 µs from the BlockAck to the TX-free event in host memory.',
    },
    {
      path: 'wifi.mt76.workerDelayUs',
      why: 'Assumed: 20 µs for the SCHED_FIFO TX worker kthread to run after mt76_worker_schedule.',
    },
    {
      path: 'wifi.mt76.peerMaxAmpduBytes',
      why: 'HE stations advertising the largest HE A-MPDU (6 500 631 bytes), as MT7915/MT7921 do (HE MAC cap MAX_AMPDU_LEN_EXP_EXT_3, init.c).',
    },
    {
      path: 'wifi.aql',
      why: 'mt76_register_device sets NL80211_EXT_FEATURE_AQL and AIRTIME_FAIRNESS; Linux 6.6 has AQL (5 ms / 12 ms per station, 24 ms per radio).',
    },
    {
      path: 'cpu.platform',
      why: 'An MT7622-class router SoC (Cortex-A53 at 1.35 GHz), the host MT7915 cards sit in; costs from published CoreMark and memcpy figures (model/cpu/platforms.ts).',
    },
    {
      path: 'wifi.txStatusDelayUs',
      why: 'RX interrupt to the NAPI poll that handles the TX-free event: tens of µs.',
    },
  ],
};
