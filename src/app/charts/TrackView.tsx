/**
 * Hosts one Track: a data canvas (redrawn when data, window, size or theme
 * change), an overlay canvas for the crosshair (redrawn on hover), SVG y
 * axes, a side plot and a legend whose values follow the crosshair. Wheel,
 * drag and the keys zoom and pan the shared window (./time-zoom.ts), so every
 * panel follows. All drawing happens in the shared animation frame, none
 * through React renders.
 */
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useUi } from '../state/ui-store';
import type { Track } from './tracks/track';
import { TILE_COUNT } from './scroll-layer';
import { attachTimeZoom, timeKey, TIME_KEYS_HELP } from './time-zoom';
import { renderTrack } from './track-renderer';
import { AXIS_W_PX } from './chart-layout';

export function TrackView({ track }: { track: Track }) {
  const { scheduler, chartTheme: theme, extents: extentsOf } = useExplorerContext();
  const plotRef = useRef<HTMLDivElement>(null);
  const tileRefs = useRef<(HTMLCanvasElement | null)[]>([]);
  const overRef = useRef<HTMLCanvasElement>(null);
  const sideRef = useRef<HTMLCanvasElement>(null);
  const axisRef = useRef<SVGGElement>(null);
  const valueRefs = useRef<(HTMLElement | null)[]>([]);
  const hiddenList = useUi((s) => s.hiddenSeries);
  const toggleSeries = useUi((s) => s.toggleSeries);
  const logPanels = useUi((s) => s.logPanels);
  const toggleLog = useUi((s) => s.toggleLog);

  useEffect(() => {
    const plot = plotRef.current;
    const over = overRef.current;
    const axis = axisRef.current;
    const tiles = tileRefs.current.slice(0, TILE_COUNT);
    if (!plot || !over || !axis || tiles.some((c) => !c)) return;
    const r = renderTrack(
      {
        plot,
        tiles: tiles as HTMLCanvasElement[],
        over,
        side: sideRef.current,
        axis,
        values: () => valueRefs.current,
      },
      {
        scheduler,
        track,
        theme,
        hidden: new Set(hiddenList),
        extents: extentsOf?.(track.panel),
        heightPx: track.heightPx,
        logY: logPanels.includes(track.panel),
      },
    );
    const detachZoom = attachTimeZoom(over, {
      view: scheduler.view,
      nowNs: () => scheduler.buffers.nowNs,
      widthPx: r.widthPx,
    });
    return () => {
      r.dispose();
      detachZoom();
    };
  }, [scheduler, track, theme, hiddenList, extentsOf, logPanels]);

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const s = scheduler.current();
    const t = s.t0Ns + ((e.clientX - r.left) / Math.max(1, r.width)) * (s.t1Ns - s.t0Ns);
    scheduler.view.getState().setHover(t);
  };
  const onPointerLeave = () => scheduler.view.getState().setHover(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (timeKey(e.key, scheduler.view, scheduler.buffers.nowNs)) e.preventDefault();
  };

  return (
    <section
      className="track"
      data-panel={track.panel}
      data-testid={`track-${track.panel}`}
      aria-label={track.title}
    >
      <header className="track-head">
        <h3>{track.title}</h3>
        {track.logY && (
          <button
            type="button"
            className="log-toggle"
            aria-pressed={logPanels.includes(track.panel)}
            onClick={() => toggleLog(track.panel)}
            title="Queues on a log scale: small queues read beside large ones"
          >
            log scale
          </button>
        )}
        <ul className="legend">
          {track.legend.map((l, i) => (
            <li key={l.key} className={hiddenList.includes(l.key) ? 'off' : undefined}>
              <button
                type="button"
                className="legend-item"
                aria-pressed={!hiddenList.includes(l.key)}
                onClick={() => toggleSeries(l.key)}
                title="Show or hide this series"
              >
                <span
                  className={l.line ? 'swatch line' : 'swatch'}
                  style={{ background: l.color }}
                  aria-hidden="true"
                />
                {l.label}
              </button>{' '}
              <output
                className="legend-value"
                ref={(el) => {
                  valueRefs.current[i] = el;
                }}
              >
                –
              </output>
            </li>
          ))}
        </ul>
      </header>
      <div className="track-body" style={{ height: track.heightPx }}>
        <svg className="y-axis" width={AXIS_W_PX} height={track.heightPx} aria-hidden="true">
          <g ref={axisRef} />
        </svg>
        <div
          className="plot"
          ref={plotRef}
          tabIndex={0}
          role="group"
          aria-label={`${track.title} chart: ${TIME_KEYS_HELP}`}
          onKeyDown={onKeyDown}
        >
          {Array.from({ length: TILE_COUNT }, (_, i) => (
            <canvas
              key={i}
              ref={(el) => {
                tileRefs.current[i] = el;
              }}
              className="layer-data"
              {...(i === 0 ? { role: 'img', 'aria-label': track.description } : { 'aria-hidden': true })}
            />
          ))}
          <canvas
            ref={overRef}
            className="layer-over"
            aria-hidden="true"
            onPointerMove={onPointerMove}
            onPointerLeave={onPointerLeave}
          />
        </div>
        <div className="side">
          {track.side && (
            <>
              <canvas
                ref={sideRef}
                role="img"
                aria-label={`${track.title} ${track.side.title} of the visible window`}
              />
              <span className="side-title">{track.side.title}</span>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
