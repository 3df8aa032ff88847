/** Every cross-check names runs that exist and settings the core accepts, as the app's sweep workers will run them. */
import { describe, expect, it } from 'vitest';
import { CROSS_CHECKS, figureValue, figureWithin, findCrossCheck } from '../../src/sim/scenario/cross-checks';
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

  it('marks a figure as agreeing within ±10 %, or a bound met or missed by at most 10 %', () => {
    const [gbitTsq, gbitNone] = CROSS_CHECKS[0].figures;
    expect(gbitTsq.published).toBe('< 1');
    expect(figureWithin(gbitTsq, 0.93)).toBe(true);
    expect(figureWithin(gbitTsq, 1.09)).toBe(true);
    expect(figureWithin(gbitTsq, 1.2)).toBe(false);
    expect(figureWithin(gbitNone, 46)).toBe(true);
    expect(figureWithin(gbitNone, 29.5)).toBe(false);
    expect(figureWithin(gbitNone, NaN)).toBe(false);
  });

  it('a figure is NaN until its run is in', () => {
    const f = CROSS_CHECKS[0].figures[0];
    expect(figureValue(f, {})).toBeNaN();
    expect(findCrossCheck('nope')).toBeUndefined();
  });
});
