/**
 * Timeline panels for the widget, without React: the explorer's tracks draw
 * into a canvas per panel inside the runtime's one animation-frame loop, y
 * axes go to SVG, the legend shows the latest values, and one time axis runs
 * under all panels. Sizes come from a ResizeObserver (the widget fills
 * whatever its container gives it).
 */
import { axisBottom, select } from 'd3';
import type { ChartTheme } from '../app/charts/chart-theme';
import type { Track } from '../app/charts/tracks/track';
import { ScrollLayer, TILE_COUNT } from '../app/charts/scroll-layer';
import { renderTrack, type PlotOverlay } from '../app/charts/track-renderer';
import { AXIS_W_PX, layOutStack } from '../app/charts/chart-layout';
import { wholeDevicePx } from '../app/charts/tile-place';
import { timeUnit } from '../app/format';
import { el } from './el';
import type { LabRuntime } from './lab-runtime';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** A filling panel's least height, unless its track asks for more (Track.minHeightPx). */
const MIN_FILL_PX = 90;

/** What a chart needs of its runtime: the buffers it draws and the scheduler that calls it. */
export type ChartHost = Pick<LabRuntime, 'scheduler' | 'buffers'>;

/** Drawn over a panel's data (a lesson's highlights), in the same x scale; `key` changes when it must redraw. */
export type ChartOverlay = PlotOverlay;

/**
 * Mounts the panels and the time axis under them as one stack whose rows
 * share their columns (app/charts/chart-layout.ts), as the explorer's do.
 * `decorate`: called with each panel's section once mounted. Returns unmount.
 */
export function mountStack(
  parent: HTMLElement,
  tracks: readonly Track[],
  rt: ChartHost,
  theme: ChartTheme,
  opts: { fill: boolean; overlay?: ChartOverlay; decorate?: (section: HTMLElement, track: Track) => void },
): () => void {
  const offs: (() => void)[] = [];
  // The panels with a side plot: the stack keeps its side column only while one of them is shown.
  const withSide: HTMLElement[] = [];
  for (const t of tracks) {
    offs.push(mountChart(parent, t, rt, theme, opts.fill, opts.overlay));
    const section = parent.lastElementChild as HTMLElement;
    opts.decorate?.(section, t);
    if (t.side) withSide.push(section);
  }
  if (tracks.length) offs.push(mountTimeAxis(parent, rt));
  offs.push(layOutStack(parent, withSide));
  rt.scheduler.invalidate(true);
  return () => offs.forEach((f) => f());
}

/** Mounts one panel; `fill`: take the height the layout gives instead of the track's own. Returns unmount. */
export function mountChart(
  parent: HTMLElement,
  track: Track,
  rt: ChartHost,
  theme: ChartTheme,
  fill: boolean,
  overlay?: ChartOverlay,
): () => void {
  const section = el('section', 'chart');
  section.setAttribute('aria-label', track.title);
  section.dataset.panel = track.panel;
  const head = el('div', 'chart-head');
  head.append(el('h3', undefined, track.title));
  const legend = el('ul', 'legend');
  const outputs = track.legend.map((l) => {
    const li = el('li');
    const sw = el('span', l.line ? 'swatch line' : 'swatch');
    sw.style.background = l.color;
    sw.setAttribute('aria-hidden', 'true');
    const out = el('output', undefined, '–');
    li.append(sw, document.createTextNode(l.label), out);
    legend.append(li);
    return out;
  });
  head.append(legend);
  const body = el('div', 'chart-body');
  // Filling: the layout's share, but never less than the track needs to keep its bands readable.
  if (fill) body.style.minHeight = `${track.minHeightPx ?? MIN_FILL_PX}px`;
  else body.style.height = `${track.heightPx}px`;
  const axisSvg = document.createElementNS(SVG_NS, 'svg');
  axisSvg.setAttribute('class', 'y-axis');
  axisSvg.setAttribute('aria-hidden', 'true');
  axisSvg.setAttribute('width', String(AXIS_W_PX));
  const axisG = document.createElementNS(SVG_NS, 'g');
  axisSvg.append(axisG);
  const plot = el('div', 'plot');
  const tiles = Array.from({ length: TILE_COUNT }, (_, i) => {
    const c = el('canvas', 'layer-data');
    if (i === 0) {
      c.setAttribute('role', 'img');
      c.setAttribute('aria-label', track.description);
    } else c.setAttribute('aria-hidden', 'true');
    return c;
  });
  const over = el('canvas', 'layer-over');
  over.setAttribute('aria-hidden', 'true');
  plot.append(...tiles, over);
  // Every row keeps the side column (its width is the stack's, chart-layout.ts), with or without a side plot.
  const side = el('div', 'side');
  let sideCanvas: HTMLCanvasElement | null = null;
  if (track.side) {
    sideCanvas = el('canvas');
    sideCanvas.setAttribute('role', 'img');
    sideCanvas.setAttribute('aria-label', `${track.title} ${track.side.title} of the visible window`);
    side.append(sideCanvas);
  }
  body.append(axisSvg, plot, side);
  section.append(head, body);
  parent.append(section);

  let log = false;
  const start = () =>
    renderTrack(
      { plot, tiles, over, side: sideCanvas, axis: axisG, values: () => outputs },
      {
        scheduler: rt.scheduler,
        track,
        theme,
        hidden: new Set(),
        ...(fill ? {} : { heightPx: track.heightPx }),
        ...(overlay ? { overlay } : {}),
        logY: log,
      },
    );
  let r = start();
  if (track.logY) {
    const b = el('button', 'log-toggle', 'log scale');
    b.type = 'button';
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => {
      log = !log;
      b.setAttribute('aria-pressed', String(log));
      r.dispose();
      r = start();
    });
    // Beside the title, so it never takes a line of its own.
    head.insertBefore(b, legend);
  }
  return () => {
    r.dispose();
    section.remove();
  };
}

/** The shared time axis under the panels. Returns unmount. */
export function mountTimeAxis(parent: HTMLElement, rt: ChartHost): () => void {
  const row = el('div', 'time-row');
  const unit = el('span', 'time-unit', 'time');
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('aria-hidden', 'true');
  const g = document.createElementNS(SVG_NS, 'g');
  svg.append(g);
  row.append(unit, svg);
  parent.append(row);
  let w = 0;
  const ro = new ResizeObserver((entries) => {
    w = entries[0]?.contentRect.width ?? 0;
    rt.scheduler.invalidate(true);
  });
  ro.observe(svg);
  let key = '';
  const off = rt.scheduler.add((s) => {
    const k = `${s.t0Ns}|${s.t1Ns}|${w}`;
    if (k === key || w <= 0) return;
    key = k;
    const u = timeUnit(s.t1Ns - s.t0Ns);
    unit.textContent = `time (${u.label})`;
    // The plots' own scale (whole device pixels, start on the pixel grid), in the axis's unit.
    const px = ScrollLayer.scale(s, wholeDevicePx(w));
    const x = px.copy().domain(px.domain().map((t) => t / u.div));
    select(g).call(
      axisBottom(x)
        .ticks(Math.max(2, Math.floor(w / 80)))
        .tickSizeOuter(0),
    );
  });
  return () => {
    off();
    ro.disconnect();
    row.remove();
  };
}
