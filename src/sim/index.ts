/**
 * The core's entry point: presets and a factory for running simulations.
 * Hosts (worker, CLI, tests) use this module and ./api only.
 */
import type { LiveSim, ParamValue, PresetInfo, ScheduledChange } from './api';
import { LiveModelSim } from './live';
import { findPreset, PRESETS } from './scenario/presets/index';
import { applyOverrides, ScenarioError } from './scenario/validate';
import { SOURCES } from './scenario/sources';

export type * from './api';
export { runHeadless } from './headless';
export type { HeadlessRequest, HeadlessResult } from './headless';
export { SimStalledError } from './engine/sim';

export function listPresets(): PresetInfo[] {
  return PRESETS.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    ...(p.source ? { source: { ...SOURCES[p.source] } } : {}),
  }));
}

/**
 * A live run of a preset with fields overridden (as --set reads them) and,
 * optionally, knob changes at simulated times (replacing the preset's own).
 */
export function createSim(
  presetId: string,
  overrides: Record<string, ParamValue>,
  seed: number,
  changes?: readonly ScheduledChange[],
): { ok: true; sim: LiveSim } | { ok: false; error: string } {
  const preset = findPreset(presetId);
  if (!preset) return { ok: false, error: `unknown preset "${presetId}"` };
  try {
    const base = preset.scenario();
    const sc = applyOverrides(changes ? { ...base, changes: [...changes] } : base, overrides);
    return { ok: true, sim: new LiveModelSim(preset, sc, seed >>> 0) };
  } catch (e) {
    return { ok: false, error: e instanceof ScenarioError ? e.errors.join('; ') : String(e) };
  }
}
