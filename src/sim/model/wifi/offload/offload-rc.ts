/**
 * Rate control where the firmware or MAC picks the rates: ath10k's firmware
 * (mac80211 registers no rate control for it: IEEE80211_HW_HAS_RATE_CONTROL
 * in ath10k_mac_register) and MT7915/MT7921's firmware (mt7915_mac_init:
 * the MCU's rate adaptation). Both are closed. What the host sees is the
 * throughput and the TX-status rate reports; the model takes the firmware
 * to adapt as minstrel_ht does (per-rate success EWMA, max-throughput rate,
 * sampling), one decision per PPDU — an assumption, named in the drivers'
 * options. Which minstrel_ht stands in is the era's (../mac80211/minstrel-rc.ts),
 * for want of anything known about the firmware's: the firmware itself does
 * not change with the host kernel. The scenario's station `rateControl`
 * switches it on per peer.
 */
import type { WifiDriverContext } from '../driver';
import { createMinstrel, type MinstrelRc } from '../mac80211/minstrel-rc';

/** Rate limits of the assumed firmware rate control: a 4-entry table like mac80211's, 10 tries. */
const FIRMWARE_RC = { maxRates: 4, maxRetry: 10 } as const;

/** One rate control per peer left to rate control, or null where the rate is pinned. */
export function firmwareRateControl(
  ctx: WifiDriverContext,
  salt: number,
): (dst: number) => MinstrelRc | null {
  const rcs = new Map<number, MinstrelRc>();
  const peers = ctx.peers.filter((p) => ctx.rateControl(p) === 'minstrel_ht');
  if (peers.length > 0) {
    const rng = ctx.forkRng(salt + ctx.node);
    const opts = { ...FIRMWARE_RC, era: ctx.mac80211.minstrel, clockNs: () => ctx.sim.nowNs };
    for (const p of peers) rcs.set(p, createMinstrel(ctx.rateTo(p), rng, opts, ctx.sim.nowNs));
  }
  return (dst) => rcs.get(dst) ?? null;
}
