/**
 * ath9k behind the driver interface (../driver.ts): an Ath9k radio and, in
 * iTXQ mode, the mac80211 instance it pulls from. ath9k sets neither
 * NL80211_EXT_FEATURE_AQL nor its own tx_sk_pacing_shift, so mac80211 runs
 * with the era's defaults and AQL only where the scenario asks for it.
 */
import { us } from '../../../engine/time';
import type { TxDriver } from '../../nic/driver';
import { Hop } from '../../skb-trace';
import type { WifiDriverContext, WifiDriverFactory, WifiRadio } from '../driver';
import { createMinstrel, type MinstrelRc } from '../mac80211/minstrel-rc';
import { Mac80211, mac80211Defaults } from '../mac80211/mac80211-txq';
import { phyRateBps } from '../phy/phy';
import { Ath9k, ath9kDefaults } from './ath9k';
import type { Ath9kOptions } from './ath9k-options';

/** The scenario's ath9k settings for one radio. */
export interface Ath9kDriverConfig {
  /** mac80211 intermediate TXQs (4.10+), or the driver's own queues under the qdisc (≤ 4.9). */
  queueing: 'itxq' | 'legacy';
  txStatusDelayUs: number;
  legacyMaxPending: number;
  /** ath9k's TID round robin of ≤ v4.13 (a TID that found the hardware queue full goes to the tail). */
  rotatingRoundRobin: boolean;
  /**
   * v4.11–v5.0: with airtime fairness on, ath9k schedules by airtime itself
   * (ath9k-airtime.ts) and that era's mac80211 has no airtime scheduler.
   */
  ownAirtime?: boolean;
}

/** mac80211 with iTXQ as the netdev's driver: it never stops the queue. */
export function macNetdev(mac: Mac80211): TxDriver {
  return { queueStopped: () => false, xmit: (skb, now) => mac.xmit(skb, now), setWake: () => {} };
}

/** ath9k's hw->max_rates and max_rate_tries (init.c: hw->max_rates = 4, hw->max_rate_tries = 10). */
export const ATH9K_RATE_LIMITS = { maxRates: 4, maxRetry: 10 } as const;

/** minstrel_ht per peer the scenario leaves to rate control. */
function minstrelFor(ctx: WifiDriverContext): Map<number, MinstrelRc> {
  const rcs = new Map<number, MinstrelRc>();
  const peers = ctx.peers.filter((p) => ctx.rateControl(p) === 'minstrel_ht');
  if (peers.length === 0) return rcs;
  const rng = ctx.forkRng(60 + ctx.node);
  const opts = { ...ATH9K_RATE_LIMITS, era: ctx.mac80211.minstrel, clockNs: () => ctx.sim.nowNs };
  for (const p of peers) rcs.set(p, createMinstrel(ctx.rateTo(p), rng, opts, ctx.sim.nowNs));
  return rcs;
}

/** Who picks TIDs (Ath9kOptions.scheduler) in this era, undefined: by mac80211's airtime switch. */
function schedulerOf(itxq: boolean, cfg: Ath9kDriverConfig, fairness: boolean): Ath9kOptions['scheduler'] {
  if (!itxq) return undefined;
  if (fairness && cfg.ownAirtime) return 'airtime';
  return cfg.rotatingRoundRobin && !fairness ? 'rotating' : undefined;
}

export const ath9kDriver: WifiDriverFactory<Ath9kDriverConfig> = {
  id: 'ath9k',
  canBePeer: true,
  create(ctx, cfg): WifiRadio {
    const { node, hooks } = ctx;
    const itxq = cfg.queueing === 'itxq';
    const rcs = minstrelFor(ctx);
    const ath = new Ath9k(
      ctx.sim,
      ctx.forkRng(20 + node),
      ctx.medium,
      ath9kDefaults(node, ctx.band, (dst) => ctx.rateTo(dst), {
        mode: itxq ? 'itxq' : 'legacy',
        txStatusDelayNs: us(cfg.txStatusDelayUs),
        legacyMaxPending: cfg.legacyMaxPending,
        loss: (dst) => ctx.loss(dst),
        rateControl: (dst) => rcs.get(dst) ?? null,
        erpProtection: ctx.erpProtection,
        scheduler: schedulerOf(itxq, cfg, ctx.mac80211.airtimeFairness),
      }),
      {
        deliver: hooks.deliver,
        free: hooks.free,
        onAggregate: hooks.onAggregate,
      },
    );
    let mac: Mac80211 | null = null;
    if (itxq) {
      const m80211 = ctx.mac80211;
      mac = new Mac80211(
        ctx.sim,
        mac80211Defaults({
          slowStationCodel: m80211.slowStationCodel,
          airtimeFairness: m80211.airtimeFairness && !cfg.ownAirtime,
          airtimeDrr: m80211.airtimeDrr,
          aql: m80211.aql,
          txSkPacingShift: m80211.txSkPacingShift,
        }),
        { drop: hooks.drop, free: hooks.free },
      );
      // minstrel_ht's expected throughput: about two thirds of the PHY rate at full aggregation.
      for (const p of ctx.peers) mac.addStation(p, phyRateBps(ctx.rateTo(p)) / 1000 / 1.5);
      ath.attach(mac);
    }
    const netdev: TxDriver = mac ? macNetdev(mac) : ath;
    return {
      node,
      family: 'ath9k',
      netdev,
      mac,
      driver: ath,
      layers: () => [
        {
          key: 'occ.driver',
          label: 'ath9k: TID + retry + HW queue',
          order: 3,
          read: () => ath.driverQueueBytes(),
        },
      ],
      series: () => [],
      // Into its TID and HW queue, then on the air in an A-MPDU (and back on a retry).
      traceSites: () => [
        { obj: ath, label: 'ath9k: TID + HW queue', series: 'occ.driver', byKind: { [Hop.WIRE]: 'occ.air' } },
      ],
      queuedFor: (dst) => (mac?.backlogBytes(dst) ?? 0) + ath.bytesFor(dst),
      ownDrops: () => ath.stats.legacyDrops,
    };
  },
};
