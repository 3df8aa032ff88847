/**
 * One timeline panel as a standalone figure: the track redraws its data into
 * an offscreen canvas (at twice the pixel density) for the current window,
 * and the figure is composed in SVG around it — title, legend with units,
 * the track's y axes and a time axis (d3, as on screen) and a caption. PNG is
 * that SVG rasterised. Built with DOM calls only; no markup from strings.
 */
import { axisBottom, scaleLinear, select } from 'd3';
import { renderAxes } from '../charts/canvas';
import { drawVLines } from '../charts/draw';
import type { ChartTheme } from '../charts/chart-theme';
import type { SeriesBuffers } from '../charts/series-buffer';
import type { Track } from '../charts/tracks/track';
import { timeUnit } from '../format';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PAD = 14;
const AXIS_W = 56;
const SIDE_W = 96;
const TIME_AXIS_H = 34;
const DENSITY = 2;

export interface FigureColors {
  bg: string;
  fg: string;
  muted: string;
}

export interface ChartFigureInput {
  track: Track;
  buf: SeriesBuffers;
  t0Ns: number;
  t1Ns: number;
  theme: ChartTheme;
  colors: FigureColors;
  hidden: ReadonlySet<string>;
  /** One line under the figure, e.g. preset, seed and simulated time. */
  caption: string;
  widthPx?: number;
}

export interface ChartFigure {
  svg: SVGSVGElement;
  widthPx: number;
  heightPx: number;
}

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.append(e);
  return e;
}

function text(parent: Element, x: number, y: number, s: string, attrs: Record<string, string | number> = {}) {
  const t = el('text', { x, y, ...attrs }, parent);
  t.textContent = s;
  return t;
}

function canvasImage(parent: Element, c: HTMLCanvasElement, x: number, y: number, w: number, h: number) {
  el(
    'image',
    { x, y, width: w, height: h, preserveAspectRatio: 'none', href: c.toDataURL('image/png') },
    parent,
  );
}

function offscreen(w: number, h: number): { c: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const c = document.createElement('canvas');
  c.width = Math.max(1, Math.round(w * DENSITY));
  c.height = Math.max(1, Math.round(h * DENSITY));
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  ctx.setTransform(DENSITY, 0, 0, DENSITY, 0, 0);
  return { c, ctx };
}

export function chartFigure(inp: ChartFigureInput): ChartFigure {
  const { track, colors } = inp;
  const W = inp.widthPx ?? 960;
  const sideW = track.side ? SIDE_W : 0;
  const plotW = W - 2 * PAD - AXIS_W - (sideW ? sideW + 8 : 0);
  const plotH = Math.round(track.heightPx * 1.5);

  const svg = el('svg', {
    xmlns: SVG_NS,
    'font-family': 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
    'font-size': 11,
  });
  svg.setAttribute('style', `color: ${colors.fg}`);
  const bg = el('rect', { x: 0, y: 0, width: W, fill: colors.bg }, svg);
  text(svg, PAD, PAD + 12, track.title, { 'font-size': 15, 'font-weight': 600, fill: colors.fg });

  // Legend: swatch and label with unit, wrapped to the width.
  let lx = PAD;
  let ly = PAD + 34;
  for (const l of track.legend) {
    const label = `${l.label}${l.unit ? ` [${l.unit}]` : ''}`;
    const w = 18 + label.length * 6.2 + 14;
    if (lx + w > W - PAD && lx > PAD) {
      lx = PAD;
      ly += 16;
    }
    const off = inp.hidden.has(l.key);
    if (l.line) el('rect', { x: lx, y: ly - 5, width: 12, height: 2, fill: l.color }, svg);
    else el('rect', { x: lx, y: ly - 9, width: 12, height: 10, rx: 2, fill: l.color }, svg);
    text(svg, lx + 17, ly, off ? `${label} (hidden)` : label, { fill: off ? colors.muted : colors.fg });
    lx += w;
  }
  const plotTop = ly + 12;
  const plotX = PAD + AXIS_W;

  const x = scaleLinear().domain([inp.t0Ns, inp.t1Ns]).range([0, plotW]);
  const data = offscreen(plotW, plotH);
  const d = {
    ctx: data.ctx,
    widthPx: plotW,
    heightPx: plotH,
    x,
    t0Ns: inp.t0Ns,
    t1Ns: inp.t1Ns,
    buf: inp.buf,
    theme: inp.theme,
    hidden: inp.hidden,
    fromNs: inp.t0Ns,
  };
  const axes = track.draw(d);
  const changes = inp.buf.changes.filter((c) => c.tNs >= inp.t0Ns && c.tNs <= inp.t1Ns);
  drawVLines(
    data.ctx,
    changes.map((c) => x(c.tNs)),
    plotH,
    inp.theme.change,
    [4, 3],
  );
  el(
    'rect',
    { x: plotX, y: plotTop, width: plotW, height: plotH, fill: 'none', stroke: inp.theme.grid },
    svg,
  );
  canvasImage(svg, data.c, plotX, plotTop, plotW, plotH);

  const yAxes = el('g', { transform: `translate(${PAD},${plotTop})` }, svg);
  renderAxes(yAxes, axes, AXIS_W);

  if (track.side && sideW) {
    const side = offscreen(sideW, plotH);
    track.side.draw(side.ctx, sideW, plotH, d, axes);
    const sx = plotX + plotW + 8;
    canvasImage(svg, side.c, sx, plotTop, sideW, plotH);
    text(svg, sx + sideW / 2, plotTop + plotH + 14, track.side.title, {
      'text-anchor': 'middle',
      fill: colors.muted,
    });
  }

  const u = timeUnit(inp.t1Ns - inp.t0Ns);
  const tx = scaleLinear()
    .domain([inp.t0Ns / u.div, inp.t1Ns / u.div])
    .range([0, plotW]);
  const tAxis = el('g', { transform: `translate(${plotX},${plotTop + plotH})` }, svg);
  select(tAxis).call(
    axisBottom(tx)
      .ticks(Math.max(2, Math.floor(plotW / 90)))
      .tickSizeOuter(0),
  );
  text(svg, plotX + plotW, plotTop + plotH + 30, `time (${u.label})`, {
    'text-anchor': 'end',
    fill: colors.muted,
  });

  const H = plotTop + plotH + TIME_AXIS_H + 18;
  text(svg, PAD, H - PAD + 2, inp.caption, { fill: colors.muted, 'font-size': 10 });
  bg.setAttribute('height', String(H));
  svg.setAttribute('width', String(W));
  svg.setAttribute('height', String(H));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const title = el('title', {});
  title.textContent = `${track.title}: ${track.description}`;
  svg.prepend(title);
  return { svg, widthPx: W, heightPx: H };
}

export function svgText(svg: SVGSVGElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}

/** Rasterises an SVG document (its images are data URLs, so the canvas stays exportable). */
export async function svgToPng(
  svg: string,
  widthPx: number,
  heightPx: number,
  scale = DENSITY,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = Math.round(widthPx * scale);
    c.height = Math.round(heightPx * scale);
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas context');
    ctx.drawImage(img, 0, 0, c.width, c.height);
    return await new Promise<Blob>((resolve, reject) =>
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
