/**
 * One side of the A/B view: the explorer's own timeline tracks (TrackView,
 * TimeAxis) over this side's buffers, inside an ExplorerContext whose
 * scheduler follows the clock shared with the other side and whose y
 * extents are shared with it too (./shared-extents.ts).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { ExplorerContext, useExplorerContext } from '../explorer-context';
import { useUi } from '../state/ui-store';
import { buildTracks } from '../charts/tracks';
import { TimeAxis } from '../charts/TimeAxis';
import { TrackView } from '../charts/TrackView';
import type { Panel, PointStreams, SeriesSpec } from '../../worker/protocol';
import { usePointPresence } from '../charts/use-point-presence';
import { layOutStack } from '../charts/chart-layout';
import type { SyncedScheduler } from './synced-scheduler';
import type { SharedExtents } from './shared-extents';
import '../charts/timelines.css';

/** The panels where two configurations differ most visibly (an AP's queue per station among them); the others on request (each costs drawing time). */
export const COMPACT_PANELS: Panel[] = ['occupancy', 'stations', 'throughput', 'aggregates', 'latency'];

export function AbTimelines({
  scheduler,
  extents,
  side,
  series,
  announced,
  label,
  all,
}: {
  scheduler: SyncedScheduler;
  /** null: each side on its own y scales. */
  extents: SharedExtents | null;
  side: 0 | 1;
  series: SeriesSpec[];
  announced: PointStreams;
  label: string;
  /** All panels, or only COMPACT_PANELS. */
  all: boolean;
}) {
  const outer = useExplorerContext();
  const ctx = useMemo(
    () => ({ ...outer, scheduler, extents: extents ? (p: Panel) => extents.source(side, p) : undefined }),
    [outer, scheduler, extents, side],
  );
  const hidden = useUi((s) => s.hiddenPanels);
  const buffers = scheduler.buffers;
  const points = usePointPresence(buffers, announced);
  const stations = announced.categories;
  const tracks = useMemo(
    () => buildTracks(series, outer.chartTheme, points, stations),
    [series, outer.chartTheme, points, stations],
  );
  const stackRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => (stackRef.current ? layOutStack(stackRef.current, true) : undefined), []);
  return (
    <ExplorerContext.Provider value={ctx}>
      <section className="timelines ab-timelines" aria-label={`Timelines of ${label}`} ref={stackRef}>
        <TimeAxis />
        {tracks
          .filter((t) => !hidden.includes(t.panel) && (all || COMPACT_PANELS.includes(t.panel)))
          .map((t) => (
            <TrackView key={t.panel} track={t} />
          ))}
      </section>
    </ExplorerContext.Provider>
  );
}
