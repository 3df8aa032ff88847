/**
 * Zoom and pan of the shared time window from any element over a plot (the
 * time axis, every chart), as Perfetto's timeline does: d3-zoom turns the
 * wheel (or a pinch) into a zoom around the pointer and a drag into a pan,
 * and the step is applied to the view store all panels draw from, so they
 * stay in step. One finger on a touch screen still scrolls the page; two
 * zoom and pan. The same keys work wherever the focus is on a plot.
 */
import { select, zoom, zoomIdentity, type ZoomTransform } from 'd3';
import type { StoreApi } from 'zustand/vanilla';
import type { ViewState } from '../state/view-store';
import { panBy, zoomBy, zoomView } from './time-view';

export interface TimeZoomTarget {
  view: StoreApi<ViewState>;
  /** The simulated clock (the live edge of the window). */
  nowNs(): number;
  /** The plot's width in CSS px (from a ResizeObserver; never read in a draw). */
  widthPx(): number;
}

/** Wheel, pinch and drag on `el` zoom and pan the shared window; returns the detach. */
export function attachTimeZoom(el: Element, t: TimeZoomTarget): () => void {
  let prev: ZoomTransform = zoomIdentity;
  const z = zoom<Element, unknown>()
    .scaleExtent([1e-12, 1e12])
    // Mouse buttons other than the first, and single touches (page scrolling), are left alone.
    .filter((ev: Event) => {
      if (typeof TouchEvent !== 'undefined' && ev instanceof TouchEvent) return ev.touches.length > 1;
      const m = ev as MouseEvent;
      return (!m.ctrlKey || ev.type === 'wheel') && !m.button;
    })
    .on('zoom', (ev: { transform: ZoomTransform; sourceEvent: Event | null }) => {
      const tr = ev.transform;
      const ratio = tr.k / prev.k;
      const shift = tr.x - ratio * prev.x;
      prev = tr;
      const w = t.widthPx();
      const src = ev.sourceEvent as MouseEvent | null;
      const anchor = src && 'clientX' in src ? src.clientX - el.getBoundingClientRect().left : w;
      const st = t.view.getState();
      st.setView(zoomView(st.view, t.nowNs(), w, ratio, shift, anchor));
    });
  const sel = select(el);
  sel.call(z).on('dblclick.zoom', null);
  return () => void sel.on('.zoom', null);
}

/** The plots' keys: ← → pan, + − zoom, End follows the clock, Home shows the start. Returns whether it used the key. */
export function timeKey(key: string, view: StoreApi<ViewState>, nowNs: number): boolean {
  const st = view.getState();
  const v = st.view;
  const act: Record<string, () => void> = {
    ArrowLeft: () => st.setView(panBy(v, nowNs, -0.1)),
    ArrowRight: () => st.setView(panBy(v, nowNs, 0.1)),
    '+': () => st.setView(zoomBy(v, nowNs, 1.5, 0.5)),
    '=': () => st.setView(zoomBy(v, nowNs, 1.5, 0.5)),
    '-': () => st.setView(zoomBy(v, nowNs, 1 / 1.5, 0.5)),
    End: () => st.setView({ ...v, follow: true }),
    Home: () => st.setView({ follow: false, spanNs: v.spanNs, endNs: v.spanNs }),
  };
  const f = act[key];
  f?.();
  return !!f;
}

/** What the plots' keys do, for their accessible names. */
export const TIME_KEYS_HELP =
  'wheel or + and − to zoom, drag or ← → to pan, Home for the start, End to follow the clock';
