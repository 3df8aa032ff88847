/**
 * The shared time axis: SVG ticks, a labelled marker wherever a parameter
 * changed ("key: old → new"), the time under the pointer, and d3-zoom (wheel
 * to zoom, drag to pan; ./time-zoom.ts, as on every chart) on a transparent
 * SVG above them that drives the window of every timeline. Labels that would
 * cross the plot's edges are moved inside or hidden (./strip-labels.ts).
 * Focusable: ← → pan, + − zoom, Home start, End live.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { scaleLinear, select } from 'd3';
import { renderTimeTicks } from './time-ticks';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { formatNs, formatValue, timeUnit } from '../format';
import { attachTimeZoom, timeKey, TIME_KEYS_HELP } from './time-zoom';
import { fitStripLabels } from './strip-labels';
import type { RenderState } from './scheduler';
import type { ParamChange, ParamValue } from '../../worker/protocol';

const HEIGHT = 58;
const AXIS_Y = HEIGHT - 1;
const ROW_H = 13;
const ROWS = 3;
/** Plot widths of ticks drawn ahead (matches `.axis-strip { width: 400% }`): at full speed the window crosses one in a couple of frames. */
const STRIP_WIDTHS = 4;

function valueText(v: ParamValue | null, unit?: string): string {
  if (v === null || v === 'null') return 'default';
  return typeof v === 'number' ? formatValue(v, unit) : String(v);
}

export function changeLabel(c: ParamChange): string {
  const unit = useExplorer.getState().params.find((p) => p.key === c.key)?.unit;
  return `${c.key}: ${valueText(c.from, unit)} → ${valueText(c.to, unit)}`;
}

export function TimeAxis() {
  const { scheduler } = useExplorerContext();
  const plotRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const axisRef = useRef<SVGGElement>(null);
  const marksRef = useRef<SVGGElement>(null);
  const unitRef = useRef<HTMLSpanElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const hoverRef = useRef<HTMLOutputElement>(null);

  useEffect(() => {
    const plot = plotRef.current;
    const svg = svgRef.current;
    if (!plot || !svg) return;
    const size = { w: plot.clientWidth };
    const ro = new ResizeObserver(() => {
      size.w = plot.clientWidth;
      scheduler.invalidate(true);
    });
    ro.observe(plot);

    const detachZoom = attachTimeZoom(svg, {
      view: scheduler.view,
      nowNs: () => scheduler.buffers.nowNs,
      widthPx: () => size.w,
    });

    // The ticks and markers are drawn for STRIP_WIDTHS plot widths from `anchorNs` and slid left by a
    // compositor-only transform as the window follows the clock: a frame that only moved the window
    // neither lays out nor paints the axis. They are drawn again when the window leaves the strip,
    // or when its span, the width, the theme or the changes differ.
    let key = '';
    let anchorNs: number | null = null;
    let hoverText = '';
    const render = (s: RenderState) => {
      const w = size.w;
      const strip = stripRef.current;
      if (w <= 0 || !axisRef.current || !marksRef.current || !strip) return;
      showHover(s, w);
      const changes = scheduler.buffers.changes;
      const spanNs = s.t1Ns - s.t0Ns;
      const nsPerPx = spanNs / w;
      const k = `${spanNs}|${w}|${s.epoch}|${changes.length}|${changes[changes.length - 1]?.tNs}`;
      const offsetPx = anchorNs === null ? 0 : (s.t0Ns - anchorNs) / nsPerPx;
      if (k === key && anchorNs !== null && offsetPx >= 0 && offsetPx + w <= STRIP_WIDTHS * w) {
        slideTo(strip, offsetPx);
        fitStripLabels(strip, offsetPx, w);
        return;
      }
      key = k;
      anchorNs = s.t0Ns;
      slideTo(strip, 0);
      const u = timeUnit(spanNs);
      const unitText = `time (${u.label})`;
      if (unitRef.current && unitRef.current.textContent !== unitText) unitRef.current.textContent = unitText;
      const stripW = STRIP_WIDTHS * w;
      const x = scaleLinear()
        .domain([s.t0Ns / u.div, (s.t0Ns + STRIP_WIDTHS * spanNs) / u.div])
        .range([0, stripW]);
      renderTimeTicks(axisRef.current, x, stripW, STRIP_WIDTHS * Math.max(2, Math.floor(w / 90)));
      // Labels take the first of three rows where they do not overlap the previous one.
      const rowEnd = new Array<number>(ROWS).fill(-Infinity);
      const visible = changes
        .filter((c) => c.tNs >= s.t0Ns && c.tNs <= s.t0Ns + STRIP_WIDTHS * spanNs)
        .map((c) => {
          const px = x(c.tNs / u.div);
          const text = changeLabel(c);
          const width = text.length * 6.2;
          let row = rowEnd.findIndex((e) => e < px - 4);
          if (row >= 0) rowEnd[row] = px + width;
          else row = -1;
          return { c, px, text, row };
        });
      const g = select(marksRef.current)
        .selectAll<SVGGElement, (typeof visible)[number]>('g.change-marker')
        .data(visible, (d) => `${d.c.tNs}|${d.c.key}`)
        .join((enter) => {
          const e = enter.append('g').attr('class', 'change-marker').attr('data-testid', 'change-marker');
          e.append('line');
          e.append('text');
          e.append('title');
          return e;
        });
      g.attr('transform', (d) => `translate(${Math.round(d.px) + 0.5},0)`);
      g.select('line')
        .attr('y1', (d) => (d.row < 0 ? AXIS_Y - 8 : d.row * ROW_H + 2))
        .attr('y2', AXIS_Y);
      g.select('text')
        .attr('x', 3)
        .attr('y', (d) => d.row * ROW_H + 11)
        .attr('display', (d) => (d.row < 0 ? 'none' : null))
        .text((d) => d.text);
      g.select('title').text((d) => d.text);
      fitStripLabels(strip, 0, w);
    };
    // The time under the pointer, on the axis above every chart (the crosshair shows where).
    const showHover = (s: RenderState, w: number) => {
      const out = hoverRef.current;
      if (!out) return;
      const on = s.hoverNs !== null && s.hoverNs >= s.t0Ns && s.hoverNs <= s.t1Ns;
      const text = on ? formatNs(s.hoverNs!) : '';
      if (text !== hoverText) {
        hoverText = text;
        out.textContent = text;
        out.hidden = !on;
      }
      if (!on) return;
      const px = ((s.hoverNs! - s.t0Ns) / (s.t1Ns - s.t0Ns)) * w;
      // Kept inside the plot: the label's box (about 6.5 px a character) never crosses its edges.
      const half = (text.length * 6.5) / 2 + 4;
      out.style.transform = `translateX(${Math.round(Math.min(w - half, Math.max(half, px)))}px)`;
    };
    const off = scheduler.add(render);
    return () => {
      off();
      ro.disconnect();
      detachZoom();
    };
  }, [scheduler]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (timeKey(e.key, scheduler.view, scheduler.buffers.nowNs)) e.preventDefault();
  };

  return (
    <div className="track-body time-axis" style={{ height: HEIGHT }}>
      <div className="axis-unit">
        <span ref={unitRef}>time</span>
      </div>
      <div className="plot" ref={plotRef}>
        <div className="axis-strip" ref={stripRef}>
          <svg height={HEIGHT} aria-hidden="true">
            <g ref={marksRef} className="change-markers" />
            <g ref={axisRef} transform={`translate(0,${AXIS_Y})`} className="x-axis" />
          </svg>
        </div>
        <svg
          ref={svgRef}
          className="axis-input"
          height={HEIGHT}
          tabIndex={0}
          role="group"
          aria-roledescription="time axis"
          aria-label={`Time axis: ${TIME_KEYS_HELP}`}
          onKeyDown={onKeyDown}
        />
        <output ref={hoverRef} className="hover-time" data-testid="hover-time" hidden />
      </div>
      <div className="side" />
    </div>
  );
}

/** Shows the strip from `offsetPx` on (whole device pixels, so tick lines stay sharp). */
function slideTo(strip: HTMLElement, offsetPx: number): void {
  const dpr = Math.max(1, window.devicePixelRatio || 1);
  const px = Math.round(offsetPx * dpr) / dpr;
  const t = px === 0 ? '' : `translateX(${-px}px)`;
  if (strip.style.transform !== t) strip.style.transform = t;
}
