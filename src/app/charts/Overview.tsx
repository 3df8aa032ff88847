/**
 * Context strip under the timelines: everything the buffers hold, a summary
 * line, and a d3 brush that shows and sets the visible window (focus+context).
 */
import { useEffect, useRef } from 'react';
import { brushX, scaleLinear, select, type D3BrushEvent } from 'd3';
import { useExplorerContext } from '../explorer-context';
import { viewStore } from '../state/view-store';
import { fitCanvas } from './canvas';
import { drawLine, maxOver } from './draw';
import { viewFromWindow } from './time-view';
import type { RenderState } from './scheduler';
import type { SeriesSpec } from '../../worker/protocol';

const HEIGHT = 36;
const UPDATE_MS = 250;

/** The series that best summarises a run: total throughput, else the first one. */
function summaryKey(series: readonly SeriesSpec[]): string | undefined {
  return (
    series.find((s) => s.key === 'tput.total') ??
    series.find((s) => s.panel === 'throughput') ??
    series[0]
  )?.key;
}

export function Overview({ series }: { series: readonly SeriesSpec[] }) {
  const { scheduler, chartTheme: theme } = useExplorerContext();
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const brushRef = useRef<SVGGElement>(null);

  useEffect(() => {
    const plot = plotRef.current;
    const g = brushRef.current;
    if (!plot || !g) return;
    const size = { w: plot.clientWidth };
    let domain: [number, number] = [0, 1];
    let userBrushing = false;
    const brush = brushX<unknown>().on('start brush end', (ev: D3BrushEvent<unknown>) => {
      if (!ev.sourceEvent) return; // our own brush.move
      userBrushing = ev.type !== 'end';
      const sel = ev.selection as [number, number] | null;
      if (!sel || sel[1] - sel[0] < 2) return;
      const x = scaleLinear().domain(domain).range([0, size.w]);
      const w = { t0Ns: x.invert(sel[0]), t1Ns: x.invert(sel[1]) };
      viewStore.getState().setView(viewFromWindow(w, scheduler.buffers.nowNs));
    });
    const fit = () => {
      size.w = plot.clientWidth;
      brush.extent([
        [0, 0],
        [Math.max(1, size.w), HEIGHT],
      ]);
      select(g).call(brush);
    };
    fit();
    const ro = new ResizeObserver(() => {
      fit();
      scheduler.invalidate(true);
    });
    ro.observe(plot);
    const key = summaryKey(series);
    let last = '';
    let lastShape = '';
    let drawnAt = -Infinity;
    let later: ReturnType<typeof setTimeout> | null = null;
    const render = (s: RenderState) => {
      const w = size.w;
      const canvas = canvasRef.current;
      const k = `${s.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${w}`;
      if (w <= 0 || !canvas || k === last) return;
      // The strip shows the whole run: while it only grows, a few updates a second show it.
      const shape = `${s.t1Ns - s.t0Ns}|${s.epoch}|${w}|${viewStore.getState().view.follow}`;
      const now = performance.now();
      if (shape === lastShape && now - drawnAt < UPDATE_MS) {
        later ??= setTimeout(
          () => {
            later = null;
            scheduler.invalidate();
          },
          UPDATE_MS - (now - drawnAt),
        );
        return;
      }
      // The strip can wait a frame when this one has spent its drawing time.
      if (!s.budget.take(0)) {
        scheduler.invalidate();
        return;
      }
      last = k;
      lastShape = shape;
      drawnAt = now;
      const buf = scheduler.buffers;
      const start = Number.isFinite(buf.startNs()) ? Math.min(buf.startNs(), s.t0Ns) : s.t0Ns;
      domain = [start, Math.max(s.t1Ns, buf.nowNs, start + 1)];
      const x = scaleLinear().domain(domain).range([0, w]);
      const ctx = fitCanvas(canvas, w, HEIGHT);
      if (ctx && key) {
        const ring = buf.samples;
        const c = ring.col(key);
        const max = c > 0 ? maxOver(ring, [c], 0, ring.length, false) : 0;
        const y = scaleLinear()
          .domain([0, max || 1])
          .range([HEIGHT - 2, 3]);
        drawLine(ctx, ring, c, 0, ring.length, x, y, w, { color: theme.muted, width: 1 });
      }
      if (!userBrushing) select(g).call(brush.move, [Math.max(0, x(s.t0Ns)), Math.min(w, x(s.t1Ns))]);
    };
    const off = scheduler.add(render);
    return () => {
      off();
      if (later) clearTimeout(later);
      ro.disconnect();
      select(g).on('.brush', null);
    };
  }, [scheduler, series, theme]);

  return (
    <div className="track-body overview" style={{ height: HEIGHT }}>
      <div className="axis-unit">
        <span>all</span>
      </div>
      <div className="plot" ref={plotRef}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label="Overview of the buffered run; drag the highlighted window to choose the visible time"
        />
        <svg height={HEIGHT} aria-hidden="true">
          <g ref={brushRef} className="brush" />
        </svg>
      </div>
      <div className="side" />
    </div>
  );
}
