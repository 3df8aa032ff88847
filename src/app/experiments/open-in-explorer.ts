/** Opens the live explorer at one exact configuration: a preset with overrides, running. */
import type { ParamValue } from '../../worker/protocol';
import type { Preset } from '../../sim/scenario/presets/index';
import type { SimController } from '../sim-controller';
import { useNav } from '../state/nav-store';

/** Table runs may clear a field (null); the worker protocol spells that 'null'. */
export function runOverrides(preset: Preset, runId: string): Record<string, ParamValue> | null {
  const run = preset.table?.runs.find((r) => r.id === runId);
  if (!run) return null;
  return Object.fromEntries(Object.entries(run.set).map(([k, v]) => [k, v === null ? 'null' : v]));
}

export async function openInExplorer(
  controller: SimController,
  presetId: string,
  overrides: Record<string, ParamValue>,
): Promise<boolean> {
  const ok = await controller.loadPreset(presetId, overrides);
  useNav.getState().go('explorer');
  if (ok) controller.play();
  return ok;
}
