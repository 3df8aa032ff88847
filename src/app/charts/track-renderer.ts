/**
 * Draws one Track into a host's elements, whatever builds them (React in the
 * explorer's TrackView, createElement in the lesson player and the
 * <tsq-lab> element): the data tiles through the ScrollLayer, an overlay
 * canvas for the crosshair and a host's highlights, SVG y axes, a side plot
 * and the legend's values. One path for every host, so the plot width, the
 * x scale, the axes and the highlights cannot differ between them.
 */
import { drawVLines } from './draw';
import { fitCanvas, renderAxes } from './canvas';
import type { ChartScheduler, RenderState } from './scheduler';
import type { ChartTheme } from './chart-theme';
import type { AxisSpec, DrawCtx, Track } from './tracks/track';
import { ScrollLayer, TILE_COUNT } from './scroll-layer';
import { wholeDevicePx } from './tile-place';
import { forgetDrawn, noteDrawn } from './drawn-windows';
import type { ExtentSource } from './extent-source';
import { AXIS_W_PX } from './chart-layout';

/** The legend's latest values change every frame; text that fast is unreadable and each change costs a layout. */
const READOUT_MS = 250;
/** The side plots (histogram, CDF) summarise the whole window: a few updates a second show it. */
const SIDE_MS = 250;

/** Drawn over the data in plot coordinates (a lesson's highlights); `key` changes when it must be drawn again. */
export interface PlotOverlay {
  key(): string;
  draw(d: DrawCtx, axes: AxisSpec[]): void;
}

export interface TrackElements {
  plot: HTMLElement;
  /** TILE_COUNT canvases inside the plot. */
  tiles: HTMLCanvasElement[];
  over: HTMLCanvasElement;
  side: HTMLCanvasElement | null;
  axis: SVGGElement;
  /** One element per legend item for its value (read at each update: React may replace them). */
  values: () => (HTMLElement | null)[];
}

export interface TrackRenderOptions {
  scheduler: ChartScheduler;
  track: Track;
  theme: ChartTheme;
  hidden: ReadonlySet<string>;
  extents?: ExtentSource;
  /** The plot's height; absent: the height the layout gives the plot. */
  heightPx?: number;
  overlay?: PlotOverlay;
  /** The y axis of bands that offer one on a log scale (Track.logY). */
  logY?: boolean;
}

export interface TrackRenderer {
  /** The plot's width as last observed (CSS px). */
  widthPx(): number;
  dispose(): void;
}

/** Registers the track with the scheduler; sizes come from a ResizeObserver, so drawing never forces a layout. */
export function renderTrack(els: TrackElements, o: TrackRenderOptions): TrackRenderer {
  const { plot, tiles, over } = els;
  const { scheduler, track, theme } = o;
  const size = { w: plot.clientWidth, h: o.heightPx ?? plot.clientHeight, side: els.side?.clientWidth ?? 0 };
  const ro = new ResizeObserver((entries) => {
    for (const e of entries) {
      if (e.target === plot) {
        size.w = e.contentRect.width;
        if (o.heightPx === undefined) size.h = e.contentRect.height;
      } else size.side = e.contentRect.width;
    }
    scheduler.invalidate(true);
  });
  ro.observe(plot);
  if (els.side) ro.observe(els.side);
  let dataKey = '';
  let overKey = '';
  let axesKey = '';
  let overInked = false;
  let readoutAt = -Infinity;
  let readoutHover: number | null = null;
  let sideAt = -Infinity;
  let sideDue: DrawCtx | null = null;
  let later: ReturnType<typeof setTimeout> | null = null;
  let axes: AxisSpec[] = [];
  let lastD: DrawCtx | null = null;
  const extents = o.extents;
  const layer = new ScrollLayer(track, scheduler.buffers, theme, o.hidden, extents, o.logY);
  // Readouts and side plots change with every frame but need only a few updates a second.
  const comeBack = (ms: number) => {
    later ??= setTimeout(() => {
      later = null;
      overKey = '';
      scheduler.invalidate();
    }, ms);
  };

  const drawData = (s: RenderState, w: number, h: number): boolean | undefined => {
    const x = ScrollLayer.scale(s, w);
    const key = `${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}|${h}|${size.side}|${extents?.version() ?? 0}`;
    if (key === dataKey) return;
    // Over this frame's budget: keep the image a frame longer (the scheduler calls again first thing).
    if (!s.budget.take(layer.columnsFor(s, x, w, h) / w)) return false;
    dataKey = key;
    const r = layer.draw(tiles, s, x, w, h);
    if (!r) return;
    noteDrawn(scheduler, track.panel, s.t0Ns, s.t1Ns);
    if (r.redrawDue) {
      dataKey = '';
      scheduler.invalidate();
    }
    axes = r.axes;
    lastD = r.d;
    // y axes change far less often than the data: touch the SVG only when they do.
    const ak = `${s.epoch}|${axes.map((a) => `${a.scale.domain().join(',')}/${a.scale.range().join(',')}`).join(';')}`;
    if (ak !== axesKey) {
      axesKey = ak;
      renderAxes(els.axis, axes, AXIS_W_PX);
      // The y domains, for tests and tools that compare charts (A/B's shared scales).
      plot.dataset.yDomains = axes.map((a) => a.scale.domain().join(',')).join(';');
      sideAt = -Infinity;
    }
    if (track.side) sideDue = r.d;
  };

  const drawSide = (s: RenderState, h: number, now: number) => {
    const side = els.side;
    if (!sideDue || !side || !track.side || size.side <= 0) return;
    if (now - sideAt < SIDE_MS) comeBack(SIDE_MS - (now - sideAt));
    // The side plot can wait a frame when this one has spent its drawing time.
    else if (!s.budget.take(0)) scheduler.invalidate();
    else {
      sideAt = now;
      const sctx = fitCanvas(side, size.side, h);
      if (sctx) track.side.draw(sctx, size.side, h, sideDue, axes);
      sideDue = null;
    }
  };

  /** The crosshair and the host's overlay, on the canvas over the tiles, in the data's x scale. */
  const drawOver = (s: RenderState, w: number, h: number, hover: number | null) => {
    const okey = `${hover}|${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}|${h}|${o.overlay?.key() ?? ''}`;
    if (okey === overKey) return false;
    overKey = okey;
    // Clearing an empty canvas still costs a repaint; only touch it when it has or gets ink.
    const inks = hover !== null || !!o.overlay;
    if (!inks && !overInked) return true;
    const octx = fitCanvas(over, w, h);
    overInked = inks;
    if (!octx) return true;
    const x = ScrollLayer.scale(s, w);
    if (o.overlay && lastD) o.overlay.draw({ ...lastD, ctx: octx, x: (t) => x(t), fromNs: lastD.t0Ns }, axes);
    if (hover !== null) drawVLines(octx, [x(hover)], h, theme.crosshair, []);
    return true;
  };

  const render = (s: RenderState) => {
    const w = wholeDevicePx(size.w);
    const h = size.h;
    if (w <= 0 || h <= 0 || tiles.length < TILE_COUNT) return;
    const now = performance.now();
    if (drawData(s, w, h) === false) return false;
    drawSide(s, h, now);
    const hover = s.hoverNs !== null && s.hoverNs >= s.t0Ns && s.hoverNs <= s.t1Ns ? s.hoverNs : null;
    if (!drawOver(s, w, h, hover)) return;
    // The crosshair's values follow it at once; the latest values are refreshed a few times a second.
    if (hover === null && readoutHover === null && now - readoutAt < READOUT_MS) {
      comeBack(READOUT_MS - (now - readoutAt));
      return;
    }
    readoutAt = now;
    readoutHover = hover;
    const outs = els.values();
    track.readout(scheduler.buffers, hover).forEach((t, i) => {
      const el = outs[i];
      if (el && el.textContent !== t) el.textContent = t;
    });
  };
  const off = scheduler.add(render);
  return {
    widthPx: () => size.w,
    dispose() {
      off();
      ro.disconnect();
      forgetDrawn(scheduler, track.panel);
      if (later) clearTimeout(later);
    },
  };
}
