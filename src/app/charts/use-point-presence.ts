/**
 * Which point tracks (aggregates, latency) to lay out: those the run
 * announced at load, and any whose points have arrived. Announced tracks are
 * in the page before the run starts, so the first frames of a run do not
 * also mount panels and lay the page out again.
 */
import { useSyncExternalStore } from 'react';
import type { PointStreams } from '../../worker/protocol';
import type { SeriesBuffers } from './series-buffer';

export function usePointPresence(buffers: SeriesBuffers, announced: PointStreams): PointStreams {
  // Re-renders only when presence flips.
  const arrived = useSyncExternalStore(
    (cb) => buffers.subscribe(cb),
    () => (buffers.agg.length > 0 ? 1 : 0) | (buffers.ping.length > 0 ? 2 : 0),
  );
  const agg = announced.agg || (arrived & 1) !== 0;
  const ping = announced.ping || (arrived & 2) !== 0;
  return presenceOf(agg, ping);
}

// One object per combination, so memoised consumers see a stable value.
const CACHE: PointStreams[] = [
  { agg: false, ping: false },
  { agg: true, ping: false },
  { agg: false, ping: true },
  { agg: true, ping: true },
];
const presenceOf = (agg: boolean, ping: boolean): PointStreams => CACHE[(agg ? 1 : 0) | (ping ? 2 : 0)];
