/**
 * Published measurements outside the five reference threads, as runs of the
 * presets and what each figure reads from their summaries. Nothing in the
 * model is fitted to them; the app's Experiments view runs them beside the
 * reference experiments, test/cross-checks/ holds their bounds, and
 * docs/cross-checks.md says where each agrees and where not.
 */
import type { ParamValue, Summary } from '../api';
import { QUEUEING_ROWS } from './presets/ath9k-intermediate-queues';
import type { SourceId } from './sources';

export interface CrossCheckRun {
  id: string;
  presetId: string;
  set: Record<string, ParamValue>;
}

export interface CrossCheckFigure {
  label: string;
  unit: string;
  /** As the source states it: a value ("50") or a bound ("< 1"). */
  published: string;
  /** The published value as a number (a bound's limit), for the ratio. */
  publishedValue: number;
  /** The run the figure reads, and what it reads from that run's summary. */
  run: string;
  read: (s: Summary) => number;
}

export interface CrossCheck {
  id: string;
  title: string;
  /** The commit (./sources.ts) and where in it its figures are. */
  source: SourceId;
  sourceNote: string;
  /** What was measured, in a few sentences. */
  account: string;
  runs: CrossCheckRun[];
  figures: CrossCheckFigure[];
}

/** No TSQ: a budget larger than the 4 MB send buffer can ever fill. */
const NO_TSQ: ParamValue = 64 * 1024 * 1024;
const ping = (s: Summary) => s.medianLatencyMs;
const stationMbps = (i: number) => (s: Summary) => (s.stations[i]?.goodputBps ?? NaN) / 1e6;

const TSQ_2012: CrossCheck = {
  id: 'first-tsq-commit',
  title: 'The first TSQ commit (Linux 3.6): queueing below one bulk sender',
  source: 'tcp-small-queues',
  sourceNote: 'its commit message',
  account:
    'One netperf TCP_STREAM from a tg3/ixgbe host through pfifo_fast. The message gives the buffering below the sender with TSQ as "< 1ms on Gbit (instead of 50ms with TSO)" and "< 8ms on 100Mbit (instead of 132 ms)". Simulated: the first-tsq preset, the median RTT of a ping through the same queue; "without TSQ" raises tcp_limit_output_bytes to 64 MB.',
  runs: [
    { id: 'gbit_tsq', presetId: 'first-tsq', set: {} },
    { id: 'gbit_none', presetId: 'first-tsq', set: { 'tcp.tcp_limit_output_bytes': NO_TSQ } },
    { id: 'fast_tsq', presetId: 'first-tsq', set: { 'link.rateBps': 100e6 } },
    {
      id: 'fast_none',
      presetId: 'first-tsq',
      set: { 'link.rateBps': 100e6, 'tcp.tcp_limit_output_bytes': NO_TSQ },
    },
  ],
  figures: [
    { label: '1 Gbit/s, TSQ', unit: 'ms', published: '< 1', publishedValue: 1, run: 'gbit_tsq', read: ping },
    {
      label: '1 Gbit/s, no TSQ',
      unit: 'ms',
      published: '50',
      publishedValue: 50,
      run: 'gbit_none',
      read: ping,
    },
    {
      label: '100 Mbit/s, TSQ',
      unit: 'ms',
      published: '< 8',
      publishedValue: 8,
      run: 'fast_tsq',
      read: ping,
    },
    {
      label: '100 Mbit/s, no TSQ',
      unit: 'ms',
      published: '132',
      publishedValue: 132,
      run: 'fast_none',
      read: ping,
    },
  ],
};

/** The intermediate-queues table's TXQ row, as that preset runs it. */
const TXQ_ROW = QUEUEING_ROWS.find((r) => r.id === 'mac80211_txq')!.set;

const AIRTIME_FAIRNESS: CrossCheck = {
  id: 'ath9k-airtime-fairness',
  title: 'ath9k airtime fairness (Linux 4.11): per-station throughput before and after',
  source: 'ath9k-airtime-fairness',
  sourceNote: 'its commit message',
  account:
    'The three-station AP of the intermediate-queues thread (two stations at the highest HT20 rate, one at the lowest), TCP to each, with the mac80211 TXQ patch alone and with the airtime scheduler added. Simulated: the TXQ row of ath9k-intermediate-queues, then with mac80211’s airtime DRR.',
  runs: [
    {
      id: 'before',
      presetId: 'ath9k-intermediate-queues',
      set: { ...TXQ_ROW, 'wifi.airtimeFairness': false },
    },
    { id: 'after', presetId: 'ath9k-intermediate-queues', set: { ...TXQ_ROW, 'wifi.airtimeFairness': true } },
  ],
  figures: (
    [
      ['before', 'fast 1', 19.17, 0],
      ['before', 'fast 2', 19.83, 1],
      ['before', 'slow', 2.58, 2],
      ['after', 'fast 1', 25.09, 0],
      ['after', 'fast 2', 25.21, 1],
      ['after', 'slow', 1.77, 2],
    ] as const
  ).map(([run, station, value, i]) => ({
    label: `${run}: ${station}`,
    unit: 'Mbit/s',
    published: String(value),
    publishedValue: value,
    run,
    read: stationMbps(i),
  })),
};

export const CROSS_CHECKS: readonly CrossCheck[] = [TSQ_2012, AIRTIME_FAIRNESS];

/** A figure's simulated value from the runs' summaries (NaN while its run is missing). */
export function figureValue(f: CrossCheckFigure, runs: Record<string, Summary | undefined>): number {
  const s = runs[f.run];
  return s ? f.read(s) : NaN;
}

/**
 * How close a figure must come to be marked as agreeing, as the reference
 * tables' cells are (their default tolerance, ±10 %): a value within 10 % of
 * the published one; a bound ("< 1") met, or missed by at most 10 %. The
 * marks say how close the model is; nothing is fitted to reach them.
 */
export const CROSS_CHECK_TOLERANCE = 0.1;

export function figureWithin(f: CrossCheckFigure, v: number): boolean {
  if (!Number.isFinite(v)) return false;
  if (f.published.trim().startsWith('<')) return v <= f.publishedValue * (1 + CROSS_CHECK_TOLERANCE);
  return Math.abs(v / f.publishedValue - 1) <= CROSS_CHECK_TOLERANCE;
}

export function figureToleranceText(f: CrossCheckFigure): string {
  const pct = `${Math.round(CROSS_CHECK_TOLERANCE * 100)} %`;
  return f.published.trim().startsWith('<') ? `below the bound, or at most ${pct} above it` : `±${pct}`;
}

export function findCrossCheck(id: string | null): CrossCheck | undefined {
  return CROSS_CHECKS.find((c) => c.id === id);
}
