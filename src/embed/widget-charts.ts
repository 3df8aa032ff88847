/**
 * Timeline panels for the widget, without React: the explorer's tracks draw
 * into a canvas per panel inside the runtime's one animation-frame loop, y
 * axes go to SVG, the legend shows the latest values, and one time axis runs
 * under all panels. Sizes come from a ResizeObserver (the widget fills
 * whatever its container gives it).
 */
import { axisBottom, scaleLinear, select } from 'd3';
import { fitCanvas, renderAxes } from '../app/charts/canvas';
import { drawVLines } from '../app/charts/draw';
import type { ChartTheme } from '../app/charts/chart-theme';
import type { RenderState } from '../app/charts/scheduler';
import type { AxisSpec, DrawCtx, Track } from '../app/charts/tracks/track';
import { timeUnit } from '../app/format';
import { el } from './el';
import type { LabRuntime } from './lab-runtime';

const AXIS_W = 52;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** What a chart needs of its runtime: the buffers it draws and the scheduler that calls it. */
export type ChartHost = Pick<LabRuntime, 'scheduler' | 'buffers'>;

/** Drawn over a panel after its track (a lesson's highlights); `key` changes when it must redraw. */
export interface ChartOverlay {
  key(): string;
  draw(d: DrawCtx, axes: AxisSpec[]): void;
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
  const body = el('div', track.side ? 'chart-body has-side' : 'chart-body');
  if (!fill) body.style.height = `${track.heightPx}px`;
  const axisSvg = document.createElementNS(SVG_NS, 'svg');
  axisSvg.setAttribute('class', 'y-axis');
  axisSvg.setAttribute('aria-hidden', 'true');
  axisSvg.setAttribute('width', String(AXIS_W));
  const axisG = document.createElementNS(SVG_NS, 'g');
  axisSvg.append(axisG);
  const plot = el('div', 'plot');
  const data = el('canvas');
  data.setAttribute('role', 'img');
  data.setAttribute('aria-label', track.description);
  plot.append(data);
  body.append(axisSvg, plot);
  let sideCanvas: HTMLCanvasElement | null = null;
  if (track.side) {
    const side = el('div', 'side');
    sideCanvas = el('canvas');
    sideCanvas.setAttribute('role', 'img');
    sideCanvas.setAttribute('aria-label', `${track.title} ${track.side.title} of the visible window`);
    side.append(sideCanvas);
    body.append(side);
  }
  section.append(head, body);
  parent.append(section);

  const size = { w: 0, h: 0, side: 0 };
  const ro = new ResizeObserver((entries) => {
    for (const e of entries) {
      if (e.target === plot) {
        size.w = e.contentRect.width;
        size.h = e.contentRect.height;
      } else size.side = e.contentRect.width;
    }
    rt.scheduler.invalidate(true);
  });
  ro.observe(plot);
  if (sideCanvas?.parentElement) ro.observe(sideCanvas.parentElement);

  const hidden = new Set<string>();
  let key = '';
  let axesKey = '';
  const render = (s: RenderState) => {
    const { w, h: hPx } = size;
    if (w <= 0 || hPx <= 0) return;
    const k = `${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}|${hPx}|${size.side}|${overlay?.key() ?? ''}`;
    if (k === key) return;
    key = k;
    const ctx = fitCanvas(data, w, hPx);
    if (!ctx) return;
    const x = scaleLinear().domain([s.t0Ns, s.t1Ns]).range([0, w]);
    const d = {
      ctx,
      widthPx: w,
      heightPx: hPx,
      x,
      t0Ns: s.t0Ns,
      t1Ns: s.t1Ns,
      buf: rt.buffers,
      theme,
      hidden,
      fromNs: s.t0Ns,
    };
    const axes: AxisSpec[] = track.draw(d);
    const changes = rt.buffers.changes.filter((c) => c.tNs >= s.t0Ns && c.tNs <= s.t1Ns);
    drawVLines(
      ctx,
      changes.map((c) => x(c.tNs)),
      hPx,
      theme.change,
      [4, 3],
    );
    overlay?.draw(d, axes);
    const ak = `${s.epoch}|${hPx}|${axes.map((a) => `${a.scale.domain().join(',')}`).join(';')}`;
    if (ak !== axesKey) {
      axesKey = ak;
      renderAxes(axisG, axes, AXIS_W);
    }
    if (sideCanvas && track.side && size.side > 0) {
      const sctx = fitCanvas(sideCanvas, size.side, hPx);
      if (sctx) track.side.draw(sctx, size.side, hPx, d, axes);
    }
    track.readout(rt.buffers, null).forEach((t, i) => {
      const o = outputs[i];
      if (o && o.textContent !== t) o.textContent = t;
    });
  };
  const off = rt.scheduler.add(render);
  return () => {
    off();
    ro.disconnect();
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
    const x = scaleLinear()
      .domain([s.t0Ns / u.div, s.t1Ns / u.div])
      .range([0, w]);
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
