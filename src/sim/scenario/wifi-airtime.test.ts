/**
 * StationSummary.airtimeShare: each station's share of the airtime spent
 * with the stations after warm-up (frames to it and from it), read from the
 * medium's TXOP records. Short runs of the AP preset, whose slow station
 * takes most of the air unless mac80211's airtime scheduler shares it out.
 * Also the occupancy layer of what the sending radio has on the air.
 */
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { buildModel, runScenario } from '../run';
import { findPreset } from './presets/index';
import type { Scenario } from './scenario';

function shares(edit: (sc: Scenario) => void, ms = 3000): number[] {
  const sc = findPreset('ath9k-intermediate-queues')!.scenario();
  sc.warmupMs = 1000;
  edit(sc);
  return runScenario(sc, 1, ms).summary.stations.map((s) => s.airtimeShare);
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe('per-station airtime share', () => {
  it('without the airtime scheduler the slow station holds most of the air (the 802.11 anomaly)', () => {
    const [f1, f2, slow] = shares((sc) => (sc.wifi!.queueing = 'itxq'));
    expect(sum([f1, f2, slow])).toBeCloseTo(1, 9);
    expect(slow).toBeGreaterThan(0.4);
    expect(slow).toBeGreaterThan(f1 + 0.1);
    expect(slow).toBeGreaterThan(f2 + 0.1);
  });

  it('with the airtime scheduler every station gets about a third', () => {
    const xs = shares((sc) => {
      sc.wifi!.queueing = 'itxq';
      sc.wifi!.airtimeFairness = true;
    });
    expect(sum(xs)).toBeCloseTo(1, 9);
    for (const x of xs) expect(Math.abs(x - 1 / 3)).toBeLessThan(0.04);
  });

  it('counts only what was sent after warm-up', () => {
    // A warm-up as long as the run leaves nothing measured: no share, not a stale one.
    const xs = shares((sc) => (sc.warmupMs = 3000));
    for (const x of xs) expect(x).toBeNaN();
  });

  it('a local sender has one station, which has all of it', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    const [only, ...rest] = runScenario(sc, 1, 1500).summary.stations;
    expect(rest).toEqual([]);
    expect(only.airtimeShare).toBe(1);
  });
});

describe('the "on the air" occupancy layer', () => {
  it('holds the sending radio’s A-MPDU while its TXOP lasts, and nothing between TXOPs', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    const m = buildModel(sc, 1, true);
    m.sim.runUntil(1500 * NS_PER_MS);
    const air = m.recorder.takeFrame(m.sim.nowNs).cols['occ.air'];
    expect(air.length).toBeGreaterThan(100);
    const on = [...air].filter((b) => b > 0);
    // Never more than one A-MPDU (ath9k's 65535-byte limit), and often something: the sender is busy.
    expect(Math.max(...on)).toBeLessThanOrEqual(65535);
    expect(on.length / air.length).toBeGreaterThan(0.3);
    expect(on.length).toBeLessThan(air.length);
  });
});
