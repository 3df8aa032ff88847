/**
 * The shared time window of all timelines, as pure functions: a "follow"
 * mode that keeps the newest samples at the right edge, and zoom/pan in
 * screen space (as d3-zoom reports them) mapped back to simulated time.
 */

export interface TimeView {
  /** Right edge tracks the simulated clock. */
  follow: boolean;
  spanNs: number;
  /** Right edge when not following. */
  endNs: number;
}

export interface TimeWindow {
  t0Ns: number;
  t1Ns: number;
}

export const MIN_SPAN_NS = 10_000; // 10 µs: below that samples are sparser than pixels
export const MAX_SPAN_NS = 3_600e9;
export const DEFAULT_VIEW: TimeView = { follow: true, spanNs: 2e9, endNs: 0 };

const clampSpan = (s: number) => Math.min(MAX_SPAN_NS, Math.max(MIN_SPAN_NS, s));

/** The window shown: while following, [0, span] until the clock passes span, then [now - span, now]. */
export function windowOf(v: TimeView, nowNs: number): TimeWindow {
  const t1 = v.follow ? Math.max(nowNs, v.spanNs) : v.endNs;
  return { t0Ns: t1 - v.spanNs, t1Ns: t1 };
}

/** Back to a view from a window the user chose; it follows when its right edge reaches the clock. */
export function viewFromWindow(w: TimeWindow, nowNs: number): TimeView {
  const span = clampSpan(w.t1Ns - w.t0Ns);
  const mid = (w.t0Ns + w.t1Ns) / 2;
  const t1 = mid + span / 2;
  if (t1 >= nowNs - span * 0.01) return { follow: true, spanNs: span, endNs: 0 };
  return { follow: false, spanNs: span, endNs: t1 };
}

/**
 * Applies a screen-space zoom step: the new transform maps an old screen x to
 * `ratio * x + shiftPx`. Returns the window the old scale showed at 0 and width.
 */
export function transformWindow(w: TimeWindow, widthPx: number, ratio: number, shiftPx: number): TimeWindow {
  const nsPerPx = (w.t1Ns - w.t0Ns) / widthPx;
  const inv = (sx: number) => w.t0Ns + ((sx - shiftPx) / ratio) * nsPerPx;
  return { t0Ns: inv(0), t1Ns: inv(widthPx) };
}

/**
 * One zoom/pan step on the view. While following, a pure zoom keeps the
 * right edge on the clock; panning back in time leaves follow mode.
 */
export function zoomView(
  v: TimeView,
  nowNs: number,
  widthPx: number,
  ratio: number,
  shiftPx: number,
  anchorPx: number,
): TimeView {
  if (widthPx <= 0) return v;
  const w = windowOf(v, nowNs);
  const pureZoom = ratio !== 1 && Math.abs(shiftPx - anchorPx * (1 - ratio)) < 0.5;
  if (v.follow && pureZoom) return { ...v, spanNs: clampSpan(v.spanNs / ratio) };
  const next = transformWindow(w, widthPx, ratio, shiftPx);
  // Clamp the span without moving the anchor point.
  const span = clampSpan(next.t1Ns - next.t0Ns);
  if (span !== next.t1Ns - next.t0Ns) {
    const a = next.t0Ns + ((next.t1Ns - next.t0Ns) * anchorPx) / widthPx;
    next.t0Ns = a - (span * anchorPx) / widthPx;
    next.t1Ns = next.t0Ns + span;
  }
  if (ratio === 1 && shiftPx > 0) return { follow: false, spanNs: span, endNs: next.t1Ns };
  return viewFromWindow(next, nowNs);
}

/** Zoom by `factor` (> 1 zooms in) around a point given as a fraction of the width. */
export function zoomBy(v: TimeView, nowNs: number, factor: number, anchorFrac = 1): TimeView {
  const width = 1000;
  const anchor = anchorFrac * width;
  return zoomView(v, nowNs, width, factor, anchor * (1 - factor), anchor);
}

/** Pan by a fraction of the span (negative = back in time). */
export function panBy(v: TimeView, nowNs: number, frac: number): TimeView {
  const w = windowOf(v, nowNs);
  const d = frac * v.spanNs;
  if (frac < 0) return { follow: false, spanNs: v.spanNs, endNs: w.t1Ns + d };
  return viewFromWindow({ t0Ns: w.t0Ns + d, t1Ns: w.t1Ns + d }, nowNs);
}
