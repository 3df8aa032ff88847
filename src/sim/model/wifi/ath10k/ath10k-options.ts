/**
 * ath10k constants by chip and firmware branch, and the options of the model
 * (./ath10k.ts host side, ./ath10k-fw.ts firmware side).
 *
 * From the driver (drivers/net/wireless/ath/ath10k/):
 * - htt.max_num_pending_tx, set by ath10k_core_init_firmware_features()
 *   (core.c) from the firmware's WMI op version: MAIN TARGET_NUM_MSDU_DESC,
 *   10.x TARGET_10X_NUM_MSDU_DESC = 1024 + 400, TLV (QCA6174, QCA9377)
 *   TARGET_TLV_NUM_MSDU_DESC = 1024 + 32, 10.4 (QCA99x0, QCA9984, QCA4019)
 *   TARGET_10_4_NUM_MSDU_DESC = 1024 + 400, or TARGET_10_4_NUM_MSDU_DESC_PFC
 *   = 2500 with peer flow control (hw.h);
 * - the firmware's aggregation limits the host sets with HTT_H2T_AGGR_CFG:
 *   ATH10K_HTT_MAX_NUM_AMPDU_DEFAULT 64 subframes,
 *   ATH10K_HTT_MAX_NUM_AMSDU_DEFAULT 3 MSDUs ("default in most firmware
 *   revisions", htt.h);
 * - peer flow control (pull-push) only where the firmware announces
 *   ATH10K_FW_FEATURE_PEER_FLOW_CONTROL (10.4 builds for QCA99x0/9984/4019);
 *   everything else runs in push mode (htt->tx_q_state.mode starts at
 *   HTT_TX_MODE_SWITCH_PUSH = 0);
 * - ath10k_mac_register() sets NL80211_EXT_FEATURE_AQL and no
 *   tx_sk_pacing_shift of its own (mac80211's default applies).
 *
 * Assumptions about the closed firmware (not in any source read), each a
 * scenario field so a user can change it:
 * - fwTxComplDelayNs: from the BlockAck to the HTT tx_compl indication
 *   leaving the firmware; one indication per PPDU, carrying every MSDU whose
 *   fate that exchange settled (the message holds at most 255, num_msdus
 *   being a u8);
 * - the firmware serves its (peer, TID) queues in turn and sends what it
 *   holds at once, building no larger aggregate by waiting;
 * - maxTries: a failed MPDU is sent again up to ATH10K_MAX_RETRY_COUNT (30)
 *   times, the largest retry count the driver lets a user configure (core.h);
 * - the host's frame crosses PCIe (QCA6174: PCIe 2.0 x1, 5 GT/s with 8b/10b
 *   coding, 500 MB/s) once, when the host hands it over;
 * - a received PPDU's MPDUs reach the host in HTT RX indications as the PPDU
 *   ends, already in order (the firmware reorders), with no firmware latency;
 * - pull-push: the firmware asks (HTT_T2H_MSG_TYPE_TX_FETCH_IND) for a TID
 *   whose firmware queue (counting frames still on the bus) holds less than
 *   one full A-MPDU, up to two A-MPDUs' worth (2 · 64 · 3 MSDUs, 2 · the
 *   peer's maximum A-MPDU length); the thresholds of its TX_MODE_SWITCH_IND
 *   are pushAllowed.
 */
import type { Ns } from '../../../engine/time';
import { PPDU_MAX_US, VHT_MAX_AMPDU_BYTES } from '../phy/vht-he';

export type Ath10kChip = 'qca6174' | 'qca988x' | 'qca9984';

export interface Ath10kChipParams {
  /** htt.max_num_pending_tx: MSDU descriptors the firmware has for the host. */
  maxPendingTx: number;
  /** ATH10K_FW_FEATURE_PEER_FLOW_CONTROL: the firmware pulls (pull-push mode). */
  peerFlowControl: boolean;
  /** HTT aggr cfg: subframes per A-MPDU and MSDUs per A-MSDU. */
  maxAmpduSubframes: number;
  maxAmsduSubframes: number;
  /** Bytes per second the host → firmware DMA moves (PCIe 2.0 x1 for all three). */
  busBytesPerSec: number;
}

export const ATH10K_CHIPS: Readonly<Record<Ath10kChip, Ath10kChipParams>> = {
  // WMI-TLV firmware (firmware-6.bin): TARGET_TLV_NUM_MSDU_DESC.
  qca6174: {
    maxPendingTx: 1024 + 32,
    peerFlowControl: false,
    maxAmpduSubframes: 64,
    maxAmsduSubframes: 3,
    busBytesPerSec: 500e6,
  },
  // 10.2.4 firmware: TARGET_10X_NUM_MSDU_DESC.
  qca988x: {
    maxPendingTx: 1024 + 400,
    peerFlowControl: false,
    maxAmpduSubframes: 64,
    maxAmsduSubframes: 3,
    busBytesPerSec: 500e6,
  },
  // 10.4 firmware with peer flow control: TARGET_10_4_NUM_MSDU_DESC_PFC.
  qca9984: {
    maxPendingTx: 2500,
    peerFlowControl: true,
    maxAmpduSubframes: 64,
    maxAmsduSubframes: 3,
    busBytesPerSec: 500e6,
  },
};

/** ATH10K_MAX_RETRY_COUNT (core.h). */
export const ATH10K_MAX_RETRY_COUNT = 30;
/** HTT tx_compl_ind: num_msdus is a u8. */
export const HTT_TX_COMPL_MAX_MSDUS = 255;

export interface Ath10kOptions extends Ath10kChipParams {
  /** The firmware's completion latency after the BlockAck (assumption, see the header). */
  fwTxComplDelayNs: Ns;
  /** CE interrupt to the NAPI poll that processes the indications (the host side of TX status). */
  napiDelayNs: Ns;
  maxTries: number;
  /** The receiver's maximum A-MPDU length and maximum MPDU length (its VHT capabilities). */
  peerMaxAmpduBytes: number;
  peerMaxMpduBytes: number;
  maxPpduNs: Ns;
  /** Pull-push: what the firmware's mode-switch indication allows the host to push unasked, overall and per TXQ. */
  pushAllowedTotal: number;
  pushAllowedPerTxq: number;
}

export function ath10kDefaults(chip: Ath10kChip, over: Partial<Ath10kOptions> = {}): Ath10kOptions {
  return {
    ...ATH10K_CHIPS[chip],
    fwTxComplDelayNs: 100_000,
    napiDelayNs: 50_000,
    maxTries: ATH10K_MAX_RETRY_COUNT,
    // A VHT AP advertising the largest A-MPDU (exponent 7) and 11454-byte MPDUs.
    peerMaxAmpduBytes: VHT_MAX_AMPDU_BYTES,
    peerMaxMpduBytes: 11454,
    maxPpduNs: PPDU_MAX_US * 1000,
    pushAllowedTotal: 0,
    pushAllowedPerTxq: 0,
    ...over,
  };
}
