/**
 * Property tests: thousands of random valid scenarios (wired, WiFi, and the
 * presets with their knobs at random values), each run for 20–50 ms of
 * simulated time with frames taken as the worker does, then drained with the
 * senders muted. The harness (./invariants.ts) checks bytes conservation per
 * flow, non-negative occupancy, the TSQ bound at every send, a monotone clock
 * and TCP sequence-space order; here we also check frames and summaries.
 * The fast-check seed is fixed (override with TSQ_FC_SEED) so a failure
 * reproduces; fast-check prints the counterexample.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../src/sim/run';
import { PARAMS } from '../../src/sim/scenario/params';
import { PRESETS } from '../../src/sim/scenario/presets/index';
import type { Scenario } from '../../src/sim/scenario/scenario';
import { applyOverrides, validateScenario } from '../../src/sim/scenario/validate';
import { presetScenario, wifiScenario, wiredScenario } from './arbitrary-scenario';
import { InvariantHarness } from './invariants';
import { silentDrops, type SilentSite } from './silent-drops';

const SEED = Number(process.env.TSQ_FC_SEED ?? 20_240_601);
/** Drained runs must settle well within this (lossy WiFi with long retries is the slowest). */
const MAX_DRAIN_NS = 30e9;

const totals = {
  scenarios: 0,
  checks: 0,
  frames: 0,
  silentRuns: { 'rx-reorder': 0, 'ath9k-legacy': 0, brcmfmac: 0 } as Record<SilentSite, number>,
};

function runAndCheck(sc: Scenario, seed: number): void {
  expect(validateScenario(sc)).toEqual([]);
  const model = buildModel(sc, seed, true);
  const h = new InvariantHarness(model);
  const endNs = sc.durationMs * 1e6;
  const stepNs = 2e6;
  let lastT = -1;
  const frameErrors: string[] = [];
  // Frames as the worker takes them, checked for shape and time order.
  for (let t = stepNs; t < endNs + stepNs; t += stepNs) {
    h.runTo(Math.min(t, endNs), stepNs);
    const f = model.recorder.takeFrame(model.sim.nowNs);
    totals.frames++;
    for (const [k, col] of Object.entries(f.cols))
      if (col.length !== f.tNs.length) frameErrors.push(`${k}: ${col.length} values, ${f.tNs.length} times`);
    for (const tNs of f.tNs) {
      if (!(tNs > lastT)) frameErrors.push(`sample time ${tNs} after ${lastT}`);
      lastT = tNs;
    }
  }
  expect(frameErrors.slice(0, 5)).toEqual([]);
  const s = model.summary();
  expect(s.simulatedNs).toBe(endNs);
  expect(Number.isFinite(s.goodputBps) && s.goodputBps >= 0).toBe(true);
  expect(s.drops).toBeGreaterThanOrEqual(0);
  const left = h.drain(MAX_DRAIN_NS);
  expect(h.violations).toEqual([]);
  expect(left, 'payload neither delivered nor dropped after the drain').toEqual(left.map(() => 0));
  totals.scenarios++;
  totals.checks += h.checks;
  for (const site of Object.keys(silentDrops.bySite) as SilentSite[])
    if (silentDrops.bySite[site] > 0) totals.silentRuns[site]++;
}

describe('core invariants over random valid scenarios', () => {
  afterAll(() => {
    console.log(
      `robustness/property: ${totals.scenarios} scenarios, ${totals.checks} invariant checks, ${totals.frames} frames; ` +
        `runs with drops outside Model.dropFn: ${JSON.stringify(totals.silentRuns)}`,
    );
  });

  it('wired: 1500 scenarios (qdiscs, NIC completion and RX coalescing, BQL, Xen, router, receive windows, per-flow hosts, eras, CC, CPU costs)', () => {
    fc.assert(
      fc.property(wiredScenario(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (sc, seed) =>
        runAndCheck(sc, seed),
      ),
      { numRuns: 1500, seed: SEED },
    );
  });

  it('WiFi: 500 scenarios (local and AP topologies, ath9k/brcmfmac/ath10k/mt76, iTXQ/legacy, lossy rates)', () => {
    fc.assert(
      fc.property(wifiScenario(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (sc, seed) =>
        runAndCheck(sc, seed),
      ),
      { numRuns: 500, seed: SEED + 1 },
    );
  });

  it('presets with their explorer knobs at random values: 300 scenarios', () => {
    fc.assert(
      fc.property(
        presetScenario(PRESETS, PARAMS),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        ({ id, set }, seed) => {
          const preset = PRESETS.find((p) => p.id === id)!;
          const sc = applyOverrides(preset.scenario(), { ...set, durationMs: 20, warmupMs: 5 });
          // Keep the property tests cheap: the fastest preset links run at 1 Gbit/s here.
          if (!sc.wifi && sc.link.rateBps > 1e9) sc.link.rateBps = 1e9;
          runAndCheck(sc, seed);
        },
      ),
      { numRuns: 300, seed: SEED + 2 },
    );
  });
});

describe('the harness catches what it is meant to catch', () => {
  const base = (): Scenario =>
    applyOverrides(PRESETS.find((p) => p.id === 'bench-wired')!.scenario(), {
      durationMs: 50,
      warmupMs: 5,
      era: '3.6',
      'tcp.tcp_limit_output_bytes': 2000,
    });

  it('a qdisc that loses packets without dropping them breaks conservation', () => {
    const model = buildModel(base(), 1, true);
    const q = model.qdiscs[0];
    let n = 0;
    const enqueue = q.enqueue.bind(q);
    q.enqueue = (skb, now) => {
      if (++n % 3 !== 0) enqueue(skb, now);
    };
    const h = new InvariantHarness(model);
    h.runTo(50e6, 2e6);
    expect(n).toBeGreaterThanOrEqual(3);
    expect(h.drain(5e9).some((x) => x > 0)).toBe(true);
  });

  it('a sender that skips the TSQ check is caught at send time', () => {
    const model = buildModel(base(), 1, true);
    for (const s of model.senders) (s as unknown as { tsqCheck: () => boolean }).tsqCheck = () => false;
    const h = new InvariantHarness(model);
    h.runTo(50e6, 2e6);
    expect(h.violations.some((v) => v.includes('TSQ limit'))).toBe(true);
  });

  it('an event at NaN or a negative occupancy is caught', () => {
    const model = buildModel(base(), 1, true);
    const h = new InvariantHarness(model);
    model.sim.at(NaN, { handleEvent: () => {} }, 0);
    model.senders[0].wmemBytes = -1;
    h.checkState();
    expect(h.violations.join('\n')).toMatch(/event scheduled at NaN[\s\S]*sk_wmem_alloc -1/);
  });
});
