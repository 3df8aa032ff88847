/** The preset registry: reference experiments first, then free-play scenes. */
import { gsoAlwaysOn } from './gso-always-on';
import type { Preset } from './preset';
import { xenTsqLimit } from './xen-tsq-limit';

export const PRESETS: Preset[] = [gsoAlwaysOn, xenTsqLimit];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export type { Preset, PublishedTable, TableCell, TableRun } from './preset';
export { withinTolerance } from './preset';
