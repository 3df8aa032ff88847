/**
 * mt76 behind the driver interface (../driver.ts): mac80211 with
 * intermediate TXQs, AQL and airtime fairness (mt76_register_device sets
 * both extended features; AQL's estimate is mac80211's from the last TX
 * rate), the host side (./mt76.ts) and the MAC (./mt76-mac.ts). No
 * tx_sk_pacing_shift of its own: mac80211's default applies.
 */
import { firmwareRateControl } from '../offload/offload-rc';
import { us } from '../../../engine/time';
import { macNetdev } from '../ath9k/ath9k-driver';
import type { WifiDriverFactory, WifiRadio } from '../driver';
import { offloadMac80211 } from '../offload/offload-mac80211';
import { offloadRadioParts } from '../offload/offload-radio';
import { DEFAULT_BASIC_RATE_MBPS } from '../phy/phy';
import { Mt76 } from './mt76';
import { Mt76Mac } from './mt76-mac';
import { mt76Defaults, type Mt76Chip } from './mt76-options';

/** The scenario's mt76 block. */
export interface Mt76DriverConfig {
  chip: Mt76Chip;
  /** WA firmware: BlockAck to TX-free event (assumption, see mt76-options.ts). */
  txFreeDelayUs: number;
  /** RX interrupt to the NAPI poll. */
  napiDelayUs: number;
  /** mt76_worker_schedule to the TX worker running. */
  workerDelayUs: number;
  /** The peer's maximum A-MPDU length (its HE capabilities). */
  peerMaxAmpduBytes: number;
}

export const mt76Driver: WifiDriverFactory<Mt76DriverConfig> = {
  id: 'mt76',
  canBePeer: true,
  create(ctx, cfg): WifiRadio {
    const { hooks, node } = ctx;
    const opts = mt76Defaults(cfg.chip, {
      txFreeDelayNs: us(cfg.txFreeDelayUs),
      napiDelayNs: us(cfg.napiDelayUs),
      workerDelayNs: us(cfg.workerDelayUs),
      peerMaxAmpduBytes: cfg.peerMaxAmpduBytes,
    });
    const mac = offloadMac80211(ctx);
    const host = new Mt76(ctx.sim, mac, opts, ctx.cpu, ctx.costs);
    const hw = new Mt76Mac(
      ctx.sim,
      ctx.forkRng(60 + node),
      ctx.medium,
      opts,
      {
        node,
        band: ctx.band,
        rateTo: ctx.rateTo,
        loss: ctx.loss,
        rateControl: firmwareRateControl(ctx, 80),
        baWindow: opts.baWindow,
        maxSubframes: opts.baWindow,
        maxAmpduBytes: opts.peerMaxAmpduBytes,
        maxPpduNs: opts.maxPpduNs,
        maxAmsduSubframes: opts.maxAmsduSubframes,
        maxAmsduBytes: opts.maxMpduBytes,
        maxTries: opts.maxTries,
        nominalPaddingUs: opts.nominalPaddingUs,
        basicRateMbps: DEFAULT_BASIC_RATE_MBPS,
      },
      {
        txFree: (skbs, acked, air, dst, now) => host.txFree(skbs, acked, air, dst, now),
        dmaFetched: () => host.dmaFetched(),
        deliver: hooks.deliver,
        onAggregate: hooks.onAggregate,
      },
    );
    host.attach(hw);
    return {
      node,
      family: 'mt76',
      netdev: macNetdev(mac),
      mac,
      driver: host,
      baWindow: opts.baWindow,
      ...offloadRadioParts(
        { mac, device: hw, host, crossingBytes: () => hw.ringBytes, statusOutBytes: () => hw.freeBytes },
        {
          layers: {
            crossing: 'DMA ring (not yet fetched)',
            queues: 'MAC queues (per station and TID)',
            status: 'TX-free event on its way back',
          },
          completion: 'TX-free latency (ring → token release)',
          trace: { bus: 'mt76: DMA ring', engine: 'mt76 MAC queues', host: 'mt76: TX-free' },
        },
        { key: 'drv.tokens', label: 'tokens out', unit: 'frames', panel: 'tcp', read: () => host.tokenCount },
      ),
    };
  },
};
