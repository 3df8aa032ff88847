/**
 * brcmfmac behind the driver interface (../driver.ts). A FullMAC driver: no
 * mac80211, the netdev's ndo_start_xmit is brcmf_netdev_start_xmit, and the
 * driver frees every skb itself (its drops are its own count, so the drop
 * hook is not used). Frames from the air reach the host over the SDIO bus.
 */
import type { WifiDriverFactory, WifiRadio } from '../driver';
import { Hop } from '../../skb-trace';
import { Brcmfmac, type BrcmfmacOptions } from './brcmfmac';

export const brcmfmacDriver: WifiDriverFactory<BrcmfmacOptions> = {
  id: 'brcmfmac',
  canBePeer: false,
  create(ctx, opts): WifiRadio {
    const { hooks } = ctx;
    const peer = ctx.peers[0];
    const brcm = new Brcmfmac(ctx.sim, ctx.forkRng(7), ctx.medium, opts, {
      deliver: (skb, now) => {
        skb.dst = peer;
        hooks.deliver(skb, now);
      },
      free: hooks.free,
      drop: () => {},
      onAggregate: hooks.onAggregate,
      // Received frames (the AP's TCP ACKs) cross the SDIO bus before the stack sees them.
      receive: (skb, now) => hooks.receive(peer, skb, now),
    });
    return {
      node: ctx.node,
      family: 'brcmfmac',
      netdev: brcm,
      mac: null,
      driver: brcm,
      // A partition of the hanger's skbs and the dongle's packets: each byte in one layer.
      layers: () => [
        { key: 'occ.driver', label: 'fws queue + SDIO bus', order: 3, read: () => brcm.hostQueuedBytes() },
        { key: 'occ.dongle', label: 'dongle (queued, retrying)', order: 4, read: () => brcm.dongleBytes() },
        {
          key: 'occ.hanger',
          label: 'hanger: TX status on its way back',
          order: 6,
          read: () => brcm.statusPendingBytes(),
        },
      ],
      series: () => [],
      // The fws queue and bus, then the dongle: on the air, its TX status back to the hanger, or released.
      traceSites: () => [
        { obj: brcm, label: 'brcmfmac: fws queue + SDIO bus', series: 'occ.driver' },
        {
          obj: brcm.firmware,
          label: 'brcmfmac dongle',
          series: 'occ.dongle',
          byKind: { [Hop.WIRE]: 'occ.air', [Hop.TX_STATUS]: 'occ.hanger', [Hop.FW_RELEASE]: null },
        },
      ],
      queuedFor: () => brcm.hostQueuedBytes(),
      ownDrops: () => brcm.stats.dropped,
      receiveFromAir: (skb, _txNode, now) => brcm.receiveFromAir(skb, now),
      setFcMode: (mode, now) => brcm.setFcMode(mode, now),
    };
  },
};
