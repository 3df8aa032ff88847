import { describe, expect, it } from 'vitest';
import { AggregatePool, formAggregate, type SubframeSource } from './ath9k-aggr';
import { AthTid } from './ath9k-tid';
import { dataSkb } from './ath9k-test-helpers';
import { AC, type PhyRate } from '../types';
import type { Skb } from '../../skb';

const RATE: PhyRate = { mode: 'ht', mcs: 15, nss: 2, widthMHz: 40, shortGi: true };

/** A TID's frames in order; `probes` carry IEEE80211_TX_CTL_RATE_CTRL_PROBE once pulled. */
function source(frames: Skb[], probes: Set<Skb>) {
  const back: Skb[] = [];
  const src: SubframeSource = {
    getSubframe: () => frames.shift() ?? null,
    putBack: (_tid, skb) => void back.push(skb),
    isProbe: (skb) => probes.has(skb),
  };
  return { src, back };
}

describe('ath_tx_form_aggr', () => {
  it('ends the aggregate in front of a probe pulled while forming it (the flag is tested per frame)', () => {
    const tid = new AthTid(1, 0, AC.BE, 64, null);
    const frames = Array.from({ length: 10 }, () => dataSkb(0, 1, 1));
    const probe = frames[3];
    const { src, back } = source(frames.slice(1), new Set([probe]));
    const agg = new AggregatePool(32).get();
    agg.reset(tid, RATE);
    formAggregate(src, tid, frames[0], agg, 65532);
    expect(agg.n).toBe(3);
    expect(back).toEqual([probe]);
  });

  it('stops at half the BAW (h_baw = 32 of 64) when nothing else does', () => {
    const tid = new AthTid(1, 0, AC.BE, 64, null);
    const frames = Array.from({ length: 40 }, () => dataSkb(0, 1, 1, 200));
    const { src, back } = source(frames.slice(1), new Set());
    const agg = new AggregatePool(32).get();
    agg.reset(tid, RATE);
    formAggregate(src, tid, frames[0], agg, 65532);
    expect(agg.n).toBe(32);
    expect(back).toEqual([frames[32]]);
  });
});
