/**
 * One requestAnimationFrame loop for every chart: buffers, the time view and
 * the theme invalidate it; each registered renderer then draws from the same
 * window, so all panels stay in step. Renderers skip work they do not need.
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
}

export type Renderer = (s: RenderState) => void;

/** A drawn frame once it reached the screen: the buffers version it showed and performance.now() then. */
export interface Paint {
  version: number;
  at: number;
}

const PAINT_LOG = 64;

export class ChartScheduler {
  private readonly renderers = new Set<Renderer>();
  private raf = 0;
  private epoch = 0;
  private readonly offs: (() => void)[] = [];
  /** Recent paints, oldest first (see trackPaints). */
  private readonly paints: Paint[] = [];
  private paintPort: MessagePort | null = null;

  constructor(
    readonly buffers: SeriesBuffers,
    readonly view: StoreApi<ViewState>,
  ) {
    this.offs.push(buffers.subscribe(() => this.invalidate()));
    this.offs.push(view.subscribe(() => this.invalidate()));
  }

  add(r: Renderer): () => void {
    this.renderers.add(r);
    this.invalidate(true);
    return () => void this.renderers.delete(r);
  }

  /** `all`: theme or layout changed, redraw even unchanged data. */
  invalidate(all = false): void {
    if (all) this.epoch++;
    if (!this.raf) this.raf = requestAnimationFrame(this.frame);
  }

  current(): RenderState {
    const v = this.view.getState();
    const w = windowOf(v.view, this.buffers.nowNs);
    return {
      ...w,
      nowNs: this.buffers.nowNs,
      hoverNs: v.hoverNs,
      version: this.buffers.version,
      epoch: this.epoch,
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

  /** The first logged paint that showed buffers version `version` or newer, or null. */
  paintOf(version: number): Paint | null {
    return this.paints.find((p) => p.version >= version) ?? null;
  }

  private readonly frame = () => {
    this.raf = 0;
    const s = this.current();
    for (const r of this.renderers) r(s);
    this.paintPort?.postMessage(s.version);
  };

  dispose(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.paintPort?.close();
    this.offs.forEach((f) => f());
    this.renderers.clear();
  }
}
