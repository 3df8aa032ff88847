import { describe, expect, it } from 'vitest';
import { createSim, listPresets } from '../src/sim/index';

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
