/**
 * Hosts one Track: a data canvas (redrawn when data, window, size or theme
 * change), an overlay canvas for the crosshair (redrawn on hover), SVG y
 * axes, a side plot and a legend whose values follow the crosshair. All
 * drawing happens in the shared animation frame, none through React renders.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { scaleLinear } from 'd3';
import { useExplorerContext } from '../explorer-context';
import { viewStore } from '../state/view-store';
import { useUi } from '../state/ui-store';
import { drawVLines } from './draw';
import { fitCanvas, renderAxes } from './canvas';
import type { RenderState } from './scheduler';
import type { AxisSpec, Track } from './tracks/track';

const AXIS_W = 56;

export function TrackView({ track }: { track: Track }) {
  const { scheduler, chartTheme: theme } = useExplorerContext();
  const plotRef = useRef<HTMLDivElement>(null);
  const dataRef = useRef<HTMLCanvasElement>(null);
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
    let dataKey = '';
    let overKey = '';
    let axesKey = '';
    let overlayInked = false;
    let axes: AxisSpec[] = [];
    const hidden = new Set(hiddenList);
    const render = (s: RenderState) => {
      const { w, h } = size;
      if (w <= 0 || !dataRef.current || !overRef.current) return;
      const x = scaleLinear().domain([s.t0Ns, s.t1Ns]).range([0, w]);
      const key = `${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}|${size.side}`;
      if (key !== dataKey) {
        dataKey = key;
        const ctx = fitCanvas(dataRef.current, w, h);
        if (!ctx) return;
        const d = {
          ctx,
          widthPx: w,
          heightPx: h,
          x,
          t0Ns: s.t0Ns,
          t1Ns: s.t1Ns,
          buf: scheduler.buffers,
          theme,
          hidden,
        };
        axes = track.draw(d);
        const changes = scheduler.buffers.changes.filter((c) => c.tNs >= s.t0Ns && c.tNs <= s.t1Ns);
        drawVLines(
          ctx,
          changes.map((c) => x(c.tNs)),
          h,
          theme.change,
          [4, 3],
        );
        // y axes change far less often than the data: touch the SVG only when they do.
        const ak = `${s.epoch}|${axes.map((a) => `${a.scale.domain().join(',')}/${a.scale.range().join(',')}`).join(';')}`;
        if (axisRef.current && ak !== axesKey) {
          axesKey = ak;
          renderAxes(axisRef.current, axes, AXIS_W);
        }
        const side = sideRef.current;
        if (side && track.side && size.side > 0) {
          const sctx = fitCanvas(side, size.side, h);
          if (sctx) track.side.draw(sctx, size.side, h, d, axes);
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
    };
  }, [scheduler, track, theme, hiddenList]);

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const s = scheduler.current();
    const t = s.t0Ns + ((e.clientX - r.left) / Math.max(1, r.width)) * (s.t1Ns - s.t0Ns);
    viewStore.getState().setHover(t);
  };
  const onPointerLeave = () => viewStore.getState().setHover(null);

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
        <div className="plot" ref={plotRef}>
          <canvas ref={dataRef} className="layer-data" role="img" aria-label={track.description} />
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
