/**
 * The contract between a timeline panel and its host view (the way Perfetto
 * tracks render into a shared timeline): a track draws its data into a canvas
 * for the shared x scale and returns the y axes the host renders in SVG.
 */
import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3';
import type { Panel, SeriesSpec } from '../../../worker/protocol';
import type { ChartTheme } from '../chart-theme';
import type { SeriesBuffers } from '../series-buffer';
import type { ColumnRing } from '../column-ring';

export interface DrawCtx {
  ctx: CanvasRenderingContext2D;
  widthPx: number;
  heightPx: number;
  x: (tNs: number) => number;
  t0Ns: number;
  t1Ns: number;
  buf: SeriesBuffers;
  theme: ChartTheme;
  /** Series keys switched off in the legend. */
  hidden: ReadonlySet<string>;
  /**
   * Only data from this time on needs drawing (the host scrolled the older
   * part and clipped to the rest); t0Ns for a full draw. Scales still come
   * from the whole window.
   */
  fromNs: number;
  /**
   * Extent to scale a band by, given the data's: the live view keeps an
   * extent while the data stays well inside it, so the image can scroll
   * (see ScrollLayer). Absent: the data's own.
   */
  hold?: (slot: string, max: number) => number;
  /**
   * Drawing for a vector figure (SVG export): dense lines and stacks stay
   * paths (decimated per pixel column) instead of the per-column rectangles
   * that are fastest on a software canvas.
   */
  vector?: boolean;
  /** The reader asked for a log y scale (tracks that offer one: Track.logY). */
  logY?: boolean;
}

/** The largest value a band is scaled to (see DrawCtx.hold). */
export function heldMax(d: DrawCtx, slot: string, max: number): number {
  return d.hold ? d.hold(slot, max) : max;
}

export interface AxisSpec {
  scale: ScaleContinuousNumeric<number, number>;
  unit?: string;
  label: string;
  log?: boolean;
  /** The axis's title along its left edge instead of the unit's name ('' for none: a band too short for one). */
  title?: string;
  /** These ticks instead of the ones the band's height allows. */
  tickValues?: number[];
}

export interface LegendItem {
  key: string;
  label: string;
  unit?: string;
  color: string;
  /** Drawn as a line over the stack, or a dashed limit. */
  line?: boolean;
}

export interface SidePlot {
  title: string;
  draw(ctx: CanvasRenderingContext2D, widthPx: number, heightPx: number, d: DrawCtx, axes: AxisSpec[]): void;
}

export interface Track {
  panel: Panel;
  title: string;
  /** Accessible description of what the canvas shows. */
  description: string;
  heightPx: number;
  /** The least height its bands stay readable at, for hosts that share out their height (default 90). */
  minHeightPx?: number;
  legend: LegendItem[];
  side?: SidePlot;
  /** The track can draw its y axis on a log scale (DrawCtx.logY); hosts offer the switch. */
  logY?: boolean;
  draw(d: DrawCtx): AxisSpec[];
  /** Value text per legend item at time tNs (nearest sample), or latest when tNs is null. */
  readout(buf: SeriesBuffers, tNs: number | null): string[];
}

export const PAD_TOP = 6;
export const PAD_BOTTOM = 4;

/** Linear y scale from 0 to a nice maximum over the pixel range of a band. */
export function yLinear(max: number, y0Px: number, y1Px: number): ScaleContinuousNumeric<number, number> {
  return scaleLinear()
    .domain([0, max > 0 ? max * 1.08 : 1])
    .nice(4)
    .range([y1Px, y0Px]);
}

/** Log y scale over [lo, hi] (both > 0). */
export function yLog(
  lo: number,
  hi: number,
  y0Px: number,
  y1Px: number,
): ScaleContinuousNumeric<number, number> {
  const a = Math.max(1e-3, lo);
  const b = Math.max(a * 10, hi);
  return scaleLog().domain([a, b]).nice().range([y1Px, y0Px]).clamp(true);
}

/** Series of one panel in stack/overlay order. */
export function seriesOf(series: readonly SeriesSpec[], panel: Panel): SeriesSpec[] {
  return series.filter((s) => s.panel === panel);
}

/** Sample value text for a series at a time (nearest row), or the latest. */
export function sampleText(
  buf: SeriesBuffers,
  key: string,
  tNs: number | null,
  fmt: (v: number) => string,
): string {
  const s = buf.samples;
  const c = s.col(key);
  if (c <= 0 || !s.length) return '–';
  const i = tNs === null ? s.length - 1 : s.nearest(tNs);
  return fmt(s.get(c, i));
}

/** First row to draw for `d.fromNs` (one row earlier, so a line joins what is already drawn). */
export function firstRow(ring: ColumnRing, d: DrawCtx, i0: number): number {
  return d.fromNs <= d.t0Ns ? i0 : Math.max(i0, ring.lowerBound(d.fromNs) - 1);
}
