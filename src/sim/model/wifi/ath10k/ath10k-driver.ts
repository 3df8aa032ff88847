/**
 * ath10k behind the driver interface (../driver.ts): mac80211 with
 * intermediate TXQs and AQL (ath10k_mac_register sets
 * NL80211_EXT_FEATURE_AQL; the estimate is mac80211's from the last TX
 * rate), the HTT host side (./ath10k.ts, with received frames through its
 * NAPI poll, ./ath10k-rx.ts) and the firmware (./ath10k-fw.ts).
 * The driver sets no tx_sk_pacing_shift: mac80211's default applies.
 */
import { firmwareRateControl } from '../offload/offload-rc';
import { us } from '../../../engine/time';
import { macNetdev } from '../ath9k/ath9k-driver';
import type { WifiDriverFactory, WifiRadio } from '../driver';
import { offloadMac80211 } from '../offload/offload-mac80211';
import { offloadRadioParts } from '../offload/offload-radio';
import { DEFAULT_BASIC_RATE_MBPS } from '../phy/phy';
import { BA_WINDOW_VHT } from '../phy/vht-he';
import { Ath10k } from './ath10k';
import { Ath10kFirmware } from './ath10k-fw';
import { ath10kDefaults, type Ath10kChip } from './ath10k-options';

/** The scenario's ath10k block. */
export interface Ath10kDriverConfig {
  chip: Ath10kChip;
  /** Firmware: BlockAck to HTT tx_compl indication (assumption, see ath10k-options.ts). */
  fwTxComplDelayUs: number;
  /** CE interrupt to the NAPI poll that frees the frames. */
  napiDelayUs: number;
  /** The peer's maximum A-MPDU and MPDU lengths (its VHT capabilities). */
  peerMaxAmpduBytes: number;
  peerMaxMpduBytes: number;
}

export const ath10kDriver: WifiDriverFactory<Ath10kDriverConfig> = {
  id: 'ath10k',
  canBePeer: true,
  create(ctx, cfg): WifiRadio {
    const { hooks, node } = ctx;
    const opts = ath10kDefaults(cfg.chip, {
      fwTxComplDelayNs: us(cfg.fwTxComplDelayUs),
      napiDelayNs: us(cfg.napiDelayUs),
      peerMaxAmpduBytes: cfg.peerMaxAmpduBytes,
      peerMaxMpduBytes: cfg.peerMaxMpduBytes,
    });
    const mac = offloadMac80211(ctx);
    const host = new Ath10k(ctx.sim, mac, opts, ctx.rateTo, ctx.cpu, ctx.costs, hooks.receive);
    const fw = new Ath10kFirmware(
      ctx.sim,
      ctx.forkRng(40 + node),
      ctx.medium,
      opts,
      {
        node,
        band: ctx.band,
        rateTo: ctx.rateTo,
        loss: ctx.loss,
        rateControl: firmwareRateControl(ctx, 70),
        baWindow: BA_WINDOW_VHT,
        maxSubframes: opts.maxAmpduSubframes,
        maxAmpduBytes: opts.peerMaxAmpduBytes,
        maxPpduNs: opts.maxPpduNs,
        maxAmsduSubframes: opts.maxAmsduSubframes,
        maxAmsduBytes: opts.peerMaxMpduBytes,
        maxTries: opts.maxTries,
        nominalPaddingUs: 0,
        basicRateMbps: DEFAULT_BASIC_RATE_MBPS,
      },
      {
        txComplInd: (msdus, acked, now) => host.txComplInd(msdus, acked, now),
        fetchInd: (dst, tid, n, bytes, now) => host.fetchInd(dst, tid, n, bytes, now),
        hostQueued: (dst, tid) => host.hostQueued(dst, tid),
        deliver: hooks.deliver,
        onAggregate: hooks.onAggregate,
      },
    );
    host.attach(fw);
    return {
      node,
      family: 'ath10k',
      netdev: macNetdev(mac),
      mac,
      driver: host,
      baWindow: BA_WINDOW_VHT,
      // Received frames reach the stack through the same NAPI poll as the TX statuses.
      receiveFromAir: (skb, txNode, now) => host.rxInd(skb, txNode, now),
      ...offloadRadioParts(
        { mac, device: fw, host, crossingBytes: () => fw.busBytes, statusOutBytes: () => fw.indBytes },
        {
          layers: {
            crossing: 'HTT: crossing PCIe to the firmware',
            queues: 'firmware queues (per peer and TID)',
            status: 'HTT tx_compl on its way back',
          },
          completion: 'HTT completion latency (driver → tx_compl)',
          trace: {
            bus: 'HTT: PCIe to the firmware',
            engine: 'ath10k firmware',
            host: 'ath10k: HTT tx_compl',
          },
        },
        {
          key: 'drv.pending',
          label: 'HTT num_pending_tx',
          unit: 'frames',
          panel: 'tcp',
          read: () => host.numPendingTx,
        },
      ),
    };
  },
};
