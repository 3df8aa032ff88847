/**
 * The data canvases of a track, drawn incrementally while the window follows
 * the clock. Two canvases ("tiles"), each one plot width wide, lie side by
 * side under the plot and slide left by a CSS transform (which the compositor
 * applies without repainting), so a frame draws only the columns from the
 * previous live edge on; a tile that has slid out on the left moves to the
 * right of the other. Moving the whole image on every frame would rasterise
 * every pixel of every track 30 times a second, most of the main thread's
 * work on a software compositor; copying the image back within one wider
 * canvas (one blit per plot width scrolled) made every track blit in the same
 * frame, the longest tasks at full speed. Anything else (zoom, pan, resize,
 * theme, a new run, or y scales that changed with the new data) draws the
 * whole window.
 */
import { scaleLinear, type ScaleLinear } from 'd3';
import { drawVLines } from './draw';
import { fitCanvas } from './canvas';
import type { RenderState } from './scheduler';
import type { SeriesBuffers } from './series-buffer';
import type { ChartTheme } from './chart-theme';
import type { AxisSpec, DrawCtx, Track } from './tracks/track';
import { ownExtents, type ExtentSource } from './extent-source';
import { devicePixelRatioOf, leftPx, place } from './tile-place';

/** Columns left of the previous live edge drawn again: the edge column held part of its samples, and strokes reach across. */
const EDGE_PX = 3;
/** How much of the before run's ink is taken away (it stays readable behind this run). */
const BEFORE_FADE = 0.45;
/** Data canvases per track, each one plot width wide. */
export const TILE_COUNT = 2;

interface Drawn {
  t0Ns: number;
  spanNs: number;
  nowNs: number;
  runId: number;
  w: number;
  h: number;
  dpr: number;
  epoch: number;
  axesKey: string;
  /** Time at each tile's left edge. */
  tileNs: number[];
  /** Only the newest columns follow the current y scales: the next draw must be a full one. */
  mixed: boolean;
}

export interface LayerResult {
  axes: AxisSpec[];
  d: DrawCtx;
  /** The y scales changed but the frame's budget had no room to redraw the rest: call again next frame. */
  redrawDue?: boolean;
}

const axesKeyOf = (axes: AxisSpec[]) =>
  axes.map((a) => `${a.scale.domain().join(',')}/${a.scale.range().join(',')}`).join(';');

export class ScrollLayer {
  private drawn: Drawn | null = null;
  /** Full draws and scrolled draws so far (for tests and diagnostics). */
  readonly counts = { full: 0, scrolled: 0 };
  private readonly hold = (slot: string, max: number): number => this.extents.hold(slot, max);

  constructor(
    private readonly track: Track,
    private readonly buf: SeriesBuffers,
    private readonly theme: ChartTheme,
    private readonly hidden: ReadonlySet<string>,
    private readonly extents: ExtentSource = ownExtents(),
    private readonly logY = false,
  ) {}

  /** The x scale of a window as this layer draws it (start snapped to device pixels). */
  static scale(s: RenderState, w: number): ScaleLinear<number, number> {
    const dpr = devicePixelRatioOf();
    const spanNs = s.t1Ns - s.t0Ns;
    const nsPerDev = spanNs / Math.max(1, Math.round(w * dpr));
    const t0 = Math.floor(s.t0Ns / nsPerDev) * nsPerDev;
    return scaleLinear()
      .domain([t0, t0 + spanNs])
      .range([0, w]);
  }

  /** Whether the image drawn last can be kept and only the columns since its live edge drawn. */
  private scrollsFrom(s: RenderState, x: ScaleLinear<number, number>, w: number, h: number): number | null {
    const p = this.drawn;
    const [t0, t1] = x.domain();
    if (
      p === null ||
      Math.abs(p.spanNs - (t1 - t0)) > 1e-9 * p.spanNs ||
      p.w !== w ||
      p.h !== h ||
      p.dpr !== devicePixelRatioOf() ||
      p.epoch !== s.epoch ||
      p.runId !== this.buf.runId ||
      p.mixed ||
      s.nowNs < p.nowNs ||
      t0 < p.t0Ns
    )
      return null;
    const from = Math.floor(x(p.nowNs)) - EDGE_PX;
    return from > 0 ? Math.min(w, from) : null;
  }

  /** Pixel columns the next draw() would draw: the whole plot, or those from the previous live edge on. */
  columnsFor(s: RenderState, x: ScaleLinear<number, number>, w: number, h: number): number {
    const from = this.scrollsFrom(s, x, w, h);
    return from === null ? w : w - from;
  }

  /** `tiles`: TILE_COUNT canvases; `x`: ScrollLayer.scale(s, w). */
  draw(
    tiles: readonly HTMLCanvasElement[],
    s: RenderState,
    x: ScaleLinear<number, number>,
    w: number,
    h: number,
  ): LayerResult | null {
    // The budget was claimed for what columnsFor() announced; a redraw forced by new y scales claims its own.
    const [t0, t1] = x.domain();
    const dpr = devicePixelRatioOf();
    const p = this.drawn;
    // A new run or a new window size starts from the data's own extents.
    if (!p || p.runId !== this.buf.runId || Math.abs(p.spanNs - (t1 - t0)) > 1e-9 * p.spanNs)
      this.extents.clear();
    const from = this.scrollsFrom(s, x, w, h);
    if (p !== null && from !== null) {
      const r = this.scrolled(tiles, x, w, h, dpr, p, from);
      const same = r !== null && axesKeyOf(r.axes) === p.axesKey;
      // New y scales need the whole window again; without room in this frame the older columns
      // keep the old scales for one frame, and the full redraw comes first in the next.
      if (r && (same || !s.budget.take(1))) {
        this.counts.scrolled++;
        this.remember(r.axes, t0, t1, s, w, h, dpr, r.tileNs, !same);
        place(tiles, r.tileNs, t0, (t1 - t0) / w, dpr);
        return same ? r : { ...r, redrawDue: true };
      }
    }
    let d: DrawCtx | null = null;
    let axes: AxisSpec[] = [];
    for (let i = 0; i < tiles.length; i++) {
      const ctx = fitCanvas(tiles[i], w, h);
      if (!ctx) return null;
      // The window is exactly the first tile; the others start empty.
      if (i === 0) {
        d = this.ctxOf(ctx, x, w, h, t0);
        axes = this.paint(d);
      }
    }
    if (!d) return null;
    const tileNs = tiles.map((_, i) => t0 + i * (t1 - t0));
    this.counts.full++;
    this.remember(axes, t0, t1, s, w, h, dpr, tileNs, false);
    place(tiles, tileNs, t0, (t1 - t0) / w, dpr);
    return { axes, d };
  }

  /** Draws the columns from the previous live edge on, into the tiles they fall on, first recycling a tile left behind. */
  private scrolled(
    tiles: readonly HTMLCanvasElement[],
    x: ScaleLinear<number, number>,
    w: number,
    h: number,
    dpr: number,
    p: Drawn,
    from: number,
  ): (LayerResult & { tileNs: number[] }) | null {
    const [t0, t1] = x.domain();
    const spanNs = t1 - t0;
    const nsPerPx = spanNs / w;
    const tileNs = p.tileNs.slice();
    if (tileNs.length !== tiles.length) return null;
    const leftOf = (i: number) => leftPx(tileNs[i], t0, nsPerPx, dpr);
    // Its old image needs no clearing: every column reaches the window from the right, and a
    // column is cleared as it is drawn.
    for (let i = 0; i < tiles.length; i++) if (leftOf(i) + w <= 0) tileNs[i] = Math.max(...tileNs) + spanNs;
    let d: DrawCtx | null = null;
    let axes: AxisSpec[] = [];
    for (let i = 0; i < tiles.length; i++) {
      const left = leftOf(i);
      // The new columns that fall on this tile, in plot coordinates.
      const a = Math.max(from, left);
      const b = Math.min(w, left + w);
      if (b <= a) continue;
      const ctx = tiles[i].getContext('2d');
      if (!ctx) return null;
      // Plot coordinates: x = 0 is the plot's left edge, `left` CSS px from the tile's.
      ctx.setTransform(dpr, 0, 0, dpr, -left * dpr, 0);
      ctx.save();
      ctx.beginPath();
      ctx.rect(a, 0, b - a, h);
      ctx.clip();
      ctx.clearRect(a, 0, b - a, h);
      // Rows a little left of the cleared part, so lines join what stays on screen.
      d = this.ctxOf(ctx, x, w, h, x.invert(a - EDGE_PX));
      axes = this.paint(d);
      ctx.restore();
    }
    // No tile under the new columns: the tiles lost the window (not expected); draw it whole.
    if (!d) return null;
    return { axes, d, tileNs };
  }

  private ctxOf(
    ctx: CanvasRenderingContext2D,
    x: ScaleLinear<number, number>,
    w: number,
    h: number,
    fromNs: number,
  ): DrawCtx {
    const [t0, t1] = x.domain();
    // Plain arithmetic: the draw loops call this once per row, and a d3 scale call costs several times more.
    const pxPerNs = w / (t1 - t0);
    return {
      ctx,
      widthPx: w,
      heightPx: h,
      x: (tNs: number) => (tNs - t0) * pxPerNs,
      t0Ns: t0,
      t1Ns: t1,
      buf: this.buf,
      theme: this.theme,
      hidden: this.hidden,
      fromNs,
      hold: this.hold,
      logY: this.logY,
    };
  }

  private paint(d: DrawCtx): AxisSpec[] {
    const before = this.buf.before;
    const axes = before ? this.paintWithBefore(d, before) : this.track.draw(d);
    const changes = this.buf.changes.filter((c) => c.tNs >= Math.max(d.t0Ns, d.fromNs) && c.tNs <= d.t1Ns);
    drawVLines(
      d.ctx,
      changes.map((c) => d.x(c.tNs)),
      d.heightPx,
      this.theme.change,
      [4, 3],
    );
    return axes;
  }

  /**
   * The run a knob restarted, greyed, under this one, both on one y scale
   * per band: the before run first (its extents noted), then this run
   * scaled to cover both; drawn once more if that moved a scale.
   */
  private paintWithBefore(d: DrawCtx, before: SeriesBuffers): AxisSpec[] {
    const hold = (slot: string, max: number) => (d.hold ? d.hold(slot, max) : max);
    let axes: AxisSpec[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const seen = new Map<string, number>();
      const drawnTo = new Map<string, number>();
      let moved = false;
      const { ctx } = d;
      ctx.save();
      this.track.draw({
        ...d,
        buf: before,
        hold: (slot, max) => {
          seen.set(slot, max);
          const e = hold(slot, max);
          drawnTo.set(slot, e);
          return e;
        },
      });
      // Only the pixels just drawn: tinted grey (source-atop keeps their shape), then half faded.
      ctx.globalCompositeOperation = 'source-atop';
      ctx.fillStyle = this.theme.muted;
      ctx.globalAlpha = 0.85;
      ctx.fillRect(0, 0, d.widthPx, d.heightPx);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.globalAlpha = BEFORE_FADE;
      ctx.fillRect(0, 0, d.widthPx, d.heightPx);
      ctx.restore();
      axes = this.track.draw({
        ...d,
        hold: (slot, max) => {
          const e = hold(slot, Math.max(max, seen.get(slot) ?? 0));
          if (drawnTo.has(slot) && drawnTo.get(slot) !== e) moved = true;
          return e;
        },
      });
      if (!moved) break;
      // Within the clip of a scrolled draw, this clears only the columns being drawn.
      ctx.clearRect(0, 0, d.widthPx, d.heightPx);
    }
    return axes;
  }

  private remember(
    axes: AxisSpec[],
    t0: number,
    t1: number,
    s: RenderState,
    w: number,
    h: number,
    dpr: number,
    tileNs: number[],
    mixed: boolean,
  ): void {
    this.drawn = {
      tileNs,
      mixed,
      t0Ns: t0,
      spanNs: t1 - t0,
      nowNs: s.nowNs,
      runId: this.buf.runId,
      w,
      h,
      dpr,
      epoch: s.epoch,
      axesKey: axesKeyOf(axes),
    };
  }
}
