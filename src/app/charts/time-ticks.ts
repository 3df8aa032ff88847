/**
 * The time axis's ticks, drawn like d3's axisTop but keyed by tick value:
 * while the window slides, a tick that stays on screen only moves (one
 * attribute), and its label is written once. d3-axis keys ticks by their
 * position, so every frame of a sliding window would rebuild every tick.
 */
import { select, type ScaleLinear } from 'd3';

const TICK_PX = 6;

export function renderTimeTicks(
  g: SVGGElement,
  x: ScaleLinear<number, number>,
  widthPx: number,
  count: number,
): void {
  const values = x.ticks(count);
  const fmt = x.tickFormat(count);
  // The label of a value depends on the tick step (its precision), so the step is part of the key.
  const step = values.length > 1 ? values[1] - values[0] : 0;
  const root = select(g).attr('fill', 'none').attr('font-size', 10).attr('text-anchor', 'middle');
  const domainPath = `M0,0.5H${widthPx}`;
  root
    .selectAll<SVGPathElement, string>('path.domain')
    .data([domainPath])
    .join('path')
    .attr('class', 'domain')
    .attr('stroke', 'currentColor')
    .filter(function (d) {
      return this.getAttribute('d') !== d;
    })
    .attr('d', (d) => d);
  root
    .selectAll<SVGGElement, number>('g.tick')
    .data(values, (v) => `${step}|${v}`)
    .join((enter) => {
      const t = enter.append('g').attr('class', 'tick');
      t.append('line').attr('stroke', 'currentColor').attr('y2', -TICK_PX);
      t.append('text')
        .attr('fill', 'currentColor')
        .attr('y', -TICK_PX - 3)
        .text((v) => fmt(v));
      return t;
    })
    .attr('transform', (v) => `translate(${Math.round(x(v)) + 0.5},0)`);
}
