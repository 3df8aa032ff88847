/**
 * The run's headline metrics, one list for the summary strip, the sweep
 * table and chart, A/B's difference table and the embedded figure; each says
 * what it pools and whose it is where that is not obvious.
 */
import type { Summary } from '../worker/protocol';
import { formatCpuBusy, formatValue, num } from './format';

export interface SummaryMetric {
  /** Column name in sweep CSV / JSON exports. */
  key: string;
  label: string;
  unit: string;
  get(s: Summary): number;
  /**
   * 'pooled': over every station's pings or aggregates (the stations table
   * has each). 'sender': the TCP sender's, which at an AP is a wired host
   * (TSQ does not apply at the AP).
   */
  of?: 'pooled' | 'sender';
  /** How a headline shows the value, where formatValue with the unit does not fit. */
  text?: (v: number) => string;
  /** Decimals the measure carries (CSV exports round to them: no float noise). */
  digits: number;
  /** Only for runs it applies to (the WiFi radio's figures); absent: every run. */
  only?: (s: Summary) => boolean;
}

const hasProbe = (s: Summary): boolean => (s.udpProbes?.length ?? 0) > 0;
const hasUdpFlow = (s: Summary): boolean => (s.udp?.length ?? 0) > 0;

/** Runs with a WiFi radio whose driver hands frames to firmware or hardware (ath10k, mt76). */
const offloaded = (s: Summary): boolean =>
  s.wifi !== undefined && Number.isFinite(s.wifi.medianDriverStatusUs);

export const SUMMARY_METRICS: readonly SummaryMetric[] = [
  { key: 'goodput_bps', digits: 0, label: 'Goodput', unit: 'bit/s', get: (s) => s.goodputBps },
  {
    key: 'median_latency_ms',
    digits: 3,
    label: 'Median latency',
    unit: 'ms',
    of: 'pooled',
    get: (s) => s.medianLatencyMs,
  },
  {
    key: 'median_aggregate',
    digits: 2,
    label: 'Median aggregate',
    unit: 'frames',
    of: 'pooled',
    get: (s) => s.medianAggregate,
  },
  {
    key: 'tsq_limit_bytes',
    digits: 0,
    label: 'Mean TSQ limit',
    unit: 'bytes',
    of: 'sender',
    get: (s) => s.tsqLimitBytes,
  },
  {
    key: 'median_completion_us',
    digits: 1,
    label: 'Median TX completion',
    unit: 'µs',
    of: 'sender',
    get: (s) => s.medianCompletionUs,
  },
  {
    key: 'throttled_fraction',
    digits: 4,
    label: 'Time throttled',
    unit: 'fraction',
    of: 'sender',
    get: (s) => s.throttledFraction,
  },
  {
    key: 'cpu_busy',
    digits: 4,
    label: 'CPU busy',
    unit: 'fraction',
    get: (s) => s.cpuBusy,
    text: formatCpuBusy,
  },
  { key: 'drops', digits: 0, label: 'Drops', unit: 'packets', get: (s) => s.drops, text: (v) => num(v) },
  {
    key: 'median_aggregate_bytes',
    digits: 0,
    label: 'Median aggregate size',
    unit: 'bytes',
    of: 'pooled',
    get: (s) => s.wifi?.medianAggregateBytes ?? NaN,
    only: (s) => s.wifi !== undefined,
  },
  {
    key: 'driver_status_us',
    digits: 1,
    label: 'Median firmware TX status',
    unit: 'µs',
    get: (s) => s.wifi?.medianDriverStatusUs ?? NaN,
    only: offloaded,
  },
  {
    key: 'firmware_queue_bytes',
    digits: 0,
    label: 'Mean firmware queue',
    unit: 'bytes',
    get: (s) => s.wifi?.meanFirmwareBytes ?? NaN,
    only: offloaded,
  },
  {
    key: 'udp_probe_rtt_ms',
    digits: 3,
    label: 'UDP probe RTT (median)',
    unit: 'ms',
    get: (s) => s.udpProbes?.[0]?.rttMs.median ?? NaN,
    only: hasProbe,
  },
  {
    key: 'udp_loss_fraction',
    digits: 4,
    label: 'UDP flow loss',
    unit: 'fraction',
    get: (s) => s.udp?.[0]?.lossFraction ?? NaN,
    only: hasUdpFlow,
  },
];

/** The metrics that apply to runs like `s` (all of them before a summary). */
export function metricsFor(s: Summary | null | undefined): readonly SummaryMetric[] {
  return SUMMARY_METRICS.filter((m) => !m.only || (s != null && m.only(s)));
}

export function summaryMetric(key: string): SummaryMetric {
  const m = SUMMARY_METRICS.find((x) => x.key === key);
  if (!m) throw new Error(`no summary metric ${key}`);
  return m;
}

/** A metric's label for runs like `s`: pooled medians say so with several stations, sender metrics at an AP whose they are. */
export function metricLabel(m: Pick<SummaryMetric, 'label' | 'of'>, s: Summary | null | undefined): string {
  if (m.of === 'pooled' && s && s.stations.length > 1) return `${m.label}, all stations`;
  if (m.of === 'sender' && s?.forwarded) return `${m.label}, wired sender`;
  return m.label;
}

/** A metric's value for `s` as the headlines show it. */
export function metricText(m: SummaryMetric, s: Summary): string {
  const v = m.get(s);
  return m.text ? m.text(v) : formatValue(v, m.unit);
}
