/**
 * Test scaffolding for the mac80211 TXQ model (used by mac80211-txq*.test.ts
 * only): data skbs of a given size and flow, a Mac80211 with recorded drops
 * and frees, and the BE txq it would hand a driver next.
 */
import { Sim } from '../../../engine/sim';
import { SkbKind, type Skb } from '../../skb';
import { dataSkb } from '../ath9k/ath9k-test-helpers';
import { Mac80211, mac80211Defaults, type Mac80211Options, type Txq } from './mac80211-txq';
import { AC } from '../types';

/** A one-segment skb of `ipBytes` from node 0 (the radio's own traffic in these tests). */
export function mkSkb(dst: number, flowId: number, ipBytes = 1500, kind: SkbKind = SkbKind.DATA): Skb {
  const s = dataSkb(0, dst, flowId, ipBytes);
  s.kind = kind;
  return s;
}

export function setup(over: Partial<Mac80211Options> = {}) {
  const sim = new Sim(1);
  const dropped: Skb[] = [];
  const freed: Skb[] = [];
  const mac = new Mac80211(sim, mac80211Defaults({ aql: null, ...over }), {
    drop: (s) => dropped.push(s),
    free: (s) => freed.push(s),
  });
  return { sim, mac, dropped, freed };
}

/** The txq mac80211 hands out next for BE (the way a driver asks for it). */
export function nextBe(mac: Mac80211): Txq {
  mac.scheduleStart(AC.BE);
  const txq = mac.nextTxq(AC.BE, 0);
  if (txq === null) throw new Error('no txq');
  return txq;
}
