/**
 * Tracks of point clouds: A-MPDU sizes per transmission (coloured by station)
 * with a histogram of the visible window beside them, and ping RTTs per
 * station on a log scale with their CDF beside them. Both side plots share
 * the track's y scale, so a bar or a CDF step lines up with its points.
 */
import type { SeriesSpec } from '../../../worker/protocol';
import { formatValue, num } from '../../format';
import { categoryColor, seriesColor, type ChartTheme } from '../chart-theme';
import type { ColumnRing } from '../column-ring';
import { drawLine, maxOver, type Scale } from '../draw';
import { drawPoints } from '../draw-points';
import {
  firstRow,
  heldMax,
  PAD_BOTTOM,
  PAD_TOP,
  sampleText,
  yLinear,
  yLog,
  type AxisSpec,
  type DrawCtx,
  type LegendItem,
  type Track,
} from './track';

/** Scanned back from the readout's time to find a station's latest point (a few seconds of points). */
const MAX_SCAN = 5000;

/** The row a readout at tNs shows: the nearest point, or the latest when tNs is null. */
const rowAt = (ring: ColumnRing, tNs: number | null): number =>
  tNs === null ? ring.length - 1 : ring.nearest(tNs);

/** The value of the nearest point at or before tNs (latest when null) whose category is `cat`; NaN if none nearby. */
function latestOf(ring: ColumnRing, tNs: number | null, cat: number): number {
  if (!ring.length) return NaN;
  const i0 = rowAt(ring, tNs);
  for (let i = i0, k = 0; i >= 0 && k < MAX_SCAN; i--, k++) if (ring.get(2, i) === cat) return ring.get(1, i);
  return NaN;
}

/**
 * A point track's legend and readouts: one entry per station (named, in the
 * station's colour, switchable on its own) when there are several; one entry
 * for every point otherwise.
 */
class PointKey {
  readonly several: boolean;
  constructor(
    private readonly prefix: string,
    private readonly names: readonly string[],
  ) {
    this.several = names.length > 1;
  }

  legend(label: string, unit: string, theme: ChartTheme): LegendItem[] {
    if (!this.several) return [{ key: this.prefix, label, unit, color: theme.fg }];
    return this.names.map((n, i) => ({
      key: `${this.prefix}.${i}`,
      label: n,
      unit,
      color: categoryColor(i),
    }));
  }

  readout(ring: ColumnRing, tNs: number | null, fmt: (v: number) => string): string[] {
    if (this.several) return this.names.map((_, i) => fmt(latestOf(ring, tNs, i)));
    if (!ring.length) return ['–'];
    return [fmt(ring.get(1, rowAt(ring, tNs)))];
  }

  /** Categories switched off in the legend. */
  hidden(d: DrawCtx): (cat: number) => boolean {
    if (!this.several) {
      const all = d.hidden.has(this.prefix);
      return () => all;
    }
    return (cat) => d.hidden.has(`${this.prefix}.${cat}`);
  }
}

/** Column 1 as y, coloured by the category in column 2 (the station), without the ones switched off. */
function drawCategoryPoints(
  d: DrawCtx,
  ring: ColumnRing,
  i0: number,
  i1: number,
  y: Scale,
  skip: (cat: number) => boolean,
): void {
  drawPoints(
    d.ctx,
    ring,
    1,
    2,
    i0,
    i1,
    d.x,
    y,
    categoryColor,
    d.widthPx,
    d.heightPx,
    firstRow(ring, d, i0),
    skip,
  );
}

/** Height of the band under the points where the panel's sampled series (A-MPDU bytes) are drawn. */
const BYTES_BAND_PX = 64;

/** The panel's sampled series (the sending radio's mean A-MPDU bytes per sample) in the band under the points. */
function drawSeriesBand(
  d: DrawCtx,
  specs: readonly SeriesSpec[],
  colors: string[],
  top: number,
): AxisSpec | null {
  if (!specs.length) return null;
  const ring = d.buf.samples;
  const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
  const cs = specs.map((s) => (d.hidden.has(s.key) ? -1 : ring.col(s.key)));
  const y = yLinear(
    heldMax(
      d,
      'bytes',
      maxOver(
        ring,
        cs.filter((c) => c > 0),
        i0,
        i1,
        false,
      ),
    ),
    top + PAD_TOP,
    d.heightPx - PAD_BOTTOM,
  );
  d.ctx.fillStyle = d.theme.grid;
  d.ctx.fillRect(0, Math.round(top), d.widthPx, 1);
  const from = firstRow(ring, d, i0);
  cs.forEach((c, k) =>
    drawLine(d.ctx, ring, c, i0, i1, d.x, y, d.widthPx, { color: colors[k], width: 1.5 }, from),
  );
  return { scale: y, unit: specs[0].unit, label: specs.length === 1 ? 'bytes' : specs[0].unit };
}

/** `specs`: the panel's sampled series (bytes per A-MPDU), drawn in a band under the points. */
export function aggregatesTrack(
  theme: ChartTheme,
  stations: readonly string[] = [],
  specs: readonly SeriesSpec[] = [],
): Track {
  const key = new PointKey('agg', stations);
  const colors = specs.map((s, i) => seriesColor(s.key, i, theme));
  const lines = specs.map((s, i) => ({
    key: s.key,
    label: s.label,
    unit: s.unit,
    color: colors[i],
    line: true,
  }));
  const band = specs.length ? BYTES_BAND_PX : 0;
  return {
    panel: 'aggregates',
    title: 'A-MPDU aggregates',
    description: `Frames per A-MPDU transmission over time, one point per transmission, coloured by station; histogram of the visible window beside it${specs.length ? '; under them the sending radio’s mean A-MPDU size in bytes' : ''}.`,
    heightPx: 140 + band,
    legend: [...key.legend('frames per A-MPDU', 'frames', theme), ...lines],
    readout: (buf, t) => [
      ...key.readout(buf.agg, t, (n) => num(n)),
      ...lines.map((l) => sampleText(buf, l.key, t, (v) => formatValue(v, l.unit))),
    ],
    draw(d: DrawCtx): AxisSpec[] {
      const ring = d.buf.agg;
      const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
      let max = 0;
      for (let i = i0; i < i1; i++) max = Math.max(max, ring.get(1, i));
      const pointsBottom = d.heightPx - band;
      const y = yLinear(heldMax(d, 'y', Math.max(max, 4)), PAD_TOP, pointsBottom - PAD_BOTTOM);
      drawCategoryPoints(d, ring, i0, i1, y, key.hidden(d));
      const bytes = drawSeriesBand(d, specs, colors, pointsBottom);
      return bytes
        ? [{ scale: y, unit: 'frames', label: 'frames' }, bytes]
        : [{ scale: y, unit: 'frames', label: 'frames' }];
    },
    side: {
      title: 'histogram',
      draw(ctx, w, h, d, axes) {
        const ring = d.buf.agg;
        const y = axes[0]?.scale;
        if (!y) return;
        const lo = ring.lowerBound(d.t0Ns);
        const hi = ring.lowerBound(d.t1Ns + 1);
        const counts = new Map<number, number>();
        const skip = key.hidden(d);
        for (let i = lo; i < hi; i++) {
          if (skip(ring.get(2, i))) continue;
          const n = Math.round(ring.get(1, i));
          counts.set(n, (counts.get(n) ?? 0) + 1);
        }
        let maxC = 0;
        for (const c of counts.values()) maxC = Math.max(maxC, c);
        if (!maxC) return;
        ctx.fillStyle = theme.fg;
        ctx.globalAlpha = 0.7;
        for (const [n, c] of counts) {
          const top = y(n + 0.5);
          const bh = Math.max(1, y(n - 0.5) - top - 0.5);
          ctx.fillRect(0, top, Math.max(1, (c / maxC) * (w - 4)), Math.min(bh, h));
        }
        ctx.globalAlpha = 1;
      },
    },
  };
}

export function latencyTrack(theme: ChartTheme, stations: readonly string[] = []): Track {
  const key = new PointKey('ping', stations);
  return {
    panel: 'latency',
    title: 'Latency',
    description:
      'Ping round-trip times in ms per station (log scale), one point per reply, coloured by station; their CDF over the visible window beside it.',
    heightPx: 140,
    legend: key.legend('ping RTT', 'ms', theme),
    readout: (buf, t) => key.readout(buf.ping, t, (ms) => (Number.isFinite(ms) ? `${num(ms)} ms` : '–')),
    draw(d: DrawCtx): AxisSpec[] {
      const ring = d.buf.ping;
      const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
      let lo = Infinity;
      let hi = 0;
      for (let i = i0; i < i1; i++) {
        const v = ring.get(1, i);
        if (v > 0) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
      const y =
        hi > 0
          ? yLog(
              1 / heldMax(d, 'lo', 1 / (lo * 0.8)),
              heldMax(d, 'hi', hi * 1.25),
              PAD_TOP,
              d.heightPx - PAD_BOTTOM,
            )
          : yLog(1, 100, PAD_TOP, d.heightPx - PAD_BOTTOM);
      drawCategoryPoints(d, ring, i0, i1, y, key.hidden(d));
      return [{ scale: y, unit: 'ms', label: 'ms', log: true }];
    },
    side: {
      title: 'CDF',
      draw(ctx, w, h, d, axes) {
        const ring = d.buf.ping;
        const y = axes[0]?.scale;
        if (!y) return;
        const lo = ring.lowerBound(d.t0Ns);
        const hi = ring.lowerBound(d.t1Ns + 1);
        const byStation = new Map<number, number[]>();
        const skip = key.hidden(d);
        for (let i = lo; i < hi; i++) {
          const sta = ring.get(2, i);
          if (skip(sta)) continue;
          let a = byStation.get(sta);
          if (!a) byStation.set(sta, (a = []));
          a.push(ring.get(1, i));
        }
        ctx.strokeStyle = theme.grid;
        ctx.strokeRect(0.5, 0.5, w - 1, h - 1);
        for (const [sta, vals] of byStation) {
          vals.sort((a, b) => a - b);
          ctx.beginPath();
          ctx.strokeStyle = categoryColor(sta);
          ctx.lineWidth = 1.5;
          vals.forEach((v, k) => {
            const px = ((k + 1) / vals.length) * (w - 2) + 1;
            if (k === 0) ctx.moveTo(1, y(v));
            ctx.lineTo(px, y(v));
          });
          ctx.stroke();
        }
      },
    },
  };
}
