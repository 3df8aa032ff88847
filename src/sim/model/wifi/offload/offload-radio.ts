/**
 * What a radio whose firmware or MAC aggregates by itself (ath10k, mt76)
 * publishes, the same on both: the three layers below mac80211 its trace
 * sites count in (./offload-trace.ts) — frames crossing to the device
 * (occ.driver), the device's per station/TID queues (occ.firmware), TX
 * statuses on their way back until the host frees the frame (occ.status) —,
 * the host's TX-status latency, the bytes below the qdisc per station, and
 * the summary's figures from the end of the warm-up.
 */
import type { Reservoir } from '../../../metrics/reservoir';
import type { RadioSeries, WifiRadio } from '../driver';
import type { Mac80211 } from '../mac80211/mac80211-txq';
import type { AggEngine } from './agg-engine';
import { offloadTraceSites } from './offload-trace';
import type { IntervalMean, TimeAverage } from './time-average';

export interface OffloadParts {
  mac: Mac80211;
  /** The firmware or MAC: its queues, and the bytes it holds before the air over time. */
  device: { readonly engine: AggEngine; readonly held: TimeAverage };
  /** The host side: bytes whose TX status reached it but are not freed yet, and the status latency, µs. */
  host: {
    readonly statusBytes: number;
    readonly completionUs: Reservoir;
    readonly completionMean: IntervalMean;
  };
  /** Bytes handed to the device, not yet in its queues (the bus, the DMA ring). */
  crossingBytes(): number;
  /** Bytes settled whose TX status has not left the device. */
  statusOutBytes(): number;
}

export interface OffloadLabels {
  /** Occupancy layers: crossing to the device, its queues, the statuses coming back. */
  layers: { crossing: string; queues: string; status: string };
  /** The TX-status latency series. */
  completion: string;
  /** The trace sites: the device's bus or ring, its queues, the host's status handling. */
  trace: { bus: string; engine: string; host: string };
}

type OffloadRadioParts = Pick<
  WifiRadio,
  'layers' | 'series' | 'traceSites' | 'queuedFor' | 'ownDrops' | 'beginMeasurement' | 'summary'
>;

/** The radio's layers, series (the status latency, then the driver's own), trace sites and summary. */
export function offloadRadioParts(
  p: OffloadParts,
  labels: OffloadLabels,
  driverSeries: RadioSeries,
): OffloadRadioParts {
  const { mac, device, host } = p;
  return {
    layers: () => [
      { key: 'occ.driver', label: labels.layers.crossing, order: 3, read: () => p.crossingBytes() },
      { key: 'occ.firmware', label: labels.layers.queues, order: 4, read: () => device.engine.queuedBytes },
      {
        key: 'occ.status',
        label: labels.layers.status,
        order: 6,
        read: () => p.statusOutBytes() + host.statusBytes,
      },
    ],
    series: () => [
      {
        key: 'drv.compl_us',
        label: labels.completion,
        unit: 'µs',
        panel: 'tcp',
        role: 'completion',
        read: () => host.completionMean.read(),
      },
      driverSeries,
    ],
    traceSites: () => offloadTraceSites({ bus: device, engine: device.engine, host }, labels.trace),
    queuedFor: (dst) => mac.backlogBytes(dst) + device.engine.bytesFor(dst),
    ownDrops: () => 0,
    beginMeasurement: (now) => {
      host.completionUs.clear();
      device.held.restart(now);
    },
    summary: (now) => ({
      medianStatusUs: host.completionUs.median(),
      meanFirmwareBytes: device.held.mean(now),
    }),
  };
}
