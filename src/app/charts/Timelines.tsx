/**
 * The timelines column: a toolbar (follow, zoom, panel visibility), the
 * shared time axis, one TrackView per panel the scenario publishes, and the
 * overview brush. React renders only when the set of tracks changes.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
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
import { usePointPresence } from './use-point-presence';
import { zoomBy } from './time-view';
import { layOutStack } from './chart-layout';
import { useMeasured } from '../flent/measured-store';
import { withMeasuredTracks } from '../flent/measured-overlay';
import './timelines.css';

export function Timelines() {
  const { scheduler, chartTheme } = useExplorerContext();
  const series = useExplorer((s) => s.series);
  const announced = useExplorer((s) => s.points);
  const { hidden, togglePanel } = useUi(
    useShallow((s) => ({ hidden: s.hiddenPanels, togglePanel: s.togglePanel })),
  );
  const buffers = scheduler.buffers;
  const points = usePointPresence(buffers, announced);
  const stations = announced.categories;
  // A measured Flent run, when loaded, is drawn on the matching tracks (src/app/flent).
  const measured = useMeasured((s) => s.measured?.overlay ?? null);
  const tracks = useMemo(
    () => withMeasuredTracks(buildTracks(series, chartTheme, points, stations), measured),
    [series, chartTheme, points, stations, measured],
  );
  const follow = useStore(viewStore, (s) => s.view.follow);
  const stackRef = useRef<HTMLElement>(null);
  // Every row keeps the side column, so a panel shown or hidden never moves the others' plots.
  useLayoutEffect(() => (stackRef.current ? layOutStack(stackRef.current, true) : undefined), []);
  const zoom = (f: number) => {
    const st = viewStore.getState();
    st.setView(zoomBy(st.view, buffers.nowNs, f, st.view.follow ? 1 : 0.5));
  };

  return (
    <section className="timelines" aria-label="Timelines" ref={stackRef}>
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
