/** Canvas sizing for device pixels, and y-axis rendering in SVG with d3-axis, each axis titled with its unit. */
import { axisLeft, select } from 'd3';
import { formatTick } from '../format';
import type { AxisSpec } from './tracks/track';

/** Sizes a canvas to CSS pixels × devicePixelRatio and returns a context scaled to CSS pixels. */
export function fitCanvas(
  c: HTMLCanvasElement,
  widthPx: number,
  heightPx: number,
): CanvasRenderingContext2D | null {
  const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  const w = Math.max(1, Math.round(widthPx * dpr));
  const h = Math.max(1, Math.round(heightPx * dpr));
  if (c.width !== w) c.width = w;
  if (c.height !== h) c.height = h;
  const ctx = c.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, widthPx, heightPx);
  return ctx;
}

const MANTISSAS = new Set([1, 2, 5]);
/** Ticks an axis asks for at most (d3 and binaryTicks may add one). */
const MAX_TICKS = 6;
const isBytes = (u?: string) => !!u && /^(b|bytes?)$/i.test(u);

/** Ticks at multiples of a power of two, so byte axes read 64K, 128K, 192K rather than 97.7K. */
export function binaryTicks(max: number, count: number): number[] {
  if (!(max > 0)) return [0];
  const step = 2 ** Math.ceil(Math.log2(max / Math.max(1, count)));
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(v);
  return out;
}

const UNIT_NAMES: Record<string, string> = {
  b: 'bytes',
  byte: 'bytes',
  bytes: 'bytes',
  pkts: 'packets',
  fraction: '%',
  ratio: '%',
};

/** The unit as an axis title names it: bytes, bit/s, packets, frames, ms, %. */
export function unitName(unit: string | undefined): string {
  if (!unit) return '';
  return UNIT_NAMES[unit.toLowerCase()] ?? unit;
}

/** Renders one left axis per AxisSpec into `g` (each spec's range places it vertically), titled with its unit along its left edge. */
export function renderAxes(g: SVGGElement, axes: AxisSpec[], widthPx: number): void {
  const sel = select(g)
    .selectAll<SVGGElement, AxisSpec>('g.axis')
    .data(axes)
    .join('g')
    .attr('class', 'axis')
    .attr('transform', `translate(${widthPx - 1},0)`);
  sel.each(function (a) {
    const [r0, r1] = a.scale.range();
    // A tick every 26 px or more, and never more than MAX_TICKS: a tall plot (presentation mode) reads no better with twenty.
    const count = Math.min(MAX_TICKS, Math.max(3, Math.floor(Math.abs(r0 - r1) / 26)));
    const axis = axisLeft(a.scale).tickSizeOuter(0).tickSize(4);
    if (a.tickValues) axis.tickValues(a.tickValues);
    else if (a.log) {
      const vals = a.scale
        .ticks(count)
        .filter((v) => MANTISSAS.has(Math.round(v / 10 ** Math.floor(Math.log10(v)))));
      axis.tickValues(
        vals.length > 6 ? vals.filter((v) => Math.round(v / 10 ** Math.floor(Math.log10(v))) === 1) : vals,
      );
    } else if (isBytes(a.unit)) axis.tickValues(binaryTicks(a.scale.domain()[1], count));
    else axis.ticks(count);
    axis.tickFormat((v) => formatTick(Number(v), a.unit));
    select(this).call(axis);
  });
  // The unit of each axis, rotated along its left edge, centred on its band.
  select(g)
    .selectAll<SVGTextElement, AxisSpec>('text.axis-title')
    .data(axes.filter((a) => a.title !== ''))
    .join('text')
    .attr('class', 'axis-title')
    .attr('fill', 'currentColor')
    .attr('font-size', 10)
    .attr('text-anchor', 'middle')
    .attr('transform', (a) => {
      const [r0, r1] = a.scale.range();
      return `translate(9,${(r0 + r1) / 2}) rotate(-90)`;
    })
    .text((a) => a.title ?? unitName(a.unit));
}
