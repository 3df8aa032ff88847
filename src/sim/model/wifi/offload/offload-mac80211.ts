/**
 * mac80211 as the 802.11ac/ax offload drivers (ath10k, mt76) register it
 * (net/mac80211/tx.c, sta_info.c): intermediate TXQs for every peer, with
 * the scenario's AQL, airtime fairness and pacing shift, and AQL's airtime
 * estimate from the last TX rate (../mac80211/airtime-estimate.ts).
 */
import type { WifiDriverContext } from '../driver';
import { expectedTxAirtimeUs } from '../mac80211/airtime-estimate';
import { Mac80211, mac80211Defaults } from '../mac80211/mac80211-txq';

export function offloadMac80211(ctx: WifiDriverContext): Mac80211 {
  const m = ctx.mac80211;
  const mac = new Mac80211(
    ctx.sim,
    mac80211Defaults({
      // A VHT/HE radio: ieee80211_txq_setup_flows keeps fq_init's 16 MB.
      memoryLimitBytes: 16 << 20,
      slowStationCodel: m.slowStationCodel,
      airtimeFairness: m.airtimeFairness,
      airtimeDrr: m.airtimeDrr,
      aql: m.aql,
      txSkPacingShift: m.txSkPacingShift,
      txTimeEstimateUs: (bytes, sta) => expectedTxAirtimeUs(ctx.rateTo(sta), bytes, m.aqlEstimate),
    }),
    { drop: ctx.hooks.drop, free: ctx.hooks.free },
  );
  for (const p of ctx.peers) mac.addStation(p, 0);
  return mac;
}
