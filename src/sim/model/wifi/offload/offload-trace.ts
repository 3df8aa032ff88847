/**
 * Where a traced skb's hops happen on a driver whose firmware or MAC
 * aggregates by itself (ath10k, mt76): the host hands the frame over (the bus
 * or DMA ring, occ.driver), the firmware queues it (occ.firmware), sends it
 * (occ.air, once per try), its BlockAck settles it and its TX status comes
 * back (occ.status) until the host frees it.
 */
import { Hop } from '../../skb-trace';
import type { RadioTraceSite } from '../driver';
import type { AggEngine } from './agg-engine';

export function offloadTraceSites(
  sites: { bus: object; engine: AggEngine; host: object },
  labels: { bus: string; engine: string; host: string },
): RadioTraceSite[] {
  return [
    { obj: sites.bus, label: labels.bus, series: 'occ.driver' },
    {
      obj: sites.engine,
      label: labels.engine,
      series: 'occ.firmware',
      byKind: { [Hop.WIRE]: 'occ.air', [Hop.WIRE_END]: 'occ.status' },
    },
    { obj: sites.host, label: labels.host, series: 'occ.status' },
  ];
}
