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
import { drawVLines } from './draw';
import { fitCanvas, renderAxes } from './canvas';
import type { RenderState } from './scheduler';
import type { AxisSpec, DrawCtx, Track } from './tracks/track';
import { ScrollLayer, TILE_COUNT } from './scroll-layer';
import { wholeDevicePx } from './tile-place';
import { attachTimeZoom, timeKey, TIME_KEYS_HELP } from './time-zoom';
import { forgetDrawn, noteDrawn } from './drawn-windows';

const AXIS_W = 56;
/** The legend's latest values change every frame; text that fast is unreadable and each change costs a layout. */
const READOUT_MS = 250;
/** The side plots (histogram, CDF) summarise the whole window: a few updates a second show it. */
const SIDE_MS = 250;

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

  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    // Sizes come from the observer, so drawing never forces a layout.
    const size = { w: plot.clientWidth, h: track.heightPx, side: sideRef.current?.clientWidth ?? 0 };
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) {
        if (e.target === plot) size.w = e.contentRect.width;
        else size.side = e.contentRect.width;
      }
      scheduler.invalidate(true);
    });
    ro.observe(plot);
    if (sideRef.current) ro.observe(sideRef.current);
    const detachZoom = overRef.current
      ? attachTimeZoom(overRef.current, {
          view: scheduler.view,
          nowNs: () => scheduler.buffers.nowNs,
          widthPx: () => size.w,
        })
      : () => {};
    let dataKey = '';
    let overKey = '';
    let axesKey = '';
    let overlayInked = false;
    let readoutAt = -Infinity;
    let readoutHover: number | null = null;
    let sideAt = -Infinity;
    let sideDue: DrawCtx | null = null;
    let later: ReturnType<typeof setTimeout> | null = null;
    let axes: AxisSpec[] = [];
    const extents = extentsOf?.(track.panel);
    const layer = new ScrollLayer(track, scheduler.buffers, theme, new Set(hiddenList), extents);
    // Readouts and side plots change with every frame but need only a few updates a second.
    const comeBack = (ms: number) => {
      later ??= setTimeout(() => {
        later = null;
        overKey = '';
        scheduler.invalidate();
      }, ms);
    };
    const render = (s: RenderState) => {
      const { h } = size;
      const w = wholeDevicePx(size.w);
      const tiles = tileRefs.current;
      if (w <= 0 || !overRef.current || tiles.length < TILE_COUNT || tiles.some((c) => !c)) return;
      const x = ScrollLayer.scale(s, w);
      const now = performance.now();
      const key = `${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}|${size.side}|${extents?.version() ?? 0}`;
      if (key !== dataKey) {
        // Over this frame's budget: keep the image a frame longer (the scheduler calls again first thing).
        if (!s.budget.take(layer.columnsFor(s, x, w, h) / w)) return false;
        dataKey = key;
        const r = layer.draw(tiles as HTMLCanvasElement[], s, x, w, h);
        if (!r) return;
        noteDrawn(scheduler, track.panel, s.t0Ns, s.t1Ns);
        if (r.redrawDue) {
          dataKey = '';
          scheduler.invalidate();
        }
        axes = r.axes;
        // y axes change far less often than the data: touch the SVG only when they do.
        const ak = `${s.epoch}|${axes.map((a) => `${a.scale.domain().join(',')}/${a.scale.range().join(',')}`).join(';')}`;
        if (axisRef.current && ak !== axesKey) {
          axesKey = ak;
          renderAxes(axisRef.current, axes, AXIS_W);
          // The y domains, for tests and tools that compare charts (A/B's shared scales).
          plot.dataset.yDomains = axes.map((a) => a.scale.domain().join(',')).join(';');
          sideAt = -Infinity;
        }
        if (track.side) sideDue = r.d;
      }
      const side = sideRef.current;
      if (sideDue && side && track.side && size.side > 0) {
        if (now - sideAt < SIDE_MS) comeBack(SIDE_MS - (now - sideAt));
        // The side plot can wait a frame when this one has spent its drawing time.
        else if (!s.budget.take(0)) scheduler.invalidate();
        else {
          sideAt = now;
          const sctx = fitCanvas(side, size.side, h);
          if (sctx) track.side.draw(sctx, size.side, h, sideDue, axes);
          sideDue = null;
        }
      }
      const hover = s.hoverNs !== null && s.hoverNs >= s.t0Ns && s.hoverNs <= s.t1Ns ? s.hoverNs : null;
      const okey = `${hover}|${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}`;
      if (okey === overKey) return;
      overKey = okey;
      // Clearing an empty canvas still costs a repaint; only touch it when it has or gets ink.
      if (hover !== null || overlayInked) {
        const octx = fitCanvas(overRef.current, w, h);
        if (octx && hover !== null) drawVLines(octx, [x(hover)], h, theme.crosshair, []);
        overlayInked = hover !== null;
      }
      // The crosshair's values follow it at once; the latest values are refreshed a few times a second.
      if (hover === null && readoutHover === null && now - readoutAt < READOUT_MS) {
        comeBack(READOUT_MS - (now - readoutAt));
        return;
      }
      readoutAt = now;
      readoutHover = hover;
      const texts = track.readout(scheduler.buffers, hover);
      texts.forEach((t, i) => {
        const el = valueRefs.current[i];
        if (el && el.textContent !== t) el.textContent = t;
      });
    };
    const off = scheduler.add(render);
    return () => {
      off();
      ro.disconnect();
      detachZoom();
      forgetDrawn(scheduler, track.panel);
      if (later) clearTimeout(later);
    };
  }, [scheduler, track, theme, hiddenList, extentsOf]);

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
        <svg className="y-axis" width={AXIS_W} height={track.heightPx} aria-hidden="true">
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
