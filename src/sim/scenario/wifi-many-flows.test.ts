/**
 * Many bulk flows at an ath9k AP: one CUBIC flow to each of 10 or 30 HT40
 * MCS 15 stations (300 Mbit/s, no loss), and what the driver's source lets
 * an A-MPDU hold. With mac80211 TXQs (v4.10+) nothing below TCP caps a
 * station's backlog, so ath_tx_form_aggr stops at h_baw = baw_size / 2 = 32
 * subframes (49.4 KB, under the 65 532-byte 4 ms limit of ath_lookup_rate).
 * Before them (≤ v4.9), ath_tx_start stops the netdev queue once the AC's
 * hardware queue holds more than ATH_MAX_QDEPTH = 123 frames
 * (txq->pending_frames, counted until TX completion), so the stations'
 * aggregates share at most 124 frames.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { findPreset } from './presets/index';
import { ht } from './wifi-config';
import type { EraId } from './eras';

function manyFlows(n: number, era: EraId, queueing: 'itxq' | 'legacy') {
  const sc = findPreset('airtime-anomaly')!.scenario();
  sc.era = era;
  sc.warmupMs = 1500;
  const w = sc.wifi!;
  w.band = '5GHz';
  w.queueing = queueing;
  w.airtimeFairness = queueing === 'itxq';
  w.stations = Array.from({ length: n }, (_, i) => ({
    name: `s${i}`,
    rate: ht(15, 40, true),
    uplinkRate: ht(15, 40, true),
    frameErrorRate: 0,
    snrDb: null,
    rateControl: 'fixed' as const,
  }));
  return runScenario(sc, 1, 4000).summary;
}

const H_BAW = 32;
const ATH_MAX_QDEPTH = 123;

describe('A-MPDUs of an ath9k AP with many bulk flows', () => {
  for (const n of [10, 30]) {
    it(`${n} stations, mac80211 TXQs (6.6): aggregates reach half the BAW`, () => {
      const s = manyFlows(n, '6.6', 'itxq');
      expect(s.medianAggregate).toBeLessThanOrEqual(H_BAW);
      expect(s.medianAggregate).toBeGreaterThanOrEqual(H_BAW - 2);
      for (const st of s.stations) expect(st.medianAggregate).toBeLessThanOrEqual(H_BAW);
    });

    it(`${n} stations, ath9k's own queues (4.1): the 123-frame pending limit shares out the aggregates`, () => {
      const s = manyFlows(n, '4.1', 'legacy');
      const share = Math.ceil((ATH_MAX_QDEPTH + 1) / n);
      expect(s.medianAggregate).toBeLessThanOrEqual(share);
      // Most of the pending frames wait in the TIDs, not in hardware: the share is nearly used.
      expect(s.medianAggregate).toBeGreaterThanOrEqual(share / 2);
    });
  }
});
