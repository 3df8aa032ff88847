/** Every cross-check names runs that exist and settings the core accepts, as the app's sweep workers will run them. */
import { describe, expect, it } from 'vitest';
import { CROSS_CHECKS, figureValue, findCrossCheck } from '../../src/sim/scenario/cross-checks';
import { findPreset } from '../../src/sim/scenario/presets/index';
import { applyOverrides } from '../../src/sim/scenario/validate';

describe('cross-check definitions', () => {
  it('each figure reads one of its runs; each run is a preset with settings the core accepts', () => {
    expect(new Set(CROSS_CHECKS.map((c) => c.id)).size).toBe(CROSS_CHECKS.length);
    for (const c of CROSS_CHECKS) {
      expect(findCrossCheck(c.id)).toBe(c);
      const ids = c.runs.map((r) => r.id);
      for (const f of c.figures) {
        expect(ids, `${c.id}: ${f.label}`).toContain(f.run);
        expect(Number.isFinite(f.publishedValue) && f.publishedValue > 0).toBe(true);
      }
      for (const r of c.runs) {
        const preset = findPreset(r.presetId);
        expect(preset, r.presetId).toBeDefined();
        expect(() => applyOverrides(preset!.scenario(), r.set)).not.toThrow();
      }
    }
  });

  it('a figure is NaN until its run is in', () => {
    const f = CROSS_CHECKS[0].figures[0];
    expect(figureValue(f, {})).toBeNaN();
    expect(findCrossCheck('nope')).toBeUndefined();
  });
});
