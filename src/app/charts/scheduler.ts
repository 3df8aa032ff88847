/**
 * One requestAnimationFrame loop for every chart: buffers, the time view and
 * the theme invalidate it; each registered renderer then draws from the same
 * window, so all panels stay in step. Renderers skip work they do not need.
 *
 * Each animation frame has a drawing budget, counted in whole-plot redraws
 * (a track that draws a third of its columns spends a third). A renderer
 * whose work does not fit once something was drawn defers to the next frame
 * and goes first there: a full redraw of every track, or a fast run where
 * each frame brings a window of new columns, is spread over a few frames
 * instead of making one task that holds the page (the commit rasterises
 * every column a frame drew, on the main thread when compositing is done in
 * software). The exception is the first frame that shows a knob change
 * (a frame from the worker carrying it): that is what the user waits for,
 * and spread over two frames it reached the screen a frame later at full
 * speed, so that frame draws every chart.
 */
import type { SeriesBuffers } from './series-buffer';
import { windowOf } from './time-view';
import type { ViewState } from '../state/view-store';
import type { StoreApi } from 'zustand/vanilla';

export interface RenderState {
  t0Ns: number;
  t1Ns: number;
  nowNs: number;
  hoverNs: number | null;
  /** SeriesBuffers.version */
  version: number;
  /** Changes when the theme or a size changes: everything must redraw. */
  epoch: number;
  budget: DrawBudget;
}

/** Returns false when it deferred its drawing to the next frame (see DrawBudget). */
export type Renderer = (s: RenderState) => boolean | void;

/**
 * Whole-plot redraws one animation frame may draw. At full speed every track
 * scrolls about a third of its width per frame; with two, the last tracks
 * waited a frame in most frames, and a change reached the screen a frame later.
 */
export const FRAME_BUDGET_PLOTS = 3;
/**
 * Script time one animation frame may spend drawing before the rest waits a
 * frame. The commit then rasterises what was drawn, which costs about as
 * much again; code not yet optimised (the first frames of a run) or a
 * collection mid-frame make the same plots cost several times more.
 */
export const FRAME_BUDGET_MS = 10;

/**
 * The drawing left in one animation frame: whole-plot redraws and script
 * time, whichever runs out first. The first drawing always fits.
 */
export class DrawBudget {
  private drew = false;
  private readonly untilMs: number;
  constructor(
    private left: number,
    ms = Infinity,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.untilMs = ms === Infinity ? Infinity : clock() + ms;
  }

  /** Claims `plots` (a share of a plot's columns); false, and nothing claimed, when it does not fit. */
  take(plots: number): boolean {
    if (this.drew && (plots > this.left + 1e-9 || (this.untilMs !== Infinity && this.clock() > this.untilMs)))
      return false;
    this.drew = true;
    this.left -= plots;
    return true;
  }
}

/** A drawn frame once it reached the screen: the buffers version it showed and performance.now() then. */
export interface Paint {
  version: number;
  at: number;
}

const PAINT_LOG = 64;

export class ChartScheduler {
  /** In drawing order; a renderer that deferred moves to the front. */
  private renderers: Renderer[] = [];
  /** The buffers version each renderer last drew (or had nothing to draw for). */
  private readonly shown = new Map<Renderer, number>();
  private raf = 0;
  private epoch = 0;
  private readonly offs: (() => void)[] = [];
  /** Recent paints, oldest first (see trackPaints). */
  private readonly paints: Paint[] = [];
  private paintPort: MessagePort | null = null;
  /** SeriesBuffers.changesVersion when a frame last drew every chart for it. */
  private urgentShown = -1;

  constructor(
    readonly buffers: SeriesBuffers,
    readonly view: StoreApi<ViewState>,
  ) {
    this.offs.push(buffers.subscribe(() => this.invalidate()));
    this.offs.push(view.subscribe(() => this.invalidate()));
  }

  add(r: Renderer): () => void {
    this.renderers.push(r);
    this.invalidate(true);
    return () => {
      this.renderers = this.renderers.filter((x) => x !== r);
      this.shown.delete(r);
    };
  }

  /** `all`: theme or layout changed, redraw even unchanged data. */
  invalidate(all = false): void {
    if (all) this.epoch++;
    if (!this.raf) this.raf = requestAnimationFrame(this.frame);
  }

  current(budget = new DrawBudget(Infinity)): RenderState {
    const v = this.view.getState();
    const w = windowOf(v.view, this.buffers.nowNs);
    return {
      ...w,
      nowNs: this.buffers.nowNs,
      hoverNs: v.hoverNs,
      version: this.buffers.version,
      epoch: this.epoch,
      budget,
    };
  }

  /**
   * Starts logging when each frame's drawing is on screen. A message posted
   * from the animation frame runs once that frame's rendering task is over,
   * i.e. after style, layout, paint and the commit to the compositor (which
   * rasterises software canvases), so the time includes all of that work.
   */
  trackPaints(): void {
    if (this.paintPort) return;
    const ch = new MessageChannel();
    ch.port1.onmessage = (e: MessageEvent<number>) => {
      this.paints.push({ version: e.data, at: performance.now() });
      if (this.paints.length > PAINT_LOG) this.paints.shift();
    };
    this.paintPort = ch.port2;
  }

  /** The first logged paint where every chart showed buffers version `version` or newer, or null. */
  paintOf(version: number): Paint | null {
    return this.paints.find((p) => p.version >= version) ?? null;
  }

  private readonly frame = () => {
    this.raf = 0;
    // A knob change is what the user waits to see: the first frame that has it draws every chart.
    const urgent = this.buffers.changesVersion > this.urgentShown;
    this.urgentShown = this.buffers.changesVersion;
    const s = this.current(
      urgent ? new DrawBudget(Infinity) : new DrawBudget(FRAME_BUDGET_PLOTS, FRAME_BUDGET_MS),
    );
    const deferred: Renderer[] = [];
    for (const r of this.renderers) {
      if (r(s) === false) deferred.push(r);
      else this.shown.set(r, s.version);
    }
    if (deferred.length) {
      this.renderers = [...deferred, ...this.renderers.filter((r) => !deferred.includes(r))];
      this.invalidate();
    }
    let all = s.version;
    for (const r of this.renderers) all = Math.min(all, this.shown.get(r) ?? -1);
    this.paintPort?.postMessage(all);
  };

  dispose(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.paintPort?.close();
    this.offs.forEach((f) => f());
    this.renderers = [];
    this.shown.clear();
  }
}
