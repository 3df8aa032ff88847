/**
 * brcmfmac (FullMAC, SDIO bus, BCDC protocol) options, driver constants and
 * the BCM43455 defaults.
 *
 * Driver constants come from drivers/net/wireless/broadcom/brcm80211/brcmfmac/
 * fwsignal.c (hanger, watermarks, prio2fifo, borrow period), sdio.c (TXQLEN,
 * TXHI, TXLOW, BRCMF_FIRSTREAD), bcdc.c (BCDC header) and common.c
 * (fcmode default 0, txglomsz default 32). Firmware values are not in the
 * driver (the dongle reports credits in BRCMF_E_FIFO_CREDIT_MAP); their
 * defaults are documented next to BRCMFMAC_43455.
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import type { Band, PhyRate } from '../types';

/** enum brcmf_fws_fcmode: NONE, IMPLIED_CREDIT, EXPLICIT_CREDIT. */
export type FcMode = 0 | 1 | 2;

export interface BrcmfmacBusOptions {
  /** SDIO data rate (bytes of CMD53 payload per second). */
  bytesPerSec: number;
  /** Fixed cost of one CMD53 transfer: command, interrupt, DPC scheduling. */
  perTransferOverheadNs: Ns;
  /** Glom (superframe) size: packets per write (txglomsz). */
  maxPktsPerTransfer: number;
  /** Bytes one firmware TX status adds to a read (TXSTATUS TLV + seq). */
  txstatusBytes: number;
  /** Reads and writes share one bus timeline (SDIO: one CMD53 at a time). */
  halfDuplex: boolean;
}

export interface BrcmfmacFirmwareOptions {
  /** A-MPDU frame limit; also the BlockAck range (BAW). */
  maxAmpduFrames: number;
  maxAmpduBytes: number;
  maxAirtimeUs: number;
  /** Dongle TX packet pool: the SDPCM credit never lets the host exceed it. */
  queuePkts: number;
  /** From the firmware knowing an MPDU's fate to its status being ready to read. */
  txStatusLatencyNs: Ns;
  /** Statuses per bus read (compressed TXSTATUS). */
  txStatusBatch: number;
  /** BlockAck handling before outcomes are known and the next A-MPDU can form. */
  rxAckDelayNs: Ns;
}

export interface BrcmfmacOptions {
  node: number;
  peer: number;
  band: Band;
  fcMode: FcMode;
  /** Firmware rate to the AP. */
  rate: PhyRate;
  /** Per-MPDU error probability. */
  frameErrorRate: number;
  /** Per fws FIFO 0..3 = AC_BK, AC_BE, AC_VI, AC_VO. */
  initialCredits: [number, number, number, number];
  /** FC 2: credits the firmware accumulates for a FIFO before a FIFO_CREDITBACK. */
  creditBackBatch: number;
  hangerSlots: number;
  /** Netdev stop/wake watermarks on the fws queue. */
  fwsQueueHigh: number;
  fwsQueueLow: number;
  bus: BrcmfmacBusOptions;
  firmware: BrcmfmacFirmwareOptions;
}

/**
 * Where packets leave the driver. Every skb handed to xmit() gets exactly one
 * free() (brcmf_txfinalize → tcp_wfree; the host frees dropped skbs too), at
 * most one deliver(), and drop() when it will never be delivered. In fcmode 0
 * free() comes at bus-transfer completion, so deliver() or drop() may follow
 * it: the Skb object must stay intact after free().
 */
export interface BrcmfmacHooks {
  deliver(skb: Skb, nowNs: Ns): void;
  free(skb: Skb, nowNs: Ns): void;
  drop(skb: Skb, nowNs: Ns): void;
  onAggregate(nframes: number, bytes: number, dst: number, nowNs: Ns): void;
  /** A frame received over the air reached the host across the bus. */
  receive?(skb: Skb, nowNs: Ns): void;
}

// fwsignal.c
export const BRCMF_FWS_HANGER_MAXITEMS = 1024;
export const BRCMF_FWS_FLOWCONTROL_HIWATER = 128;
export const BRCMF_FWS_FLOWCONTROL_LOWATER = 64;
/** Per-MAC-entry delay queue (brcmu_pktq_init(&psq, ..., BRCMF_FWS_PSQ_LEN)). */
export const BRCMF_FWS_PSQ_LEN = 256;
/** BRCMF_FWS_BORROW_DEFER_PERIOD = HZ/10: no BE borrowing this long after non-BE traffic. */
export const BRCMF_FWS_BORROW_DEFER_NS: Ns = 100_000_000;
export const FIFO_AC_BK = 0;
export const FIFO_AC_BE = 1;
export const FIFO_AC_VI = 2;
export const FIFO_AC_VO = 3;
/** Data FIFOs modelled (BCMC and ATIM carry no unicast data). */
export const FWS_FIFO_COUNT = 4;
/** brcmf_fws_prio2fifo[]: 802.1d priority → FIFO. */
export const PRIO_TO_FIFO: readonly number[] = [1, 0, 0, 1, 2, 2, 3, 3];

// sdio.c
/** Bus txq length and the flow-control thresholds on it. */
export const SDIO_TXQLEN = 2048;
export const SDIO_TXHI = SDIO_TXQLEN - 256;
export const SDIO_TXLOW = SDIO_TXHI - 256;
/** BRCMF_FIRSTREAD: a frame read from the dongle is at least this long. */
export const SDIO_MIN_READ_BYTES = 64;
/** SDPCM hardware tag 4 + software header 8. */
export const SDPCM_HDR_BYTES = 12;
/** SDPCM_HWEXT_LEN, added to tx_hdrlen when tx glomming is on. */
export const SDPCM_HWEXT_BYTES = 8;
// bcdc.c / fwsignal.c
export const BCDC_HEADER_BYTES = 4;
/** PKTTAG TLV (2 + 4) + reused seq (2), rounded up to 4 by brcmf_fws_hdrpush. */
export const FWS_PKTTAG_BYTES = 8;
/** FIFO_CREDITBACK TLV: type, length, 6 counts. */
export const FWS_CREDITBACK_TLV_BYTES = 8;
/** Ethernet header the dongle replaces with 802.11 + LLC/SNAP. */
export const ETH_HDR_BYTES = 14;
/** wlc_ampdu.c AMPDU_DEF_RETRY_LIMIT: retries of one MPDU before the firmware tosses it. */
export const FW_AMPDU_RETRY_LIMIT = 5;

/**
 * BCM43455 under brcmfmac, Linux 5.4. Defaults and where each comes from:
 * - fcMode 0: common.c module parameter default.
 * - rate VHT80 MCS9 1SS short GI (433.3 Mbit/s): the 43455's best 5 GHz rate.
 * - initialCredits BK 9, BE 39, VI 18, VO 9 and creditBackBatch 20: the
 *   dongle tunables of the 4335 (wltunable_rte_4335a0.h: WLFCFIFOCREDITAC0..3,
 *   WLFC_FIFO_CR_PENDING_THRESH_AC_BE), the 11ac 1x1 SDIO chip the 4345
 *   family follows; the 4345c0 tunables do not set them and the generic
 *   wlc_cfg.h fallback (2/8/2/2) is a low-memory build.
 * - hanger 1024, watermarks 128/64: fwsignal.c.
 * - bus 50 MB/s: SDIO 3.0 SDR50 (100 MHz, 4 bits). A 50 MHz high-speed bus
 *   (25 MB/s) cannot carry the published 245 Mbit/s of fcmode 0.
 *   40 µs per CMD53 (command, F2 interrupt, DPC wake-up on a Cortex-A72):
 *   an estimate. Glom 32 = txglomsz default. 8 bytes per status = TXSTATUS
 *   TLV 6 + reused seq 2. Half duplex: SDIO runs one CMD53 at a time.
 * - A-MPDU 64 frames (AMPDU_TX_BA_DEF_WSIZE), 1048575 bytes (VHT exponent 7),
 *   5416 µs (AMPDU_MAX_DUR in the dongle's wlc_ampdu.c).
 * - queuePkts 128 (two full A-MPDUs of dongle packet pool), status latency
 *   100 µs and BlockAck handling 10 µs: estimates, no public source.
 * - txStatusBatch 8: WLFC_COMP_TXSTATUS_THRESH (wlc_cfg.h).
 */
export function brcmfmac43455Defaults(node: number, peer: number): BrcmfmacOptions {
  return {
    node,
    peer,
    band: '5GHz',
    fcMode: 0,
    rate: { mode: 'vht', mcs: 9, nss: 1, widthMHz: 80, shortGi: true },
    frameErrorRate: 0,
    initialCredits: [9, 39, 18, 9],
    creditBackBatch: 20,
    hangerSlots: BRCMF_FWS_HANGER_MAXITEMS,
    fwsQueueHigh: BRCMF_FWS_FLOWCONTROL_HIWATER,
    fwsQueueLow: BRCMF_FWS_FLOWCONTROL_LOWATER,
    bus: {
      bytesPerSec: 50_000_000,
      perTransferOverheadNs: 40_000,
      maxPktsPerTransfer: 32,
      txstatusBytes: 8,
      halfDuplex: true,
    },
    firmware: {
      maxAmpduFrames: 64,
      maxAmpduBytes: 1_048_575,
      maxAirtimeUs: 5416,
      queuePkts: 128,
      txStatusLatencyNs: 100_000,
      txStatusBatch: 8,
      rxAckDelayNs: 10_000,
    },
  };
}

/**
 * Per-skb tag while the driver holds it, modelled on the fws htod tag
 * (FIFO[26:24], hanger slot[23:8]): hanger slot in bits 0..19, the fcmode it
 * was committed under in bits 20..21, FIFO in bits 24..26. -1 = not in the
 * hanger (fcmode 0 path: the bus completion frees it).
 */
export const NO_TAG = -1;
export function makeTag(hslot: number, mode: FcMode, fifo: number): number {
  return hslot | (mode << 20) | (fifo << 24);
}
export const tagSlot = (tag: number): number => tag & 0xfffff;
export const tagMode = (tag: number): FcMode => ((tag >> 20) & 3) as FcMode;
export const tagFifo = (tag: number): number => (tag >> 24) & 7;
