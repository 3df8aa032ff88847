/** The preset registry: reference experiments first, then free-play scenes. */
import { airtimeAnomaly } from './airtime-anomaly';
import { ath10kQca6174 } from './ath10k-qca6174';
import { ath9kIntermediateQueues } from './ath9k-intermediate-queues';
import { ath9kPacingShift } from './ath9k-pacing-shift';
import { benchWifi, benchWired } from './bench-scenes';
import { brcmfmacFcMode } from './brcmfmac-fc-mode';
import { fecTsoRttLog } from './fec-tso-rtt-log';
import { firstTsq } from './first-tsq';
import { gsoAlwaysOn } from './gso-always-on';
import { mt76AxAp } from './mt76-ax-ap';
import type { Preset } from './preset';
import { sqmHtbFqCodel } from './sqm-htb-fq-codel';
import { rttFair } from './rtt-fair';
import { rrulHtbFqCodel } from './rrul-htb-fq-codel';
import { udpFloodPfifoVsFqCodel } from './udp-flood';
import { iperf3Writers } from './iperf3-writers';
import { xenTsqLimit } from './xen-tsq-limit';

export const PRESETS: Preset[] = [
  ath9kPacingShift,
  ath9kIntermediateQueues,
  brcmfmacFcMode,
  gsoAlwaysOn,
  xenTsqLimit,
  firstTsq,
  sqmHtbFqCodel,
  ath10kQca6174,
  mt76AxAp,
  fecTsoRttLog,
  rttFair,
  airtimeAnomaly,
  udpFloodPfifoVsFqCodel,
  rrulHtbFqCodel,
  iperf3Writers,
  benchWired,
  benchWifi,
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export type { Preset, PublishedTable, TableCell, TableRun } from './preset';
export { withinTolerance } from './preset';
