/**
 * Free play: a laptop with a QCA6174 (ath10k, VHT80 2×2) sends TCP to a
 * wired host through its AP. The firmware aggregates by itself from what the
 * host pushed over HTT and reports completions per PPDU in HTT tx_compl
 * indications, so TSQ's budget (pacing rate >> sk_pacing_shift) decides how
 * many frames the firmware can put into one A-MPDU.
 */
import { vht } from '../wifi-config';
import type { Preset } from './preset';
import { fixedRatePeer, wifiOffloadBase } from './wifi-base';

export const ath10kQca6174: Preset = {
  id: 'ath10k-qca6174',
  title: 'ath10k (QCA6174 client, VHT80 2×2): TSQ and firmware aggregation',
  description:
    'A laptop’s QCA6174 sends TCP through one VHT80 hop. The host pushes frames to the firmware over HTT; the firmware builds A-MPDUs of A-MSDUs and reports each PPDU’s frames in one HTT tx_compl indication, so TSQ’s budget sets how large an aggregate can be.',
  params: [
    'tcp.sk_pacing_shift',
    'tcp.tcp_limit_output_bytes',
    'tcp.flows',
    'wifi.tcpSender',
    'wifi.aql',
    'wifi.ath10k.fwTxComplDelayUs',
    'wifi.txStatusDelayUs',
    'cpu.platform',
    'cpu.enabled',
    'tcp.cc',
    'qdisc.kind',
    'era',
  ],
  scenario: () => {
    const sc = wifiOffloadBase('ath10k', 'x86-laptop');
    sc.title = 'QCA6174 station, VHT80 MCS9 2SS SGI, CUBIC (Linux 6.6)';
    sc.sampleIntervalUs = 1000;
    const w = sc.wifi!;
    w.stations = [fixedRatePeer('AP', vht(9, 2, 80, true), 0.035)];
    w.txStatusDelayUs = 50;
    w.airtimeFairness = false;
    w.ath10k = {
      chip: 'qca6174',
      fwTxComplDelayUs: 100,
      peerMaxAmpduBytes: 1_048_575,
      peerMaxMpduBytes: 11454,
    };
    return sc;
  },
  constants: [
    {
      path: 'wifi.stations.0.rate',
      why: 'VHT80 MCS9, two streams, short GI (866.7 Mbit/s): the QCA6174’s top rate (2×2 VHT80, ath10k_mac_setup_ht_vht_cap) at short range; the AP answers at the same rate.',
    },
    {
      path: 'wifi.stations.0.frameErrorRate',
      why: 'Rate control settles where about 10 % of its MPDUs fail, as in the ath9k presets; here an MPDU is the firmware’s 3-MSDU A-MSDU (2 × 1524 + 1522 + 30 = 4600 bytes), so a 1538-byte MPDU fails 1 − 0.9^(1538/4600) ≈ 3.5 % of the time (the loss scales with length, model/wifi/phy/mpdu-error.ts).',
    },
    {
      path: 'wifi.ath10k.chip',
      why: 'QCA6174 runs WMI-TLV firmware: htt.max_num_pending_tx = TARGET_TLV_NUM_MSDU_DESC = 1024 + 32 (core.c, hw.h), no peer flow control (push mode), HTT aggregation defaults of 64 A-MPDU subframes and 3-MSDU A-MSDUs (htt.h).',
    },
    {
      path: 'wifi.ath10k.fwTxComplDelayUs',
      why: 'Assumed (closed firmware, no published figure): 100 µs from the BlockAck to the HTT tx_compl indication leaving the firmware, the same order as the host’s own interrupt-to-poll time.',
    },
    {
      path: 'wifi.ath10k.peerMaxAmpduBytes',
      why: 'A VHT AP advertising the largest A-MPDU (exponent 7: 1 048 575 bytes) and 11 454-byte MPDUs, as ath10k APs do (ath10k_create_vht_cap copies the firmware’s vht_cap_info).',
    },
    {
      path: 'wifi.txStatusDelayUs',
      why: 'CE interrupt to the NAPI poll that runs ath10k_htt_txrx_compl_task: tens of µs on an x86 laptop, as the ath9k presets take for the TX tasklet.',
    },
    {
      path: 'wifi.aql',
      why: 'ath10k_mac_register sets NL80211_EXT_FEATURE_AQL; Linux 6.6 has AQL (5 ms / 12 ms per station, 24 ms per radio).',
    },
    {
      path: 'cpu.platform',
      why: 'A laptop core (model/cpu/platforms.ts: the server core’s costs scaled by single-thread CoreMark).',
    },
    {
      path: 'era',
      why: 'Linux 6.6: mac80211’s tx_sk_pacing_shift default 7 (ath10k sets none), tcp_limit_output_bytes 1 MB for unpaced CUBIC.',
    },
  ],
};
