/**
 * ath9k's own TID round robin with mac80211 TXQs (no airtime fairness):
 * v4.8's ath_txq_schedule, which the first iTXQ ath9k kept, moves a TID that
 * finds the hardware queue full to the tail, so every ath9k_wake_tx_queue
 * while full rotates the order; from v4.14 that TID keeps its place.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../../engine/sim';
import { dataSkb, ht, ManualMedium, RadioRig, runTxop } from './ath9k-test-helpers';

/** Two backlogged stations; `arrivals` packets for station 1 between completions; the stations served. */
function served(scheduler: 'driver' | 'rotating', arrivals: number): number[] {
  const sim = new Sim(3);
  const rig = new RadioRig(
    sim,
    sim.rng.fork(1),
    new ManualMedium(),
    0,
    '5GHz',
    { rateFor: () => ht(7), scheduler },
    {
      airtimeFairness: false,
    },
  );
  for (let i = 0; i < 200; i++) {
    rig.xmit(dataSkb(0, 1, 1), 0);
    rig.xmit(dataSkb(0, 2, 2), 0);
  }
  for (let k = 0; k < 10; k++) {
    for (let a = 0; a < arrivals; a++) rig.xmit(dataSkb(0, 1, 1), sim.nowNs);
    runTxop(sim, rig.ath);
  }
  // The first two are the single frames sent before the hardware queue filled.
  return rig.txs.slice(2, 10).map((t) => t.dst);
}

describe('ath9k TID round robin (iTXQ, airtime fairness off)', () => {
  it('v4.14+: the TID that found the queue full is served next, whatever arrives', () => {
    for (const arrivals of [0, 1, 2]) expect(served('driver', arrivals)).toEqual([1, 2, 1, 2, 1, 2, 1, 2]);
  });

  it('v4.8 rotation: without arrivals the TID just served keeps the slot; each arrival rotates', () => {
    expect(served('rotating', 0)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
    expect(served('rotating', 1)).toEqual([1, 2, 1, 2, 1, 2, 1, 2]);
    expect(served('rotating', 2)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
  });
});
