/**
 * The scenario a command-line target names: a preset id or a scenario JSON
 * file (read through the caller's reader, so size and file-kind checks stay
 * in one place).
 */
import { findPreset, PRESETS } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { loadScenarioJson } from '../sim/scenario/load';
import { keyText } from '../sim/scenario/validate';

/** The scenario a target names: a preset id or a scenario JSON file. */
export function loadTarget(target: string, readFile: (path: string) => string): Scenario {
  const preset = findPreset(target);
  if (preset) return preset.scenario();
  // A path (as the single-run command took it): a batch, a shard and a run read the same files.
  if (!target.endsWith('.json') && !target.includes('/'))
    throw new Error(
      `unknown preset ${JSON.stringify(target)}; presets: ${PRESETS.map((p) => p.id).join(', ')}`,
    );
  let text: string;
  try {
    text = readFile(target);
  } catch (e) {
    throw new Error(`cannot read scenario file ${keyText(target)}: ${(e as Error).message}`, { cause: e });
  }
  return loadScenarioJson(text);
}
