/**
 * Summary.drops counts the WiFi drops that bypass Model.dropFn (see
 * wifiDrops in ./wifi-probes.ts): each case forces one site in a short run
 * and checks that the summary equals the drops that went through dropFn
 * (qdisc, mac80211) plus every module's own count, that site's included.
 */
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { buildModel } from '../run';
import type { Model } from './model';
import { findPreset } from './presets/index';
import type { Ath9k } from '../model/wifi/ath9k/ath9k';
import type { Brcmfmac } from '../model/wifi/brcmfmac/brcmfmac';
import type { WifiConfig } from './wifi-config';
import type { WifiNet } from './wifi-net';

/** The driver object of the radio at `node`, as the family that built it. */
const ath9kAt = (r: WifiNet, node: number) => r.radios[node].driver as Ath9k;
const brcmAt = (r: WifiNet) => r.radios[0].driver as Brcmfmac;

function run(
  presetId: string,
  edit: (w: WifiConfig) => void,
  ms: number,
): { m: Model; r: WifiNet; drops: number } {
  const sc = findPreset(presetId)!.scenario();
  sc.warmupMs = 0;
  edit(sc.wifi!);
  const m = buildModel(sc, 1, false);
  m.sim.runUntil(ms * NS_PER_MS);
  return { m, r: m.wifiRadios!, drops: m.summary().drops };
}

/** dropFn's count plus each module's own counter, read from the modules. */
function ownCounts(m: Model, r: WifiNet): number {
  let n = m.drops + r.reorder.late;
  r.radios.forEach((radio, node) => {
    if (radio.family === 'brcmfmac') n += brcmAt(r).stats.dropped;
    else n += ath9kAt(r, node).stats.legacyDrops;
  });
  return n;
}

describe('Summary.drops counts every WiFi drop site', () => {
  it('ath9k in legacy mode: frames given up after their retries, which the driver frees itself', () => {
    const { m, r, drops } = run(
      'ath9k-pacing-shift',
      (w) => {
        w.queueing = 'legacy';
        w.stations[0].frameErrorRate = 0.9;
      },
      300,
    );
    const own = ath9kAt(r, 0).stats.legacyDrops;
    expect(own).toBeGreaterThan(0);
    expect(drops).toBe(ownCounts(m, r));
  });

  it('ath9k with iTXQ: the same give-ups are counted once, by mac80211 through dropFn', () => {
    const { m, r, drops } = run('ath9k-pacing-shift', (w) => (w.stations[0].frameErrorRate = 0.9), 300);
    const ath = ath9kAt(r, 0);
    expect(ath.stats.drops).toBeGreaterThan(0);
    expect(ath.stats.legacyDrops).toBe(0);
    expect(m.drops).toBeGreaterThanOrEqual(ath.stats.drops);
    expect(drops).toBe(ownCounts(m, r));
  });

  it('brcmfmac: packets the firmware tosses after its retries (the builder gives it a no-op drop hook)', () => {
    const { m, r, drops } = run('brcmfmac-fc-mode', (w) => (w.stations[0].frameErrorRate = 0.9), 200);
    const own = brcmAt(r).stats.dropped;
    expect(own).toBeGreaterThan(0);
    expect(drops).toBe(ownCounts(m, r));
  });

  it('reorder buffer: retries that arrive after their hole was skipped are discarded', () => {
    // TX status 100 ms after the exchange: a failed subframe is retried no
    // sooner, while the receiver skips its hole after HT_RX_REORDER_BUF_TIMEOUT.
    const { m, r, drops } = run(
      'ath9k-pacing-shift',
      (w) => {
        w.txStatusDelayUs = 100_000;
        w.stations[0].frameErrorRate = 0.3;
      },
      500,
    );
    const own = r.reorder.late;
    expect(own).toBeGreaterThan(0);
    // Duplicates (a lost BlockAck made the sender retry a frame already handed up) lose nothing.
    expect(r.reorder.discarded).toBeGreaterThanOrEqual(own);
    expect(drops).toBe(ownCounts(m, r));
  });
});
