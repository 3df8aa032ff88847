import { describe, expect, it } from 'vitest';
import { createSim, listPresets } from '../src/sim/index';
import { buildModel, runScenario } from '../src/sim/run';
import { findPreset } from '../src/sim/scenario/presets/index';
import { wiredBase } from '../src/sim/scenario/presets/wired-base';
import type { Scenario } from '../src/sim/scenario/scenario';

function run(presetId: string, seed: number): string {
  const r = createSim(presetId, {}, seed);
  if (!r.ok) throw new Error(r.error);
  r.sim.runUntil(150_000_000);
  const f = r.sim.takeFrame();
  const cols = Object.fromEntries(Object.entries(f.cols).map(([k, v]) => [k, Array.from(v)]));
  return JSON.stringify({
    s: r.sim.summary(),
    t: Array.from(f.tNs),
    cols,
    agg: Array.from(f.aggN),
    ping: Array.from(f.pingMs),
  });
}

describe('determinism', () => {
  for (const p of listPresets()) {
    it(`${p.id}: same seed, byte-identical output; another seed differs`, () => {
      const a = run(p.id, 7);
      expect(run(p.id, 7)).toBe(a);
      expect(a.length).toBeGreaterThan(100);
    });
  }
});

describe('determinism of the receive window, RX coalescing, the TX completion models and per-flow hosts', () => {
  const scene = (completion: Scenario['link']['completion']): Scenario => {
    const sc = wiredBase();
    sc.era = '6.16';
    sc.link = { ...sc.link, rateBps: 100e6, completion, rxCoalesce: { usecs: 50, frames: 8 } };
    sc.receiver.so_rcvbuf = 131072;
    sc.tcp.flows = 2;
    sc.tcp.perFlow = [
      { name: 'a', rttUs: 4000, startMs: 0, stopMs: 100, cc: 'bbr' },
      { name: 'b', rttUs: 20_000, startMs: 20, stopMs: null, cc: null },
    ];
    sc.pingIntervalMs = 10;
    return sc;
  };
  for (const c of [
    { kind: 'coalesced-frames', usecs: 1000, frames: 200 },
    { kind: 'idle', delayNs: 10_000 },
  ] as const) {
    it(`${c.kind}: same seed, byte-identical summary and frames`, () => {
      const out = (): string => {
        const m = buildModel(scene(c), 3, true);
        m.sim.runUntil(150_000_000);
        const f = m.recorder.takeFrame(m.sim.nowNs);
        return JSON.stringify({ s: m.summary(), t: Array.from(f.tNs), p: Array.from(f.pingMs) });
      };
      const a = out();
      expect(out()).toBe(a);
      expect(a.length).toBeGreaterThan(100);
    });
  }
});

describe('runScenario between slices', () => {
  it('a hook between simulated seconds (the CLI heap bound) leaves the run as it was, scheduled changes included', () => {
    const base = findPreset('bench-wired')!.scenario();
    const sc: Scenario = {
      ...base,
      changes: [
        { atUs: 1_000_000, key: 'tcp.sk_pacing_shift', value: 8 },
        { atUs: 1_500_000, key: 'tcp.sk_pacing_shift', value: 10 },
      ],
    };
    let calls = 0;
    const a = runScenario(sc, 3, 2500).summary;
    const b = runScenario(sc, 3, 2500, () => void calls++).summary;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(calls).toBe(2);
  });
});
