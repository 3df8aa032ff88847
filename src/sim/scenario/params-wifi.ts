/**
 * Explorer knobs of the WiFi driver families and the host CPU platform
 * (./params.ts lists them with the rest).
 */
import { CPU_PLATFORM_IDS, CPU_PLATFORMS } from '../model/cpu/platforms';
import { ERAS } from './eras';
import type { ParamDef } from './params';
import type { Scenario } from './scenario';

/**
 * The shift a socket runs with while tcp.sk_pacing_shift is unset: mac80211's
 * sk_pacing_shift_update value of the era where TCP runs on a WiFi device
 * (or its stations), else the socket's own 10.
 */
export function defaultPacingShift(sc: Scenario): number {
  const onWifi = sc.wifi !== null && sc.wifi.tcpSender !== 'wired';
  return (onWifi ? ERAS[sc.era].mac80211PacingShift : null) ?? 10;
}

export const WIFI_DRIVER_PARAMS: Record<string, ParamDef> = {
  'wifi.tcpSender': {
    key: 'wifi.tcpSender',
    label: 'where TCP runs',
    layer: 'traffic',
    kind: 'enum',
    options: [
      { value: 'device', label: 'on the WiFi device (TSQ at its WiFi netdev)' },
      { value: 'wired', label: 'on the wired host (forwarded by the AP)' },
    ],
    help: 'Locally originated TCP meets TSQ and mac80211’s sk_pacing_shift_update at the WiFi device; forwarded TCP does not. (At an AP, --set wifi.tcpSender=stations makes every station upload.)',
    kernelFile: 'net/mac80211/tx.c',
    live: false,
  },
  'wifi.aql': {
    key: 'wifi.aql',
    label: 'AQL (airtime queue limits)',
    layer: 'wifi',
    kind: 'bool',
    help: 'mac80211 stops handing a station’s TXQ to the driver once its estimated airtime in the driver passes the low limit (5 ms), or the high one (12 ms) while the radio holds more than 24 ms. ath10k and mt76 opt in; ath9k does not.',
    kernelFile: 'net/mac80211/tx.c',
    live: false,
  },
  'wifi.airtimeFairness': {
    key: 'wifi.airtimeFairness',
    label: 'airtime fairness (mac80211 DRR)',
    layer: 'wifi',
    kind: 'bool',
    help: 'ieee80211_next_txq serves stations by airtime deficit (drivers with NL80211_EXT_FEATURE_AIRTIME_FAIRNESS).',
    kernelFile: 'net/mac80211/tx.c',
    live: false,
  },
  'wifi.ath10k.fwTxComplDelayUs': {
    key: 'wifi.ath10k.fwTxComplDelayUs',
    label: 'ath10k firmware completion latency',
    layer: 'wifi',
    kind: 'float',
    unit: 'µs',
    min: 0,
    max: 10_000,
    scale: 'linear',
    help: 'From the BlockAck to the HTT tx_compl indication leaving the firmware (closed firmware: an assumption). TSQ waits this long on top of the air and the NAPI poll.',
    kernelFile: 'drivers/net/wireless/ath/ath10k/htt_rx.c',
    live: false,
  },
  'wifi.mt76.txFreeDelayUs': {
    key: 'wifi.mt76.txFreeDelayUs',
    label: 'mt76 TX-free event latency',
    layer: 'wifi',
    kind: 'float',
    unit: 'µs',
    min: 0,
    max: 10_000,
    scale: 'linear',
    help: 'From the BlockAck to the WA firmware’s TX-free event reaching the host (an assumption); tokens, AQL airtime and TSQ budget come back only then.',
    kernelFile: 'drivers/net/wireless/mediatek/mt76/mt7915/mac.c',
    live: false,
  },
  'cpu.platform': {
    key: 'cpu.platform',
    label: 'host CPU platform',
    layer: 'cpu',
    kind: 'enum',
    options: CPU_PLATFORM_IDS.map((id) => ({ value: id, label: CPU_PLATFORMS[id].label })),
    help: 'Per-skb, per-byte, per-ACK and per-completion costs of the host that runs TCP, from published figures (model/cpu/platforms.ts).',
    kernelFile: 'net/core/dev.c',
    live: false,
  },
};
