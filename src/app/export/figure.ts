/**
 * A figure of one or more timeline panels for a post or a paper: each panel
 * as on screen (title, legend with units, y axes with their unit titles,
 * side plot), its data drawn as vector paths by the track itself through an
 * SVG context (lines decimated to four vertices per pixel column, stacks as
 * one polygon per layer, points as rectangles), the knob changes as dashed
 * lines, one time axis under all of them with the changes labelled, and a
 * caption with where the numbers come from. Built with DOM calls only (no
 * markup from strings); PNG is this SVG rasterised (./chart-export.ts).
 */
import { axisBottom, scaleLinear, select } from 'd3';
import { renderAxes } from '../charts/canvas';
import { drawVLines } from '../charts/draw';
import type { ChartTheme } from '../charts/chart-theme';
import type { SeriesBuffers } from '../charts/series-buffer';
import type { DrawCtx, Track } from '../charts/tracks/track';
import { changeLabel } from '../charts/TimeAxis';
import { formatNs, timeUnit } from '../format';
import { asCanvasContext, SvgContext } from './svg-context';

export const SVG_NS = 'http://www.w3.org/2000/svg';
const PAD = 16;
const AXIS_W = 56;
const SIDE_W = 96;
const PLOT_SCALE = 1.25;
const CHAR_PX = 6.2;
export const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

export interface FigureColors {
  bg: string;
  fg: string;
  muted: string;
}

export interface FigureInput {
  tracks: Track[];
  buf: SeriesBuffers;
  t0Ns: number;
  t1Ns: number;
  theme: ChartTheme;
  colors: FigureColors;
  hidden: ReadonlySet<string>;
  title: string;
  /** Provenance, one item each (preset, parameters, seed, range, version); wrapped to the width. */
  caption: string[];
  widthPx?: number;
}

export interface ChartFigure {
  svg: SVGSVGElement;
  widthPx: number;
  heightPx: number;
}

export function svgEl<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.append(e);
  return e;
}

export function svgText(
  parent: Element,
  x: number,
  y: number,
  s: string,
  attrs: Record<string, string | number> = {},
): SVGTextElement {
  const t = svgEl('text', { x, y, ...attrs }, parent);
  t.textContent = s;
  return t;
}

/** Items joined by " · " into lines no wider than `widthPx`. */
export function wrapItems(items: readonly string[], widthPx: number, charPx = CHAR_PX * 0.9): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const it of items) {
    const next = cur ? `${cur} · ${it}` : it;
    if (cur && next.length * charPx > widthPx) {
      lines.push(cur);
      cur = it;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

interface Geometry {
  W: number;
  plotX: number;
  plotW: number;
  sideW: number;
}

/** Title and legend of one panel from `y`; returns the y where its plot starts. */
function panelHead(svg: SVGSVGElement, t: Track, inp: FigureInput, g: Geometry, y: number): number {
  const { colors } = inp;
  svgText(svg, PAD, y + 12, t.title, { 'font-size': 12.5, 'font-weight': 600, fill: colors.fg });
  let lx = PAD + t.title.length * 8.2 + 16;
  let ly = y + 12;
  for (const l of t.legend) {
    const label = `${l.label}${l.unit ? ` [${l.unit}]` : ''}`;
    const w = 17 + label.length * CHAR_PX + 12;
    if (lx + w > g.W - PAD && lx > PAD) {
      lx = PAD + AXIS_W;
      ly += 15;
    }
    const off = inp.hidden.has(l.key);
    if (l.line) svgEl('rect', { x: lx, y: ly - 5, width: 12, height: 2.5, fill: l.color }, svg);
    else svgEl('rect', { x: lx, y: ly - 9, width: 12, height: 10, rx: 2, fill: l.color }, svg);
    svgText(svg, lx + 16, ly, off ? `${label} (hidden)` : label, {
      fill: off ? colors.muted : colors.fg,
      'font-size': 10.5,
    });
    lx += w;
  }
  return ly + 9;
}

/** One panel: head, plot frame, data as paths, y axes, side plot. Returns the y below it. */
function panel(svg: SVGSVGElement, t: Track, inp: FigureInput, g: Geometry, y: number, id: string): number {
  const top = panelHead(svg, t, inp, g, y);
  const h = Math.round(t.heightPx * PLOT_SCALE);
  const x = scaleLinear().domain([inp.t0Ns, inp.t1Ns]).range([0, g.plotW]);
  const frame = svgEl('g', { transform: `translate(${g.plotX},${top})` }, svg);
  svgEl('rect', { x: 0, y: 0, width: g.plotW, height: h, fill: 'none', stroke: inp.theme.grid }, frame);
  const data = svgEl('g', { 'clip-path': `url(#${id}-plot)` }, frame);
  const cp = svgEl('clipPath', { id: `${id}-plot` }, frame);
  svgEl('rect', { x: 0, y: 0, width: g.plotW, height: h }, cp);
  const ctx = new SvgContext(data, id);
  const d: DrawCtx = {
    ctx: asCanvasContext(ctx),
    widthPx: g.plotW,
    heightPx: h,
    x: (v) => x(v),
    t0Ns: inp.t0Ns,
    t1Ns: inp.t1Ns,
    buf: inp.buf,
    theme: inp.theme,
    hidden: inp.hidden,
    fromNs: inp.t0Ns,
    vector: true,
  };
  const axes = t.draw(d);
  const changes = inp.buf.changes.filter((c) => c.tNs >= inp.t0Ns && c.tNs <= inp.t1Ns);
  drawVLines(
    d.ctx,
    changes.map((c) => x(c.tNs)),
    h,
    inp.theme.change,
    [4, 3],
  );
  ctx.finish();
  const yAxes = svgEl('g', { transform: `translate(${PAD},${top})`, class: 'y-axes' }, svg);
  renderAxes(yAxes, axes, AXIS_W);
  if (t.side && g.sideW) {
    const sx = g.plotX + g.plotW + 8;
    const side = svgEl('g', { transform: `translate(${sx},${top})` }, svg);
    const sctx = new SvgContext(side, `${id}-side`);
    t.side.draw(asCanvasContext(sctx), g.sideW, h, d, axes);
    sctx.finish();
    svgText(svg, sx + g.sideW / 2, top - 3, t.side.title, {
      'text-anchor': 'middle',
      fill: inp.colors.muted,
      'font-size': 10,
    });
  }
  return top + h + 8;
}

/** The time axis under the panels, with each knob change labelled inside the plot's width. */
function timeAxis(svg: SVGSVGElement, inp: FigureInput, g: Geometry, y: number): number {
  const u = timeUnit(inp.t1Ns - inp.t0Ns);
  const tx = scaleLinear()
    .domain([inp.t0Ns / u.div, inp.t1Ns / u.div])
    .range([0, g.plotW]);
  const axis = svgEl('g', { transform: `translate(${g.plotX},${y})`, class: 'x-axis' }, svg);
  select(axis).call(
    axisBottom(tx)
      .ticks(Math.max(2, Math.floor(g.plotW / 90)))
      .tickSizeOuter(0),
  );
  svgText(svg, g.plotX + g.plotW, y + 32, `time (${u.label})`, {
    'text-anchor': 'end',
    fill: inp.colors.muted,
  });
  let ly = y + 32;
  for (const c of inp.buf.changes.filter((c) => c.tNs >= inp.t0Ns && c.tNs <= inp.t1Ns)) {
    const px = tx(c.tNs / u.div);
    const label = `${changeLabel(c)} at ${formatNs(c.tNs)}`;
    const w = label.length * CHAR_PX;
    const right = px + w <= g.plotW;
    ly += 14;
    svgText(svg, g.plotX + (right ? px : Math.max(w, px)), ly, label, {
      'text-anchor': right ? 'start' : 'end',
      fill: inp.theme.change,
      'font-size': 10.5,
    });
  }
  return ly + 10;
}

export function buildFigure(inp: FigureInput): ChartFigure {
  const W = inp.widthPx ?? 960;
  const sideW = inp.tracks.some((t) => t.side) ? SIDE_W : 0;
  const g: Geometry = {
    W,
    sideW,
    plotX: PAD + AXIS_W,
    plotW: W - 2 * PAD - AXIS_W - (sideW ? sideW + 8 : 0),
  };
  const svg = svgEl('svg', { xmlns: SVG_NS, 'font-family': FONT, 'font-size': 11 });
  svg.setAttribute('style', `color: ${inp.colors.fg}`);
  const bg = svgEl('rect', { x: 0, y: 0, width: W, fill: inp.colors.bg }, svg);
  svgText(svg, PAD, PAD + 14, inp.title, { 'font-size': 16, 'font-weight': 600, fill: inp.colors.fg });
  let y = PAD + 26;
  inp.tracks.forEach((t, i) => {
    y = panel(svg, t, inp, g, y, `p${i}`);
  });
  y = timeAxis(svg, inp, g, y - 8);
  const lines = wrapItems(inp.caption, W - 2 * PAD);
  lines.forEach((l, i) =>
    svgText(svg, PAD, y + 6 + i * 14, l, { fill: inp.colors.muted, 'font-size': 10, class: 'caption' }),
  );
  const H = Math.ceil(y + 6 + lines.length * 14 + PAD / 2);
  bg.setAttribute('height', String(H));
  svg.setAttribute('width', String(W));
  svg.setAttribute('height', String(H));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const title = svgEl('title', {});
  title.textContent = `${inp.title}: ${inp.tracks.map((t) => t.title).join(', ')}`;
  svg.prepend(title);
  const desc = svgEl('desc', {});
  desc.textContent = inp.caption.join(' · ');
  title.after(desc);
  return { svg, widthPx: W, heightPx: H };
}
