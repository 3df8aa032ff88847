/** Runs a cross-check's scenes headless, as the app's sweep workers do (seed 1, each preset's own length). */
import type { Summary } from '../../src/sim/api';
import { runScenario } from '../../src/sim/run';
import { figureValue, findCrossCheck } from '../../src/sim/scenario/cross-checks';
import { findPreset } from '../../src/sim/scenario/presets/index';
import { applyOverrides } from '../../src/sim/scenario/validate';

/** Each run's summary and each figure's simulated value, by label. */
export function runCheck(
  id: string,
  seed = 1,
): { runs: Record<string, Summary>; figures: Record<string, number> } {
  const check = findCrossCheck(id);
  if (!check) throw new Error(`no cross-check ${id}`);
  const runs: Record<string, Summary> = {};
  for (const r of check.runs) {
    const preset = findPreset(r.presetId);
    if (!preset) throw new Error(`no preset ${r.presetId}`);
    runs[r.id] = runScenario(applyOverrides(preset.scenario(), r.set), seed).summary;
  }
  return { runs, figures: Object.fromEntries(check.figures.map((f) => [f.label, figureValue(f, runs)])) };
}
