/**
 * mt76 constants (drivers/net/wireless/mediatek/mt76/, the openwrt/mt76
 * tree) and the options of the model (./mt76.ts host, ./mt76-mac.ts MAC).
 *
 * From the driver:
 * - one TX DMA ring per band for all four ACs of data, MT7915_TX_RING_SIZE =
 *   2048 descriptors (mt7915/mt7915.h; MT7921_TX_RING_SIZE 2048,
 *   MT7615_TX_RING_SIZE 1024); a frame of two buffers (TXWI + head) takes one
 *   descriptor; mt76_txq_stopped() once queued + MT_TXQ_FREE_THR (32) reaches
 *   the ring size (tx.c, mt76.h);
 * - tokens: every frame in the hardware holds one until its TX-free event,
 *   MT7915_TOKEN_SIZE = 8192 (MT7921 8192, MT7615 4096); TX is blocked from
 *   token_size − MT76_TOKEN_FREE_THR (64) on (tx.c mt76_token_consume);
 * - MT_MAX_NON_AQL_PKT = 16: frames without an AQL estimate a station may
 *   have in the hardware (mt76.h, tx.c mt76_txq_send_burst);
 * - mt76_register_device sets NL80211_EXT_FEATURE_AQL and
 *   AIRTIME_FAIRNESS, and no tx_sk_pacing_shift (mac80211.c);
 * - MT7915: hardware A-MSDU of up to 8 MSDUs (STA_REC_HW_AMSDU
 *   max_amsdu_num = 8, mt7915/mcu.c), MPDUs of at most 7991 bytes (an 11454
 *   peer falls through to 7991 on mt7915), BlockAck window 256
 *   (IEEE80211_MAX_AMPDU_BUF_HE, mt7915/init.c), 15 transmissions per frame
 *   (MT_TXD3_REM_TX_COUNT, mt76_connac_mac.c), nominal packet padding 16 µs
 *   (mt7915/init.c, mt76_connac_mcu.c);
 * - TX-free events (mt7915_mac_tx_free): a list of up to 1023 tokens
 *   (MT_TX_FREE_MSDU_CNT, 10 bits) released in one RX NAPI poll, which
 *   cleans the DMA ring first and schedules the TX worker afterwards.
 *
 * Assumptions about closed firmware and hardware (scenario fields):
 * - txFreeDelayNs: from the BlockAck to the TX-free event in host memory
 *   (the WA CPU builds it); one event per exchange;
 * - the MAC serves its station/TID queues in turn, one A-MPDU per TXOP, and
 *   sends what it holds (no waiting for a larger aggregate);
 * - a frame reaches the MAC's queues once the DMA has moved it over PCIe
 *   (500 MB/s: PCIe 2.0 x1, the MT7622 host's port).
 */
import type { Ns } from '../../../engine/time';
import { BA_WINDOW_HE, HE_MAX_AMPDU_BYTES, PPDU_MAX_US } from '../phy/vht-he';

export type Mt76Chip = 'mt7915' | 'mt7921' | 'mt7615';

export interface Mt76ChipParams {
  ringSize: number;
  tokenSize: number;
  maxAmsduSubframes: number;
  maxMpduBytes: number;
  baWindow: number;
  maxTries: number;
  /** HE: 16 µs nominal packet padding; 0 for the VHT-only mt7615. */
  nominalPaddingUs: 0 | 8 | 16;
  busBytesPerSec: number;
}

export const MT76_CHIPS: Readonly<Record<Mt76Chip, Mt76ChipParams>> = {
  mt7915: {
    ringSize: 2048,
    tokenSize: 8192,
    maxAmsduSubframes: 8,
    maxMpduBytes: 7991,
    baWindow: BA_WINDOW_HE,
    maxTries: 15,
    nominalPaddingUs: 16,
    busBytesPerSec: 500e6,
  },
  mt7921: {
    ringSize: 2048,
    tokenSize: 8192,
    maxAmsduSubframes: 8,
    maxMpduBytes: 11454,
    baWindow: BA_WINDOW_HE,
    maxTries: 15,
    nominalPaddingUs: 16,
    busBytesPerSec: 500e6,
  },
  mt7615: {
    ringSize: 1024,
    tokenSize: 4096,
    maxAmsduSubframes: 8,
    maxMpduBytes: 7991,
    baWindow: 64,
    maxTries: 15,
    nominalPaddingUs: 0,
    busBytesPerSec: 500e6,
  },
};

/** mt76.h. */
export const MT_TXQ_FREE_THR = 32;
export const MT76_TOKEN_FREE_THR = 64;
export const MT_MAX_NON_AQL_PKT = 16;
/** MT_TX_FREE_MSDU_CNT: 10 bits of token count per TX-free event. */
export const MT_TX_FREE_MAX_TOKENS = 1023;

export interface Mt76Options extends Mt76ChipParams {
  txFreeDelayNs: Ns;
  /** RX interrupt to the NAPI poll that handles the TX-free event. */
  napiDelayNs: Ns;
  /** mt76_worker_schedule to the TX worker (a SCHED_FIFO kthread) running. */
  workerDelayNs: Ns;
  peerMaxAmpduBytes: number;
  maxPpduNs: Ns;
}

export function mt76Defaults(chip: Mt76Chip, over: Partial<Mt76Options> = {}): Mt76Options {
  return {
    ...MT76_CHIPS[chip],
    txFreeDelayNs: 100_000,
    napiDelayNs: 50_000,
    workerDelayNs: 20_000,
    peerMaxAmpduBytes: HE_MAX_AMPDU_BYTES,
    maxPpduNs: PPDU_MAX_US * 1000,
    ...over,
  };
}
