/**
 * The timelines column: a toolbar (follow, zoom, panel visibility), the
 * shared time axis, one TrackView per panel the scenario publishes, and the
 * overview brush. React renders only when the set of tracks changes.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from 'zustand';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import { viewStore } from '../state/view-store';
import { buildTracks } from './tracks';
import { TimeAxis } from './TimeAxis';
import { TrackView } from './TrackView';
import { Overview } from './Overview';
import { zoomBy } from './time-view';
import './timelines.css';

export function Timelines() {
  const { scheduler, chartTheme } = useExplorerContext();
  const series = useExplorer((s) => s.series);
  const { hidden, togglePanel } = useUi(
    useShallow((s) => ({ hidden: s.hiddenPanels, togglePanel: s.togglePanel })),
  );
  const buffers = scheduler.buffers;
  // Point panels appear once their points arrive; this re-renders only when that flips.
  const presence = useSyncExternalStore(
    (cb) => buffers.subscribe(cb),
    () => (buffers.agg.length > 0 ? 1 : 0) | (buffers.ping.length > 0 ? 2 : 0),
  );
  const tracks = useMemo(
    () => buildTracks(series, chartTheme, { agg: (presence & 1) !== 0, ping: (presence & 2) !== 0 }),
    [series, chartTheme, presence],
  );
  const follow = useStore(viewStore, (s) => s.view.follow);
  const zoom = (f: number) => {
    const st = viewStore.getState();
    st.setView(zoomBy(st.view, buffers.nowNs, f, st.view.follow ? 1 : 0.5));
  };

  return (
    <section className="timelines" aria-label="Timelines">
      <div className="timeline-toolbar" role="toolbar" aria-label="Timeline view">
        <button
          type="button"
          aria-pressed={follow}
          onClick={() => viewStore.getState().setView({ ...viewStore.getState().view, follow: !follow })}
        >
          {follow ? '● Live' : '○ Live'}
        </button>
        <button type="button" onClick={() => zoom(1.5)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom(1 / 1.5)} aria-label="Zoom out">
          −
        </button>
        <details className="panel-menu">
          <summary>Panels</summary>
          <fieldset>
            <legend className="sr-only">Visible panels</legend>
            {tracks.map((t) => (
              <label key={t.panel}>
                <input
                  type="checkbox"
                  checked={!hidden.includes(t.panel)}
                  onChange={() => togglePanel(t.panel)}
                />{' '}
                {t.title}
              </label>
            ))}
          </fieldset>
        </details>
      </div>
      <TimeAxis />
      {tracks
        .filter((t) => !hidden.includes(t.panel))
        .map((t) => (
          <TrackView key={t.panel} track={t} />
        ))}
      <Overview series={series} />
    </section>
  );
}
