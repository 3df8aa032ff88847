/** The preset registry: reference experiments first, then free-play scenes. */
import { ath9kIntermediateQueues } from './ath9k-intermediate-queues';
import { ath9kPacingShift } from './ath9k-pacing-shift';
import { benchWifi, benchWired } from './bench-scenes';
import { brcmfmacFcMode } from './brcmfmac-fc-mode';
import { firstTsq } from './first-tsq';
import { gsoAlwaysOn } from './gso-always-on';
import type { Preset } from './preset';
import { rttFair } from './rtt-fair';
import { xenTsqLimit } from './xen-tsq-limit';

export const PRESETS: Preset[] = [
  ath9kPacingShift,
  ath9kIntermediateQueues,
  brcmfmacFcMode,
  gsoAlwaysOn,
  xenTsqLimit,
  firstTsq,
  rttFair,
  benchWired,
  benchWifi,
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export type { Preset, PublishedTable, TableCell, TableRun } from './preset';
export { withinTolerance } from './preset';
